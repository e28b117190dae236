import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkGuards } from './check-guards.ts';
import { comparisonDiffers } from './comparison-asked.ts';
import { instructionDifference, instructionDiffers, sameTerms } from './difference.ts';
import { differenceReading, differenceTerms } from './difference-reading.ts';
import { isTypo, isVariant } from './spelling-variants.ts';
import { DIFF_MAX_CELLS, diffTerms } from './term-diff.ts';
import { stemOf } from './word-stem.ts';

const REPORT =
  'Northwind Outfitters closed the third quarter with revenue of 48.2 million dollars, up 6 percent. ' +
  'The retail division grew fastest, helped by the autumn catalogue and a new store in Leeds, while ' +
  'wholesale orders fell because two distributors delayed their winter purchases. The marketing ' +
  'department spent 3.1 million on the back-to-school campaign, which brought 41,000 new loyalty ' +
  'members. Operations finished moving the northern warehouse two weeks late; shipping costs rose.';

const differs = (a: string, b: string) =>
  instructionDiffers(differenceTerms(a), differenceTerms(b));

describe('the difference check refuses a different instruction', () => {
  it("an instruction added at the tail of a long prompt (the issue's case)", () => {
    assert.equal(
      checkGuards(`Summarize ${REPORT}`, `Summarize ${REPORT} Focus on the marketing department.`),
      'instruction',
    );
  });

  it('an instruction removed, or changed, around a long shared text', () => {
    for (const [a, b] of [
      [
        `Summarize this report in three sentences and leave out the numbers: ${REPORT}`,
        `Summarize this report in three sentences: ${REPORT}`,
      ],
      [
        `Summarize this report: ${REPORT} Write the summary in French.`,
        `Summarize this report: ${REPORT}`,
      ],
      [
        `What are the risks for the customer? ${REPORT}`,
        `What are the risks for the supplier? ${REPORT}`,
      ],
      [
        `${REPORT} How much did the marketing department spend?`,
        `${REPORT} How many new loyalty members joined?`,
      ],
      [`Proofread this: ${REPORT}`, `Proofread this: ${REPORT} Also make it sound more casual.`],
    ])
      assert.equal(differs(a ?? '', b ?? ''), true, b);
  });

  it('one changed or added word around a long shared text', () => {
    for (const [a, b] of [
      [
        `Summarize this report. Focus on the costs. ${REPORT}`,
        `Summarize this report. Focus on the risks. ${REPORT}`,
      ],
      [`${REPORT} Which division grew?`, `${REPORT} Which division shrank?`],
      [`Rewrite this report for investors: ${REPORT}`, `Rewrite this report: ${REPORT}`],
    ])
      assert.equal(differs(a ?? '', b ?? ''), true, b);
    // The same request in other words is still one question.
    assert.equal(
      differs(
        `Please summarize the following report: ${REPORT}`,
        `Summarize this report for me. ${REPORT}`,
      ),
      false,
    );
  });

  it('a target language, format, audience or constraint anywhere in a short prompt', () => {
    for (const [a, b] of [
      [
        'Translate "thank you for your patience" to Spanish',
        'Translate "thank you for your patience" to German',
      ],
      [
        'List the planets of the solar system.',
        'List the planets of the solar system as a JSON array.',
      ],
      ['Write a poem about autumn.', 'Write a haiku about autumn.'],
      [
        'Explain recursion to a beginner programmer.',
        'Explain recursion to an experienced functional programmer.',
      ],
      [
        'Write a short email to my manager saying I will be late.',
        'Write a short email to my team saying I will be late.',
      ],
      ['Give me a recipe for lasagna.', 'Give me a recipe for vegan lasagna.'],
      [
        'How do I sort a list of numbers in Python?',
        'How do I sort a list of numbers in Python in descending order?',
      ],
      ['Describe the water cycle.', 'Describe the water cycle in under 50 words.'],
      ['SQL query to find the second highest salary', 'SQL query to find the third highest salary'],
    ])
      assert.equal(differs(a ?? '', b ?? ''), true, b);
  });

  it('a clause one prompt adds with nothing in its place', () => {
    assert.equal(
      differs(
        'Can I record a Zoom meeting?',
        'Can I record a Zoom meeting if the host left early?',
      ),
      true,
    );
  });
});

describe('the difference check lets rewordings through', () => {
  it('politeness, pointers, request verbs, reordered clauses and spelling variants', () => {
    for (const [a, b] of [
      [`Summarize this report: ${REPORT}`, `Please summarise the following report. ${REPORT}`],
      ['Write a poem about autumn.', 'Compose a poem about autumn, please.'],
      [
        'Why does my printer say it is offline on Windows 11?',
        'windows 11 shows my printer as offline, why?',
      ],
      ['How do I reverse a list in Python?', 'In Python, how can I flip the order of a list?'],
      [
        'SQL query to find the second highest salary',
        'how do i get the 2nd highest salary with sql',
      ],
      [
        'What are the odds of getting a six when rolling a die?',
        'What is the probability of rolling a 6 on a die?',
      ],
      ['How do I write a cover letter?', 'Can you give me tips on writing a cover letter?'],
    ])
      assert.equal(differs(a ?? '', b ?? ''), false, b);
  });
});

describe('"key" is a thing asked about, and a hedge only before what a summary picks out', () => {
  it('refuses a key swapped for a value, a password or a token', () => {
    // Before: "key" was read as a hedge everywhere, so "a key exists" against "a value exists"
    // differed in one added word and was a hit at 0.957.
    for (const [a, b] of [
      [
        'How do I check if a key exists in a Python dict?',
        'How do I check if a value exists in a Python dict?',
      ],
      [
        'Where do I put the API key in the request?',
        'Where do I put the API token in the request?',
      ],
      [
        'How do I rotate an SSH key on the server?',
        'How do I rotate an SSH password on the server?',
      ],
    ])
      assert.equal(differs(a ?? '', b ?? ''), true, b);
  });

  it('lets "the key risks" and "the risks" through as one request', () => {
    assert.equal(
      differs('List the key risks in this plan.', 'List the risks in this plan.'),
      false,
    );
    assert.equal(differs('Give me the key takeaways.', 'Give me the takeaways.'), false);
  });
});

describe('the difference check reads a one-word swap as another question', () => {
  it('refuses a swapped name or action in an otherwise shared sentence', () => {
    for (const [a, b] of [
      ['How do I redirect HTTP to HTTPS in nginx?', 'How do I redirect HTTP to HTTPS in Apache?'],
      [
        'How do I debounce a function in JavaScript?',
        'How do I throttle a function in JavaScript?',
      ],
      [
        'How do I filter rows in a pandas DataFrame based on a column value?',
        'How do I filter rows in a Polars DataFrame based on a column value?',
      ],
      [
        'Write a job description for a frontend developer.',
        'Write a job description for a backend developer.',
      ],
    ])
      assert.equal(differs(a ?? '', b ?? ''), true, b);
  });

  it('accepts a word the stemmer left in another form', () => {
    for (const [a, b] of [
      [
        'list of german public holidays for may 2025',
        'Which public holidays are there in Germany in May 2025?',
      ],
      [
        'German translation of "Please find the invoice attached." please',
        'Translate into German: "Please find the invoice attached."',
      ],
    ])
      assert.equal(differs(a ?? '', b ?? ''), false, b);
  });

  it('a compound is not a spelling of its head: day / tuesday, name / username', () => {
    for (const [x, y] of [
      ['day', 'tuesday'],
      ['nam', 'usernam'],
      ['str', 'substr'],
      ['mutabl', 'immutabl'],
    ])
      assert.equal(isVariant(x ?? '', y ?? ''), false, `${x} / ${y}`);
  });
});

describe('diffTerms', () => {
  it('cancels words that only moved, and counts the shared run', () => {
    assert.deepEqual(diffTerms(['a', 'b', 'c'], ['c', 'a', 'b']), {
      onlyA: [],
      onlyB: [],
      shared: 2,
    });
    assert.deepEqual(diffTerms(['a', 'b'], ['a', 'x', 'b', 'y']), {
      onlyA: [],
      onlyB: ['x', 'y'],
      shared: 2,
    });
  });

  // Decision 094: two long prompts that differ at both ends filled a table of every word pair,
  // seconds of the event loop for one cache lookup.
  it('aligns only the middle, and not at all past DIFF_MAX_CELLS', () => {
    const words = (n: number, tag: string) =>
      Array.from({ length: n }, (_, i) => `${tag}${i % 50}`);
    const side = Math.ceil(Math.sqrt(DIFF_MAX_CELLS)) + 1;
    const a = ['first', ...words(side, 'a'), 'shared', 'end'];
    const b = ['second', ...words(side, 'b'), 'shared', 'end'];
    const capped = diffTerms(a, b);
    assert.equal(capped.capped, true);
    // The words both end with are shared; the middle is not aligned.
    assert.equal(capped.shared, 2);
    assert.equal(capped.onlyA.length, side + 1);
    assert.equal(capped.onlyB.length, side + 1);
    assert.equal(instructionDifference(a, b), 'long_text');
    // The same length with one word changed in the middle is aligned as before.
    const c = [...a];
    c[side] = 'changed';
    const one = diffTerms(a, c);
    assert.equal(one.capped, undefined);
    assert.equal(one.shared, a.length - 1);
    assert.deepEqual([one.onlyA.length, one.onlyB], [1, ['changed']]);
  });

  it('stems British and American spellings and plurals alike', () => {
    assert.equal(stemOf('summarise'), stemOf('summarizing'));
    assert.equal(stemOf('bullets'), stemOf('bullet'));
    assert.equal(stemOf('organisation'), stemOf('organization'));
    // Decision 056: the doubled consonant goes with the ending; a double of the word's own stays.
    assert.equal(stemOf('getting'), 'get');
    assert.equal(stemOf('committed'), 'commit');
    assert.equal(stemOf('installed'), 'install');
    assert.ok(
      agree(
        'Getting a certificate error on every site in Chrome',
        'Chrome gives a certificate error on all sites',
      ),
    );
  });
});

const agree = (a: string, b: string) => sameTerms(differenceTerms(a), differenceTerms(b));

describe('request verbs and product names (decision 022)', () => {
  it('folds request verbs that only frame the request', () => {
    assert.ok(
      agree('Tell me a bedtime story about a dragon.', 'Write a bedtime story about a dragon.'),
    );
    assert.ok(agree('write a debounce function js', 'How do I debounce a function in JavaScript?'));
    assert.ok(agree('Compose a haiku about the sea.', 'A haiku about the sea, please.'));
  });

  it('keeps a request verb that is the changed action', () => {
    assert.ok(
      differs(
        'How do I list the npm packages installed globally?',
        'How do I update the npm packages installed globally?',
      ),
    );
    assert.ok(differs('How do I set my status in Slack?', 'How do I clear my status in Slack?'));
    assert.ok(!agree('How do I set my status in Slack?', 'How do I clear my status in Slack?'));
  });

  it('keeps an action verb: "find" and "create" a user are two questions', () => {
    assert.ok(!agree('How do I find a user in MySQL?', 'How do I create a user in MySQL?'));
  });

  it('joins a compound written as two words', () => {
    assert.ok(agree('git config: set user name', 'How do I set my username in git config?'));
    assert.ok(!agree('rename a branch locally and on the remote', 'rename a local branch'));
  });

  it('reads "VS Code" as the editor, not as "versus"', () => {
    assert.deepEqual(differenceTerms('vscode theme'), differenceTerms('VS Code theme'));
    assert.ok(!differenceTerms('VS Code theme').includes('differenc'));
  });

  it('does not call two different questions the same', () => {
    assert.ok(!agree('How do I sort a dictionary by value?', 'How do I sort a dictionary by key?'));
    assert.ok(!agree('How do I rename a branch?', 'How do I rename a remote branch?'));
  });
});

describe('qualifiers and scope (decision 047)', () => {
  it('a prefix that negates or undoes a word is not a spelling variant of it', () => {
    assert.ok(differs('git show diff of unstaged changes', 'git show diff of staged changes'));
    assert.ok(differs('how to deselect all rows', 'how to select all rows'));
    // A true variant still cancels.
    assert.ok(!differs('list of german public holidays', 'german public holidays list germany'));
  });

  it('two languages are two words even when one starts the other', () => {
    assert.ok(
      differs(
        'convert this python to java: nums = [x * 2 for x in data if x > 0]',
        'convert this python to javascript: nums = [x * 2 for x in data if x > 0]',
      ),
    );
    assert.ok(differs('convert this snippet to C#', 'convert this snippet to C++'));
    assert.ok(agree('c# check if string is null or empty', 'csharp check string null or empty'));
  });

  it('an adverb that qualifies the action, added with nothing in its place', () => {
    assert.ok(
      differs(
        'How do I set an environment variable permanently in Windows?',
        'How do I set an environment variable in Windows?',
      ),
    );
    assert.ok(differs('delete a folder recursively in python', 'delete a folder in python'));
    // A hedge is no qualifier: it is dropped.
    assert.ok(agree('how do I properly delete a folder in python', 'delete a folder in python'));
  });

  it('the whole set against one member of it', () => {
    assert.ok(
      differs('vscode select next occurrence of word', 'vscode select all occurrences of word'),
    );
    assert.ok(differs('clear the whole cache in chrome', 'clear the cache for one site in chrome'));
    // One side naming the whole set alone is a rewording.
    assert.ok(agree('postgres show all databases', 'postgres show databases'));
  });

  it('"just" before a preposition restricts the scope', () => {
    assert.ok(
      differs(
        'PowerShell: running scripts is disabled on this system. How do I allow it just for this session',
        'PowerShell: running scripts is disabled on this system. How do I allow it?',
      ),
    );
  });

  it('"only one", "just one" and "a single" are one scope', () => {
    assert.ok(agree('jest run only one test file', 'How do I run a single test file with Jest?'));
    assert.ok(
      agree(
        'chrome clear cache for just one website',
        'clear the cache for a single site in chrome',
      ),
    );
  });

  it('"Node.js" is node, not JavaScript', () => {
    assert.ok(!differenceTerms('verify stripe webhooks in Node.js').includes('javascript'));
    assert.ok(
      agree('node: check stripe webhook signature', 'check stripe webhook signature in Node.js'),
    );
  });

  it('stemming a word with no synonym once: "reverse" and "flip" meet', () => {
    assert.deepEqual(differenceTerms('reverse a string'), differenceTerms('flip a string'));
  });

  it('reads a dropped, doubled or swapped letter as a typo, a replaced one as another word', () => {
    assert.ok(agree('show hiden files macos', 'show hidden files macos'));
    assert.ok(agree('see histroy of one file in git', 'see history of one file in git'));
    assert.ok(!isTypo('batch', 'patch'));
    assert.ok(!isTypo('mount', 'count'));
    assert.ok(!isTypo('form', 'from'));
    assert.ok(differs('git cherry pick a batch of commits', 'git cherry pick a patch of commits'));
  });

  it('"node js" and "golang" are the runtime and the language', () => {
    assert.ok(agree('load .env in node js', 'load .env in Node.js'));
    assert.ok(agree('golang read a file line by line', 'read a file line by line in go'));
  });

  it('two actions of different kinds, whatever else was reworded', () => {
    assert.ok(differs('How do I find a user in MySQL?', 'How do I create a new user in MySQL?'));
    assert.ok(
      differs(
        'How do I update all Homebrew packages on a Mac?',
        'How do I install Homebrew on a Mac?',
      ),
    );
    // Actions of one kind: set / change / configure a value, see / list / read what is there.
    assert.ok(!differs('slack change my status', 'How do I set my status in Slack?'));
  });

  it('an estimate asks for a quantity, as "how often" and "cost" do (decision 139)', () => {
    // Around the same PRD the pair verifier accepted these at 0.73 and 0.75.
    assert.ok(
      differs(
        'Estimate the engineering effort for this PRD in story points.',
        'Explain this PRD to our mobile engineers.',
      ),
    );
    assert.ok(
      differs(
        'Give me an estimate of the engineering effort for this PRD.',
        'Explain this PRD to our mobile engineers.',
      ),
    );
  });

  it('several members against one, and a "non-" qualifier', () => {
    assert.ok(differs('git delete multiple local branches', 'git delete one local branch'));
    assert.ok(differs('run the container as a non-root user', 'run the container as a root user'));
  });

  it('a range of members against a single one (decision 052)', () => {
    assert.ok(
      differs(
        'git cherry-pick a single commit from another branch',
        'git cherry-pick a range of commits from another branch',
      ),
    );
  });

  it('a symbol the question is about, standing alone or quoted (decision 052)', () => {
    assert.ok(
      differs(
        'on a UK mac keyboard how do I type the @ symbol',
        'on a UK mac keyboard how do I type the # symbol',
      ),
    );
    assert.ok(differs('split a string on ";" in python', 'python split string by ","'));
    assert.ok(!differs('split a string on "," in python', 'python split string by ","'));
  });

  it('a few members beside a member word both sides share: "the last commit" / "the last few"', () => {
    assert.equal(
      differs(
        'How do I undo the last commit in git?',
        'How do I undo the last few commits in git?',
      ),
      true,
    );
    assert.equal(
      differs('How do I undo the last commit?', 'How do I undo the last couple of commits?'),
      true,
    );
    // With no member word, "a few" says nothing the plural did not.
    assert.equal(
      differs(
        'How do I delete local branches in git?',
        'How do I delete a few local branches in git?',
      ),
      false,
    );
  });

  it('an added adverb the synonym table folds into an adjective still qualifies: "safely"', () => {
    assert.equal(
      differs(
        'How to convert a string to int in Java?',
        'How to convert a string to int in Java safely?',
      ),
      true,
    );
    assert.equal(differs('Reply to this email', 'Write a reply to this email'), false);
  });

  it('an adjective that narrows the object: "a private repo", "a large CSV file", "deep merge"', () => {
    for (const [a, b] of [
      ['How do I clone a repo?', 'How do I clone a private repo?'],
      ['How do I read a CSV file in pandas?', 'How do I read a large CSV file in pandas?'],
      [
        'How do I merge two dictionaries in Python?',
        'How do I deep merge two dictionaries in Python?',
      ],
    ])
      assert.equal(differs(a ?? '', b ?? ''), true, b);
    assert.equal(
      differs('How do I clone a private repo?', 'how to clone a private repository'),
      false,
    );
  });

  it('"re-" makes another action: remove / move, reset / set, restart / start, rename / name', () => {
    for (const [a, b] of [
      ['How do I move a file in Linux?', 'How do I remove a file in Linux?'],
      ['How do I set the password?', 'How do I reset the password?'],
      ['How do I start a Docker container?', 'How do I restart a Docker container?'],
      ['How do I name a branch in git?', 'How do I rename a branch in git?'],
    ])
      assert.equal(differs(a ?? '', b ?? ''), true, b);
  });

  it('a word that only starts like another is not its spelling: list / listen, form / format', () => {
    for (const [x, y] of [
      ['list', 'listen'],
      ['form', 'format'],
      ['call', 'callback'],
      ['post', 'postgr'],
    ])
      assert.equal(isVariant(x ?? '', y ?? ''), false, `${x} / ${y}`);
    for (const [a, b] of [
      ['How do I pass a callback in JavaScript?', 'How do I pass a call in JavaScript?'],
      ['How do I format a cell in Excel?', 'How do I form a cell in Excel?'],
    ])
      assert.equal(differs(a ?? '', b ?? ''), true, b);
    // Inflections and the stemmer's leftovers still meet.
    for (const [x, y] of [
      ['ship', 'shipp'],
      ['commit', 'committ'],
      ['recursiv', 'recursively'],
      ['translat', 'translation'],
      ['german', 'germany'],
      ['temp', 'temporary'],
      ['day', 'weekday'],
    ])
      assert.equal(isVariant(x ?? '', y ?? ''), true, `${x} / ${y}`);
  });
});

/** The difference check with the qualifying phrases each prompt carries, as the guard runs it. */
const differsWithPhrases = (a: string, b: string) => {
  const [x, y] = [differenceReading(a), differenceReading(b)];
  return instructionDiffers(x.terms, y.terms, x.qualifiers, y.qualifiers);
};

describe('an added qualifying phrase (decision 056)', () => {
  it('a prepositional phrase of words the other prompt never uses, added alone, is a miss', () => {
    for (const [a, b] of [
      ['How do I list all S3 buckets in every account?', 'How do I list all S3 buckets?'],
      ['count rows in a sqlite table grouped by country', 'count rows in a sqlite table'],
      [
        'What is the boiling point of water at high altitude?',
        'What is the boiling point of water?',
      ],
      [
        'How do I start Ubuntu in recovery mode with networking?',
        'How do I start Ubuntu in recovery mode?',
      ],
      ['iterate over a TreeMap in reverse order', 'iterate over a TreeMap'],
    ])
      assert.equal(differsWithPhrases(a ?? '', b ?? ''), true, a);
  });

  it('a phrase opened by "using", "via" or "under" qualifies as one opened by "with" (decision 139)', () => {
    for (const [a, b] of [
      [
        'Add request logging to this Go handler using zap.',
        'Add request logging to this Go handler.',
      ],
      [
        'Write unit tests for this Python module using pytest.',
        'Write unit tests for this Python module.',
      ],
      ['deploy the container via Helm', 'deploy the container'],
      ['summarize the liability clause under Norwegian law', 'summarize the liability clause'],
    ])
      assert.equal(differsWithPhrases(a ?? '', b ?? ''), true, a);
  });

  it('two phrases that swap what qualifies the question are a miss', () => {
    assert.ok(differsWithPhrases('sort a map by key in Go', 'sort a map by value in Go'));
  });

  it("a phrase that leans on a word both prompts share, or on the asker's own setup, is a rewording", () => {
    for (const [a, b] of [
      ['How do I find goroutine leaks in a Go program?', 'how do i find goroutine leaks in golang'],
      ['How do I sort a list in descending order?', 'How do I sort a list descending?'],
      ['How do I enable strict mode in my project?', 'How do I enable strict mode?'],
    ])
      assert.equal(differsWithPhrases(a ?? '', b ?? ''), false, a);
  });

  it('an item added to a list or an action joined to the asked one is a miss', () => {
    for (const [a, b] of [
      ['how do i save and quit nano', 'how do i quit nano'],
      ['search a folder and its subfolders for a file name', 'search a folder for a file name'],
      [
        'back up contacts, photos and notes on an iPhone',
        'back up contacts and notes on an iPhone',
      ],
    ])
      assert.equal(differsWithPhrases(a ?? '', b ?? ''), true, a);
  });

  it('finding the thing first, or a bound beside a number, adds nothing', () => {
    for (const [a, b] of [
      ['find and kill the process on port 3000', 'kill the process on port 3000'],
      ['install python 3.11 or later on ubuntu', 'install python 3.11+ on ubuntu'],
    ])
      assert.equal(differsWithPhrases(a ?? '', b ?? ''), false, a);
  });

  it('the guard reads the phrases', () => {
    assert.equal(
      checkGuards(
        'How do I list all S3 buckets in every account?',
        'How do I list all S3 buckets?',
      ),
      'instruction',
    );
  });
});

describe('what a question measures, and "view" (decision 056)', () => {
  it('a frequency or a price against the steps is a miss; their synonyms are a rewording', () => {
    assert.ok(
      differs('How often should I replace my toothbrush?', 'How should I replace my toothbrush?'),
    );
    assert.ok(
      differs(
        'How much does it cost to ship a parcel to Canada?',
        'How do I ship a parcel to Canada?',
      ),
    );
    assert.ok(
      agree(
        'How frequently should I replace my toothbrush?',
        'How often should I replace my toothbrush?',
      ),
    );
    assert.ok(
      agree(
        'What is the price of a passport renewal?',
        'How much does it cost to renew a passport?',
      ),
    );
  });

  it('"view" is an action, except in "point of view"', () => {
    assert.ok(differs('let guests view the spreadsheet', 'let guests edit the spreadsheet'));
    assert.ok(
      agree('view logs for a docker container', 'How do I see the logs of a docker container?'),
    );
    assert.ok(!differenceTerms("from the reader's point of view").includes('check'));
  });
});

describe('a duration asked in a unit of time (decision 059)', () => {
  it('"how long" and "how many minutes" are one question', () => {
    assert.equal(
      differs(
        'How many minutes do I boil an egg to get a soft yolk?',
        'How long should I boil an egg for a soft yolk?',
      ),
      false,
    );
    assert.equal(
      differs(
        'How many weeks do I need to train for a marathon?',
        'How long should I train before running a marathon?',
      ),
      false,
    );
  });

  it('two units, a length, or a duration against the steps stay two questions', () => {
    assert.equal(
      differs(
        'How many minutes should I boil an egg for a soft yolk?',
        'How many hours should I boil an egg for a soft yolk?',
      ),
      true,
    );
    assert.equal(
      differs('How long is the Golden Gate Bridge?', 'How many meters is the Golden Gate Bridge?'),
      true,
    );
    assert.equal(differs('How long should I boil an egg?', 'How do I boil an egg?'), true);
  });
});

describe('once against each, and a request verb inside a name (decision 066)', () => {
  it('"once" against a word for each member is a miss', () => {
    assert.equal(
      differs(
        'junit 5 setup method once before all tests',
        'junit 5 setup method before each test',
      ),
      true,
    );
    assert.equal(
      differs(
        'run the migration script once for every tenant',
        'run the migration script for each tenant',
      ),
      true,
    );
  });

  it('"at once", a rate, a clause, or "once" with no member word on the other side are rewordings', () => {
    assert.equal(differs('upgrade all pip packages at once', 'upgrade every pip package'), false);
    assert.equal(differs('pods restart about once a minute', 'pods restart every minute'), false);
    assert.equal(
      differs('once it is installed, how do I start nginx on boot', 'how do I start nginx on boot'),
      false,
    );
    assert.equal(
      differs(
        'make a pytest fixture run once for the whole session',
        'pytest fixture that runs once for the whole test session',
      ),
      false,
    );
  });

  it("a request verb between a name and an action is the tool's own word", () => {
    assert.equal(differs('docker compose build without cache', 'docker build without cache'), true);
    assert.equal(
      differs('docker-compose build without cache', 'docker compose build with no cache'),
      differs('docker compose build without cache', 'docker compose build with no cache'),
    );
    assert.equal(
      differs('docker-compose build without cache', 'docker compose build without the cache'),
      false,
    );
  });

  it('a request verb that frames the request still folds', () => {
    for (const text of ['excel help create a pivot table', 'ubuntu need install nodejs'])
      assert.ok(!differenceTerms(text).some((term) => term.startsWith('name:')), text);
    assert.equal(differs('compose a poem about autumn', 'write a poem about autumn'), false);
    assert.equal(
      differs(
        'golang compiler says imported and not used "fmt"',
        'golang compiler: imported and not used "fmt"',
      ),
      false,
    );
    assert.equal(
      differs('linux: show disk usage per folder', 'linux disk usage per folder'),
      false,
    );
  });
});

describe('an age is a child audience (decision 066)', () => {
  it('a kid of an age, an age in years and "like I\'m five" are one audience', () => {
    assert.equal(
      checkGuards(
        'how would you explain recursion to a kid of ten',
        'Explain recursion to a 10 year old',
      ),
      null,
    );
    assert.equal(
      checkGuards('explain blockchain to a 5 year old', "Explain blockchain like I'm five."),
      null,
    );
  });

  it('another age, or another audience, is a miss', () => {
    assert.notEqual(
      checkGuards('Explain recursion to a 5 year old', 'Explain recursion to a 15 year old'),
      null,
    );
    assert.notEqual(
      checkGuards('Explain recursion to a 10 year old', 'Explain recursion to a lawyer'),
      null,
    );
    assert.notEqual(checkGuards('Explain recursion to a 10 year old', 'Explain recursion'), null);
  });
});

describe('short near-misses (decision 142)', () => {
  it('an action put before the one the other prompt asks for is another request', () => {
    // The other prompt's action is now what the new one acts on ("stashed changes").
    assert.equal(
      checkGuards(
        'hey, how can I list my stashed changes including untracked files?',
        'hey, how can I stash my changes including untracked files?',
      ),
      'instruction',
    );
    assert.equal(
      checkGuards('edit a scheduled message in slack', 'schedule a message in slack'),
      'instruction',
    );
    // A verb joined to the next one, one in a clause before the request, or one before a thing
    // (not a done thing) frames it.
    assert.equal(
      checkGuards(
        'Can you find any bugs in the following code? def load_users(path): return path',
        'Is there a bug in this code? def load_users(path): return path',
      ),
      null,
    );
    assert.equal(
      checkGuards('find and kill the process on port 3000', 'kill the process on port 3000'),
      null,
    );
    assert.equal(
      checkGuards(
        'once it is installed, how do I start nginx on boot',
        'how do I start nginx on boot',
      ),
      null,
    );
  });

  it('"part of" the thing against the whole of it is another scope', () => {
    assert.equal(
      checkGuards(
        'How do I take a screenshot of the whole screen on Windows 11?',
        'How do I take a screenshot of just part of the screen on Windows 11?',
      ),
      'instruction',
    );
    assert.equal(
      checkGuards(
        'windows 11 snip a portion of the screen',
        'How do I take a screenshot of just part of the screen on Windows 11?',
      ),
      null,
    );
  });

  it('a "not" moved to another word the prompts share is another question', () => {
    assert.notEqual(
      checkGuards(
        'docker-compose up rebuilds the image every time even though the Dockerfile did not change',
        'docker-compose up does not rebuild the image after changing the Dockerfile',
      ),
      null,
    );
    // A question opening with "didn't" negates the verb after its subject.
    assert.equal(checkGuards('Why did my bread not rise?', "Why didn't my bread rise?"), null);
    assert.equal(
      checkGuards(
        "Why isn't my `tsconfig.json` picking up the paths option?",
        'Why is my `tsconfig.json` not picking up the paths option?',
      ),
      null,
    );
  });
});

describe('a constraint or format word inside a rewording, below the threshold (decision 145)', () => {
  // What the pair verifier's second look may waive: `secondLook` on.
  const rule = (a: string, b: string, waive = true) =>
    instructionDifference(
      differenceTerms(a),
      differenceTerms(b),
      [],
      [],
      [],
      [],
      [null, null],
      waive,
    );

  it('waives it when both sides reword other words too', () => {
    assert.equal(
      rule(
        'show dotfiles in the mac finder',
        'make hidden files visible in Finder on macOS',
        false,
      ),
      'loaded',
    );
    assert.equal(
      rule('show dotfiles in the mac finder', 'make hidden files visible in Finder on macOS'),
      null,
    );
    assert.equal(
      rule('example of a curl call with a bearer token', 'how do I pass a bearer token with curl'),
      null,
    );
  });

  it('still refuses when one side names an action and the other names none', () => {
    assert.equal(
      rule('the most recent commit message in git', 'revert the last git commit and keep my work'),
      'loaded',
    );
  });

  it('leaves a small swap to the verifier too', () => {
    assert.equal(
      rule(
        'where is the hosts file located on a mac',
        'where is the hosts file stored on a mac',
        false,
      ),
      'small_swap',
    );
    assert.equal(
      rule('where is the hosts file located on a mac', 'where is the hosts file stored on a mac'),
      null,
    );
  });

  it('still refuses a measure or a comparison on one side, however the rest is worded', () => {
    assert.equal(
      rule('how long does it take to drive to the coast', 'how far is the coast from the city'),
      'loaded',
    );
    assert.equal(
      comparisonDiffers(
        'can I convert a json file to yaml',
        'what is the difference between a json file and yaml',
      ),
      true,
    );
    assert.equal(
      comparisonDiffers('json vs yaml for config files', 'compare json and yaml'),
      false,
    );
    assert.equal(comparisonDiffers('sum a different column', 'sum another column'), false);
    assert.equal(comparisonDiffers('format on save in vs code', 'vscode format on save'), false);
    assert.equal(
      comparisonDiffers('should I use json or yaml for config', 'json vs yaml for config'),
      false,
    );
  });

  it('still refuses a word that is the whole change on its side, a language, a number or a scope', () => {
    assert.equal(rule('list files in a folder', 'list only hidden files in a folder'), 'loaded');
    assert.equal(rule('explain closures to a beginner', 'explain closures to an expert'), 'loaded');
    assert.equal(rule('parse a csv file in python', 'read a csv file with javascript'), 'loaded');
    assert.equal(
      rule('undo my last 2 commits in git', 'revert the latest commit in git'),
      'loaded',
    );
  });
});

describe('a reading works out its parts when they are read (decision 144)', () => {
  const prompts = [
    'list my stashed changes in every branch',
    'How do I get the rows out of a sqlite table grouped by country?',
    'edit a scheduled message for the next meeting',
    'Compare bandwidth and Samarium for a rabbit shelter in Kulasbury: reboot the HDD card',
    'make a new branch from the last commit',
    '',
  ];
  const parts = (r: ReturnType<typeof differenceReading>) => ({
    terms: r.terms,
    head: r.head,
    generalVerbs: r.generalVerbs,
    qualifiers: r.qualifiers,
  });

  it('gives the same head, general verbs and qualifying phrases whichever part is read first', () => {
    for (const prompt of prompts) {
      const termsFirst = differenceReading(prompt);
      void termsFirst.terms;
      const qualifiersFirst = differenceReading(prompt);
      void qualifiersFirst.qualifiers;
      const headFirst = differenceReading(prompt);
      void headFirst.head;
      void headFirst.head;
      const expected = parts(differenceReading(prompt));
      assert.deepEqual(parts(termsFirst), expected, prompt);
      assert.deepEqual(parts(qualifiersFirst), expected, prompt);
      assert.deepEqual(parts(headFirst), expected, prompt);
    }
    assert.equal(differenceReading('list my stashed changes').head, 'list');
    assert.deepEqual(differenceReading('').qualifiers, []);
  });

  it('the instruction guard still refuses a qualifying phrase added alone', () => {
    assert.equal(
      checkGuards(
        'How do I list all S3 buckets in every account?',
        'How do I list all S3 buckets?',
      ),
      'instruction',
    );
  });
});

describe('a verb and the noun it folds into (decision 149)', () => {
  const rule = (a: string, b: string) =>
    instructionDifference(
      differenceTerms(a),
      differenceTerms(b),
      [],
      [],
      [],
      [],
      [null, null],
      true,
    );

  it('a verb folded into "change" no longer cancels the noun "changes"', () => {
    // Two actions on the post, not a rewording: "edit" against "revert".
    assert.equal(
      rule(
        'edit the title of my latest blog post',
        'revert my latest blog post but keep the changes',
      ),
      'action',
    );
  });

  it('a plural after a participle is a noun too', () => {
    // Looking at the staged changes is not editing the staged files.
    assert.equal(rule('view my staged changes in git', 'edit my staged files in git'), 'action');
  });

  it('verbs still fold, and nouns still fold', () => {
    assert.equal(differs('edit the config file', 'change the config file'), false);
    assert.equal(differs('keep the edits in my branch', 'keep the changes in my branch'), false);
    // A word the synonym table's phrases put after "the" was not written as a noun.
    assert.equal(
      differs('what is the formula for compound interest', 'how do I calculate compound interest'),
      false,
    );
  });
});

describe('"only" before a count (decision 154)', () => {
  it('says nothing the count does not', () => {
    assert.equal(
      differs('run the migration only once on deploy', 'run the migration once on deploy'),
      false,
    );
    assert.equal(
      differs('keep only 3 backups of the database', 'keep 3 backups of the database'),
      false,
    );
  });

  it('still narrows anything else', () => {
    assert.equal(differs('list only hidden files', 'list hidden files'), true);
    assert.equal(differs('run only the unit tests', 'run the unit tests'), true);
  });
});

describe('agreement reads general verbs as the difference check does (decision 154)', () => {
  const agree = (a: string, b: string) => {
    const [x, y] = [differenceReading(a), differenceReading(b)];
    return sameTerms(x.terms, y.terms, x.generalVerbs, y.generalVerbs);
  };

  it('a general verb against an action of its group is the same question', () => {
    assert.equal(agree('bash make an empty file', 'how do I create an empty file in bash'), true);
    assert.equal(agree('get the size of a folder in linux', 'check folder size linux'), true);
  });

  it('against an action of another group it is not', () => {
    assert.equal(agree('bash make an empty file', 'how do I delete an empty file in bash'), false);
    assert.equal(agree('get the size of a folder in linux', 'change folder size linux'), false);
  });
});

describe('a unit of time after a number (decision 154)', () => {
  it('is the same unit however it is written', () => {
    assert.equal(
      differs('node fetch with a 30s timeout', 'node fetch with a 30 second timeout'),
      false,
    );
    assert.equal(differs('cron job every 5 min', 'cron job every 5 minutes'), false);
    assert.equal(differs('sleep 2 hrs in bash', 'sleep 2 hours in bash'), false);
    assert.equal(differs('remind me at 9:00 tomorrow', 'remind me at 9am tomorrow'), false);
  });

  it('another unit, or "second" as a rank, still differs', () => {
    assert.equal(differs('cron job every 5 min', 'cron job every 5 hours'), true);
    assert.equal(differs('node fetch with a 30s timeout', 'node fetch with a 30 ms timeout'), true);
    assert.equal(
      differs('the second highest salary in sql', 'the third highest salary in sql'),
      true,
    );
    assert.equal(
      differs('the second highest salary in sql', 'the 2nd highest salary in sql'),
      false,
    );
  });
});

describe('small reading fixes (decision 154, follow-up)', () => {
  it('stems every form of an "-eed" verb alike', () => {
    const stems = ['exceed', 'exceeds', 'exceeded', 'exceeding'].map(stemOf);
    assert.deepEqual(new Set(stems).size, 1);
    assert.equal(stemOf('proceeds'), stemOf('proceeded'));
    assert.equal(stemOf('needs'), stemOf('needed'));
    assert.equal(
      differs('what to do when a request exceeds the rate limit', 'request exceeded rate limit'),
      false,
    );
  });

  it('reads the plural of a short word or acronym as the word', () => {
    assert.equal(stemOf('ips'), stemOf('ip'));
    assert.equal(stemOf('ids'), stemOf('id'));
    assert.equal(stemOf('vms'), stemOf('vm'));
    assert.equal(stemOf('apis'), stemOf('api'));
    assert.equal(stemOf('uris'), stemOf('uri'));
    assert.equal(stemOf('redis'), 'redis');
    assert.equal(differs('block a list of ips in nginx', 'nginx block a list of ip'), false);
    assert.equal(
      differs('get all user IDs from the table', 'get every user ID from the table'),
      false,
    );
    // Three letters ending in "s" that are no plural.
    assert.notEqual(stemOf('ios'), stemOf('io'));
    assert.notEqual(stemOf('gas'), stemOf('ga'));
  });

  it('reads digits glued to letters that are no unit as one word, as the number guard does', () => {
    assert.equal(
      differs('enable 2FA on my github account', 'set up two factor auth on github'),
      false,
    );
    assert.deepEqual(differenceReading('enable 2FA on github').terms.includes('2'), false);
    assert.equal(differs('enable 2FA on github', 'enable 3FA on github'), true);
    // A unit stays a number and its unit.
    assert.equal(
      differs('node fetch with a 30s timeout', 'node fetch with a 30 second timeout'),
      false,
    );
    assert.equal(differs('a 5G phone', 'a 4G phone'), true);
  });
});

describe('a typo is forgiven only where one spelling is no word (decision 161)', () => {
  it('two known words a dropped, doubled or swapped letter apart are two words', () => {
    assert.ok(!isTypo('desert', 'dessert'));
    assert.ok(!isTypo('trail', 'trial'));
    assert.ok(!isTypo('later', 'latter'));
    assert.ok(!isTypo('casual', 'causal'));
    assert.equal(
      checkGuards('easy dessert recipes for a party', 'easy desert recipes for a party'),
      'instruction',
    );
    assert.equal(
      checkGuards('how to plan a long trail run', 'how to plan a long trial run'),
      'instruction',
    );
    assert.equal(
      checkGuards(
        'explain casual inference with an example',
        'explain causal inference with an example',
      ),
      'instruction',
    );
  });

  it('a misspelling of a word still reads as the word', () => {
    assert.ok(isTypo('hiden', 'hidden'));
    assert.ok(isTypo('specfic', 'specific'));
    assert.ok(isTypo('histroy', 'history'));
    assert.equal(
      checkGuards('show hiden files in macos finder', 'show hidden files in macos finder'),
      null,
    );
    assert.equal(
      checkGuards('delete a specfic commit in git', 'delete a specific commit in git'),
      null,
    );
  });
});

describe('a bound or a language word used as a plain word (decision 172)', () => {
  const rule = (a: string, b: string, secondLook = false) => {
    const x = differenceReading(a);
    const y = differenceReading(b);
    return instructionDifference(
      x.terms,
      y.terms,
      x.qualifiers,
      y.qualifiers,
      x.generalVerbs,
      y.generalVerbs,
      [x.head, y.head],
      secondLook,
    );
  };

  it('"over" with no quantity after it is a preposition, not a bound', () => {
    assert.equal(
      rule(
        'copy a folder to a remote server over ssh',
        'copy a folder to a remote server with ssh',
      ),
      null,
    );
  });

  it('"over" or "under" that bounds a quantity still refuses', () => {
    assert.equal(rule('list files over 100 MB', 'list files under 100 MB'), 'loaded');
    assert.equal(
      rule('tickets for people aged 18 and over', 'tickets for people aged 18'),
      'loaded',
    );
    assert.equal(
      rule('find queries running over a minute', 'find queries running for a minute'),
      'loaded',
    );
  });

  it('"go" as a verb is no language', () => {
    assert.equal(
      rule('how do I go back to the previous release', 'how do I return to the previous release'),
      null,
    );
    assert.equal(
      rule(
        'gmail: make newsletters go into their own folder',
        'gmail: put newsletters into their own folder',
        true,
      ),
      null,
    );
  });

  it('Go the language, written bare, still refuses', () => {
    assert.equal(rule('read a csv file in go', 'read a csv file in rust'), 'loaded');
    assert.notEqual(rule('read a csv file in go', 'read a csv file'), null);
    assert.equal(rule('golang read file line by line', 'read file line by line in rust'), 'loaded');
  });

  it('below the threshold, a name with digits glued in on one side only is waived in a rewording', () => {
    assert.equal(
      rule(
        'decode base64 data from a k8s secret with kubectl',
        'kubectl get secret value decoded',
        true,
      ),
      null,
    );
    assert.equal(
      rule(
        'move 2FA codes from my old phone to a new phone',
        'got a new phone, how do I move my authenticator codes',
        true,
      ),
      null,
    );
  });

  it('such a name against another one, or against a number, still refuses', () => {
    const second = true;
    assert.equal(
      rule(
        'block ipv4 traffic from a host with iptables',
        'block ipv6 traffic from one host using iptables',
        second,
      ),
      'loaded',
    );
    assert.equal(
      rule('list ec2 instances with the aws cli', 'list s3 buckets using the aws cli', second),
      'loaded',
    );
    assert.equal(
      rule(
        'move 2FA codes from my old phone to a new phone',
        'move 3 codes from my old phone to a new phone',
        second,
      ),
      'loaded',
    );
    assert.equal(
      rule('decode base64 data from a k8s secret', 'decode the secret value at version 3', second),
      'loaded',
    );
  });
});

describe('the whole set against one member of it (decision 178)', () => {
  it('"all" or "every" against "a" before the same noun refuses', () => {
    for (const [a, b] of [
      ['photoshop save all layers as png', 'photoshop save a layer as png'],
      ['delete every merged branch in git', 'delete a merged branch in git'],
      ['close all browser tabs from the terminal', 'close a browser tab from the terminal'],
      ['kubectl describe all of the pods', 'kubectl describe a pod'],
    ] as const) {
      assert.equal(checkGuards(a, b), 'instruction', `${a} / ${b}`);
      assert.equal(checkGuards(b, a), 'instruction', `${b} / ${a}`);
    }
  });

  it('a whole set beside one member of another noun, or a plural after "a", is no conflict', () => {
    assert.equal(checkGuards('delete all files in a folder', 'delete the files in a folder'), null);
    assert.equal(checkGuards('postgres show all databases', 'postgres show databases'), null);
    assert.equal(checkGuards('list all keys of a dict', 'list the keys of a dict'), null);
    assert.equal(checkGuards('export all frames as svg', 'export frames as svg'), null);
  });
});

describe('counted nouns (decision 178)', () => {
  it('"a whole" is all of one member, and a count needs a noun that agrees with it', () => {
    assert.equal(
      checkGuards('back up a whole mysql database to a file', 'back up a mysql database to a file'),
      null,
    );
    assert.equal(
      checkGuards('make all fields required in a form', 'make every field of a form required'),
      null,
    );
  });
});

describe('words a rewording tells its story in (decision 178)', () => {
  it('"still", "though" and "even though" are not what is asked', () => {
    assert.equal(
      checkGuards(
        'brew install wget worked but the shell still says wget command not found',
        'wget command not found even though brew install wget worked',
      ),
      null,
    );
    assert.equal(
      checkGuards(
        'my cron job still does not run at midnight',
        'my cron job does not run at midnight though',
      ),
      null,
    );
    // "already" says a state: running now, not started later.
    assert.equal(
      checkGuards(
        'attach a volume to a container that is already running',
        'attach a volume to a container when I run it',
      ),
      'instruction',
    );
    // "even" before anything else is a word of its own.
    assert.ok(differenceTerms('filter even numbers in pandas').includes('even'));
  });

  it('"v18" is "version 18" to every guard, outside a path or a tag', () => {
    assert.equal(
      checkGuards('pyenv set python to v3.12', 'pyenv set python version to 3.12'),
      null,
    );
    assert.equal(checkGuards('pyenv set python to v3.12', 'pyenv set python to v3.11'), 'number');
    assert.ok(differenceTerms('call the /v2/users endpoint').includes('v2'));
  });
});

describe('a language its own tool already names (decision 178)', () => {
  it('is no change when both sides name the tool', () => {
    assert.equal(
      checkGuards('list outdated python packages with pip', 'list outdated pip packages'),
      null,
    );
    assert.equal(
      checkGuards(
        'clear the npm cache for my javascript project',
        'clear the npm cache for my project',
      ),
      null,
    );
  });

  it('still refuses the language against its tool, or against another language', () => {
    assert.equal(
      checkGuards('how do I upgrade python on ubuntu', 'how do I upgrade pip on ubuntu'),
      'instruction',
    );
    assert.equal(
      checkGuards('list outdated python packages with pip', 'list outdated ruby packages with pip'),
      'instruction',
    );
  });
});
