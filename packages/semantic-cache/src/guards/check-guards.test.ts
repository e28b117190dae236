import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkGuards, GUARD_ORDER, guardFeatures, refusesAny } from './check-guards.ts';
import { findNumbers } from './number-mentions.ts';

function refusals(cases: [string, string][]) {
  return cases.map(([a, b]) => checkGuards(a, b));
}

describe('checkGuards refuses prompts that ask something else', () => {
  it('negations in German, French, Spanish, Portuguese, Italian and Dutch', () => {
    assert.deepEqual(
      refusals([
        [
          'Ich habe viel Geld und möchte es sicher in Aktien investieren.',
          'Ich habe nicht viel Geld und möchte es sicher in Aktien investieren.',
        ],
        ['Gibt es ein Rezept mit Zucker?', 'Gibt es ein Rezept ohne Zucker?'],
        ['Je peux prendre ce médicament ?', 'Je ne peux jamais prendre ce médicament ?'],
        ['¿Puedo tomar este medicamento?', '¿Nunca puedo tomar este medicamento?'],
        ['Posso usar o cartão no exterior?', 'Não posso usar o cartão no exterior?'],
        ['Posso usare la carta all’estero?', 'Non posso usare la carta all’estero?'],
        [
          'Kan ik de kaart in het buitenland gebruiken?',
          'Kan ik de kaart niet in het buitenland gebruiken?',
        ],
      ]),
      Array(7).fill('negation'),
    );
  });

  it('negations in Chinese, Japanese, Korean, Russian, Arabic and Hindi', () => {
    assert.deepEqual(
      refusals([
        ['如何使用这个功能？', '如何不使用这个功能？'],
        ['我有足够的钱吗？', '我没有足够的钱吗？'],
        ['請用這個方法', '請別用這個方法'],
        ['このアプリを使いますか？', 'このアプリを使いませんか？'],
        ['写真を保存できる方法は？', '写真を保存できない方法は？'],
        ['確認して送信する方法', '確認せずに送信する方法'],
        ['이 앱을 사용해요?', '이 앱을 안 사용해요?'],
        ['이 앱을 사용할 수 있나요?', '이 앱을 사용할 수 없나요?'],
        ['이 앱을 사용해요?', '이 앱을 사용하지 않아요?'],
        ['Я могу взять этот кредит?', 'Я не могу взять этот кредит?'],
        ['هل يمكنني استخدام البطاقة؟', 'هل لا يمكنني استخدام البطاقة؟'],
        ['क्या मैं यह दवा ले सकता हूँ?', 'क्या मैं यह दवा नहीं ले सकता हूँ?'],
      ]),
      Array(12).fill('negation'),
    );
  });

  it('no negation read into "不同", "对不起", "特别", "まず" or "안녕"', () => {
    for (const [a, b] of [
      ['这两个有什么不同？', '这两个有什么区别？'],
      ['对不起，如何导出报表？', '如何导出报表？'],
      ['特别是如何导出报表？', '如何导出报表？'],
      ['まず、写真を保存するには？', '写真を保存するには？'],
      ['안녕하세요, 이 앱을 사용해요?', '이 앱을 사용해요?'],
    ]) {
      assert.notEqual(checkGuards(a as string, b as string), 'negation', `${a} / ${b}`);
    }
  });

  it('negations and opposite actions', () => {
    assert.deepEqual(
      refusals([
        ['How do I turn on Bluetooth?', 'How do I turn off Bluetooth?'],
        ['How do I turn the light on?', 'How do I switch the light off?'],
        ['Can I return an item without the receipt?', 'Can I return an item with the receipt?'],
        ['Why does my build work?', "Why doesn't my build work?"],
        ['How do I enable auto-save in VS Code?', 'How do I disable auto-save in VS Code?'],
        ['How do I upload a file to S3?', 'How do I download a file from S3?'],
        [
          'How do I stop Windows from installing updates?',
          'How do I make Windows install updates?',
        ],
        ['How do I convert Celsius to Fahrenheit?', 'How do I convert Fahrenheit to Celsius?'],
        ['Is Python faster than Java?', 'Is Java faster than Python?'],
        // Decision 052: a pasted value between the words no longer hides the direction, and
        // "from" points the other way from "to".
        [
          'convert a datetime object into a string like "2024-03-15 14:30" in python',
          'convert a string like "2024-03-15 14:30" into a datetime object in python',
        ],
        [
          'How to copy a whole directory from a remote server to my machine with scp?',
          'How to copy a whole directory to a remote server with scp?',
        ],
      ]),
      Array(11).fill('negation'),
    );
  });

  it('a thing one already has against a new one (decision 056)', () => {
    assert.deepEqual(
      refusals([
        [
          'How do I add an existing user to a Slack channel?',
          'How do I add a new user to a Slack channel?',
        ],
        [
          'My old laptop died, how do I get my Steam games back?',
          'I bought a new laptop, how do I move my Steam games?',
        ],
      ]),
      ['negation', 'negation'],
    );
    // Naming both, either way round, is the same move; a side naming both marks neither.
    assert.equal(
      checkGuards(
        'move Steam games between an old laptop and a new one',
        'How do I move my Steam games from the old laptop to the new one?',
      ),
      null,
    );
    assert.notEqual(
      checkGuards(
        'got a new phone and still have the old phone, how do I move authenticator codes',
        'how do I move my authenticator codes to a new phone',
      ),
      'negation',
    );
    // Marks on two different things are no conflict.
    assert.notEqual(
      checkGuards(
        'add a column to an existing table in postgres',
        'add a new column to a postgres table',
      ),
      'negation',
    );
  });

  it("the asker's thing against a third party's (decision 056)", () => {
    assert.equal(
      checkGuards(
        'How do I accept their changes in a merge conflict?',
        'How do I accept my changes in a merge conflict?',
      ),
      'negation',
    );
    // "my" and "your" are the same thing, seen from each side of the answer.
    assert.equal(checkGuards('How do I reset my password?', 'how to reset your password'), null);
  });

  it('numbers, in any spelling, and their order', () => {
    assert.deepEqual(
      refusals([
        ['Undo the last 3 commits', 'Undo the last 4 commits'],
        ['Book a table for four', 'Book a table for six'],
        ['Is 3.11 faster than 3.12?', 'Is 3.12 faster than 3.13?'],
        ['What is 15 percent of 80?', 'What percent of 80 is 15?'],
        ['Transfer $500 to savings', 'Transfer $5,000 to savings'],
      ]),
      Array(5).fill('number'),
    );
  });

  it('dates, times and periods', () => {
    assert.deepEqual(
      refusals([
        ['What day was July 4, 1976?', 'What day was July 4, 1977?'],
        ['Is the office open on Saturday?', 'Is the office open on Sunday?'],
        ['Revenue in Q3 2024', 'Revenue in Q2 2024'],
        ['Book a table at 7pm', 'Book a table at 9pm'],
        ['Orders shipped last month', 'Orders shipped this month'],
        ['Water the lawn in summer', 'Water the lawn in winter'],
      ]),
      Array(6).fill('date'),
    );
  });

  it('swapped named entities', () => {
    assert.deepEqual(
      refusals([
        ['What is the capital of Australia?', 'What is the capital of Austria?'],
        ['Do US citizens need a visa for Japan?', 'Do Indian citizens need a visa for Japan?'],
        [
          'What is the difference between JSON and YAML?',
          'What is the difference between JSON and TOML?',
        ],
      ]),
      Array(3).fill('entity'),
    );
  });

  it('code identifiers', () => {
    assert.deepEqual(
      refusals([
        ['What does `getUserById` return?', 'What does `getUsersByIds` return?'],
        ['What does --force do in git push?', 'What does --force-with-lease do in git push?'],
        ['Why is tsconfig.json ignored?', 'Why is jsconfig.json ignored?'],
        ['How do I use useEffect?', 'How do I use useLayoutEffect?'],
        ['What does max_retries do?', 'What does retry_delay do?'],
        // The same call with its arguments swapped: compact names alone would read them as one.
        ['What does reshape(1, -1) do in NumPy?', 'What does reshape(-1, 1) do in NumPy?'],
      ]),
      Array(6).fill('code_identifier'),
    );
  });
});

describe('checkGuards lets rewordings through', () => {
  it('accepts the same facts written differently', () => {
    assert.deepEqual(
      refusals([
        ['Why does my effect run twice?', 'Why does my effect run two times?'],
        ['What day was July 4, 1976?', 'Which weekday was the 4th of July 1976?'],
        ['How much is 15% of 80?', 'What is 15 percent of 80?'],
        ['How do I use React hooks?', 'how do i use react hooks'],
        ['Why is my Wi-Fi slow?', 'Why is my WiFi slow?'],
        ['What does `getUserById` return?', 'What does getUserById() return?'],
        ['How do I enable dark mode in Chrome?', 'How do I enable dark mode in Google Chrome?'],
        [
          'Can I return an item without the receipt?',
          "Can I return something if I don't have the receipt?",
        ],
        ['What time do you open and close?', 'When do you open?'],
      ]),
      Array(9).fill(null),
    );
  });

  it('"I\'m" is no name, and a name both sides find in the same pasted pattern is shared (decision 056)', () => {
    assert.equal(
      checkGuards(
        "Draft an email telling my manager I'm going to be late tomorrow.",
        "Write an email to my manager saying I'll be late tomorrow.",
      ),
      null,
    );
    assert.equal(
      checkGuards(
        'can you break down this regex for me ^[A-Za-z]{8,}$',
        'Explain this regex: ^[A-Za-z]{8,}$',
      ),
      null,
    );
  });

  it('"finish", "end" and a noun like "blocks" switch nothing off (decision 052)', () => {
    const negationOnly = {
      date: false,
      number: false,
      code_identifier: false,
      entity: false,
      instruction: false,
    } as const;
    for (const [a, b] of [
      ['golang wait until every goroutine is done', 'How to wait for all goroutines to finish?'],
      ['difference between let and before blocks in rspec', 'RSpec let vs before'],
    ] as const)
      assert.equal(checkGuards(a, b, negationOnly), null);
  });

  it('reads ordinal words as numbers and "Node.js" as node (decision 022)', () => {
    assert.equal(
      checkGuards(
        'how do i get the 2nd highest salary with sql',
        'SQL query to find the second highest salary',
        { instruction: false },
      ),
      null,
    );
    assert.equal(
      checkGuards('SQL query to find the second highest salary', 'SQL: the third highest salary'),
      'number',
    );
    assert.deepEqual(findNumbers('the second highest salary'), [2]);
    assert.deepEqual(findNumbers('retry 5 times, one per second, then a second time'), [5]);
    assert.equal(
      checkGuards(
        'node: check the signature of stripe webhooks',
        'Verify a Stripe webhook signature in Node.js',
        {
          instruction: false,
        },
      ),
      null,
    );
  });

  it('reads a product by its short name as the product: Postgres, JS, k8s, Mongo', () => {
    assert.equal(
      checkGuards(
        'What port does PostgreSQL use by default?',
        'Which port is the default for Postgres?',
      ),
      null,
    );
    assert.equal(
      checkGuards(
        'How do I deep copy an object in JS?',
        'How do I deep copy an object in JavaScript?',
      ),
      null,
    );
    assert.equal(
      checkGuards('Restart a deployment in K8s', 'Restart a deployment in Kubernetes'),
      null,
    );
    // Another product is still another question.
    assert.equal(
      checkGuards(
        'What port does PostgreSQL use by default?',
        'What port does Mongo use by default?',
      ),
      'entity',
    );
  });

  it('"the current date" is today and "the current month" is this month', () => {
    assert.equal(
      checkGuards(
        "How do I get today's date in JavaScript?",
        'How do I get the current date in JavaScript?',
        { instruction: false },
      ),
      null,
    );
    assert.equal(
      checkGuards('Orders shipped in the current month', 'Orders shipped this month', {
        instruction: false,
      }),
      null,
    );
    assert.equal(
      checkGuards(
        'How do I get the current date in JavaScript?',
        "How do I get yesterday's date in JavaScript?",
      ),
      'date',
    );
    assert.equal(
      checkGuards('Orders shipped in the current month', 'Orders shipped last month'),
      'date',
    );
  });

  it('skips guards that are switched off', () => {
    // The difference check sees numbers too: both must be off.
    assert.equal(
      checkGuards('Undo 3 commits', 'Undo 4 commits', { number: false, instruction: false }),
      null,
    );
    assert.equal(
      // A swapped word is also what the difference check refuses.
      checkGuards('Turn on wifi on Monday', 'Turn off wifi on Monday', {
        negation: false,
        instruction: false,
      }),
      null,
    );
  });

  it('finds a name written as one word or two, with or without a plural, in any script', () => {
    assert.deepEqual(
      refusals([
        ['What does Git Hub charge for Actions?', 'What does GitHub charge for Actions?'],
        ['Which Postgres Docs cover VACUUM?', 'Which postgresdoc covers VACUUM?'],
        ['What does the Constructor pattern solve?', 'What does the constructor pattern solve?'],
      ]),
      Array(3).fill(null),
    );
    const mentions = (text: string) => [...guardFeatures(text).mentions];
    assert.deepEqual(mentions('Is São Paulo big?'), [
      ...['is', 'i', 'issão', 'issãopaulo', 'são', 'sãopaulo', 'sãopaulobig', 'paulo'],
      ...['paulobig', 'big'],
    ]);
    // Lower-casing a Greek capital sigma depends on the letter after it: a word pair is compacted
    // whole, never as its words' forms joined.
    assert.ok(mentions('Is ΟΔΟΣ ΑΒ open?').includes('οδοσαβ'));
    assert.ok(!mentions('Is ΟΔΟΣ ΑΒ open?').includes('οδοςαβ'));
  });

  it('answers the same from features an earlier check read only in part', () => {
    // The cache keeps a prompt's features across lookups; a check that stopped at the numbers
    // has not read its names yet.
    const query = guardFeatures('Cheap flights from Austria for 3 people');
    const cached = guardFeatures('Cheap flights from Australia for 4 people');
    assert.equal(checkGuards(query, cached), 'number');
    assert.equal(checkGuards(query, cached, { number: false }), 'entity');
    assert.equal(checkGuards(query, cached, { number: false, entity: false }), 'instruction');
  });
});

describe('checkGuards reads one request said two ways as one (decision 069)', () => {
  it('"what\'s wrong" and "what went wrong" ask for the cause, as "why" does', () => {
    assert.deepEqual(
      refusals([
        ['My bread did not rise, what went wrong?', 'Why did my bread not rise?'],
        [
          "nginx returns 502 after the upgrade, what's wrong?",
          'why does nginx return 502 after the upgrade?',
        ],
      ]),
      [null, null],
    );
    // Asking for the cause is not asking for the fix.
    assert.equal(
      checkGuards(
        "nginx returns 502 after the upgrade, what's wrong?",
        'nginx returns 502 after the upgrade, how do I roll it back?',
      ),
      'instruction',
    );
  });

  it('a failure word says what a negation does: "fails to start" = "won\'t start"', () => {
    assert.deepEqual(
      refusals([
        ["nginx won't start after the upgrade", 'nginx fails to start after the upgrade'],
        ['unable to connect to the office wifi', "can't connect to the office wifi"],
      ]),
      [null, null],
    );
    assert.deepEqual(
      refusals([
        ['why does my test fail on CI', 'why does my test not fail on CI'],
        ['my build does not fail locally', 'my build fails locally'],
        [
          'why does nginx fail to start after the upgrade',
          'why does nginx start after the upgrade',
        ],
        ['unable to connect to the office wifi', 'how do I connect to the office wifi'],
      ]),
      ['negation', 'negation', 'negation', 'negation'],
    );
  });

  it('one format or audience said two ways: bullet points / bullets, team / colleagues, boil down / summarize', () => {
    assert.equal(
      checkGuards(
        'Summarize this in three bullet points for my team',
        'Can you boil this down to three bullets for my colleagues?',
      ),
      null,
    );
    assert.deepEqual(
      refusals([
        [
          'Summarize this in three bullet points for my team',
          'Can you boil this down to three bullets for my manager?',
        ],
        [
          'Summarize this in three bullet points for my team',
          'Can you boil this down to five bullets for my colleagues?',
        ],
        [
          'Summarize this in three bullet points for my team',
          'Can you boil this down to three sentences for my colleagues?',
        ],
      ]),
      ['instruction', 'number', 'instruction'],
    );
  });

  it('"get" and "make" stand for a verb of their own group only', () => {
    assert.deepEqual(
      refusals([
        [
          'ASP.NET Core: getting the DB connection string out of appsettings.json',
          'How do I read a connection string from appsettings.json in ASP.NET Core?',
        ],
        [
          'mongo: make the email field unique using an index',
          'mongodb create unique index on email',
        ],
      ]),
      [null, null],
    );
    assert.equal(
      checkGuards(
        'mongo: make the email field unique using an index',
        'mongodb drop the unique index on email',
      ),
      'instruction',
    );
    assert.deepEqual(
      refusals([
        [
          'ASP.NET Core: getting the DB connection string out of appsettings.json',
          'How do I delete a connection string from appsettings.json in ASP.NET Core?',
        ],
        // "get them back" is restoring them, not finding who did it.
        [
          'Someone deleted rows in our shared sheet yesterday, can I find out who did it?',
          'Someone deleted rows in our shared sheet yesterday, can I get them back?',
        ],
      ]),
      ['instruction', 'instruction'],
    );
  });
});

describe('checkGuards reads "one X at a time" and "on my machine" (decision 069)', () => {
  it('"one line at a time" is "line by line"; two lines at a time is another question', () => {
    assert.equal(
      checkGuards(
        'golang read file one line at a time',
        'How do I read a file line by line in Go?',
      ),
      null,
    );
    assert.equal(
      checkGuards(
        'golang read file two lines at a time',
        'How do I read a file line by line in Go?',
      ),
      'number',
    );
  });

  it('"on my machine" is local; a remote branch is not', () => {
    assert.equal(
      checkGuards(
        'whats the git command to delete a branch on my machine',
        'How do I delete a local branch in git?',
      ),
      null,
    );
    assert.equal(
      checkGuards(
        'whats the git command to delete a branch on my machine',
        'How do I delete a remote branch in git?',
      ),
      'instruction',
    );
  });
});

describe('into against out of (decision 142)', () => {
  it('going into a state and getting out of it are opposite requests', () => {
    assert.equal(
      checkGuards(
        'My Windows 10 laptop keeps crashing at startup, how do I get out of safe mode?',
        'My Windows 10 laptop keeps crashing at startup, how do I boot into safe mode?',
      ),
      'negation',
    );
    assert.equal(
      checkGuards('copy files into a docker container', 'copy files out of a docker container'),
      'negation',
    );
  });

  it('one direction said two ways, or both directions on one side, is no opposite', () => {
    assert.equal(
      checkGuards('how do I boot into safe mode on Windows 10', 'Windows 10: boot into safe mode'),
      null,
    );
    assert.equal(
      checkGuards(
        'copy files into and out of a docker container',
        'copy files out of and into a docker container',
      ),
      null,
    );
    // With a verb that makes one thing of another, they name the result and the source.
    assert.equal(
      checkGuards(
        'Make a task list out of these meeting minutes: ship the beta, fix the login bug.',
        'Turn these meeting minutes into a task list: ship the beta, fix the login bug.',
      ),
      null,
    );
  });
});

describe('refusesAny (decision 144)', () => {
  const pairs: [string, string][] = [
    ['How do I turn on dark mode in Chrome?', 'How do I turn off dark mode in Chrome?'],
    ['How do I undo the last 3 git commits?', 'How do I undo the last 5 git commits?'],
    ['Is the office open on December 26?', 'Is the office open on December 24?'],
    ['What is the capital of Australia?', 'What is the capital of Austria?'],
    [
      'What does `getUserById` return for a missing user?',
      'What does `getUsersByIds` return for a missing user?',
    ],
    ['How do I list all S3 buckets in every account?', 'How do I list all S3 buckets?'],
    ['How do I reverse a list in Python?', 'How can I reverse a Python list?'],
  ];

  it('says whether checkGuards would refuse, with every guard on and with each one off', () => {
    for (const [a, b] of pairs) {
      for (const off of [undefined, ...GUARD_ORDER]) {
        const enabled = off ? { [off]: false } : {};
        assert.equal(
          refusesAny(guardFeatures(a), guardFeatures(b), enabled),
          checkGuards(a, b, enabled) !== null,
          `${a} / ${b} without ${off}`,
        );
      }
    }
  });

  it('asks every guard: a pair only one guard refuses is refused', () => {
    for (const guard of GUARD_ORDER) {
      const pair = pairs.find(([a, b]) => checkGuards(a, b) === guard);
      if (!pair) continue;
      const others = Object.fromEntries(
        GUARD_ORDER.filter((g) => g !== guard).map((g) => [g, false]),
      );
      assert.equal(refusesAny(guardFeatures(pair[0]), guardFeatures(pair[1]), others), true, guard);
    }
  });
});

describe('negation inside a rewording, below the threshold (decision 149)', () => {
  // The pair verifier's second look: `secondLook` on.
  const look = (a: string, b: string) => checkGuards(a, b, {}, true);

  it('a negated word the other side says another way is no change of polarity', () => {
    assert.equal(
      look(
        'restore a deleted file in git without losing my edits',
        'get a deleted git file back and keep my work',
      ),
      null,
    );
    assert.equal(
      look('unwrap an option in rust without panicking', 'safely unwrap an option in rust'),
      null,
    );
    assert.equal(
      look('ssh into a server with no password prompt', 'passwordless ssh login to a server'),
      null,
    );
  });

  it('an infinitive "to" is no direction', () => {
    assert.equal(
      look('apache rule to force a redirect to https', 'redirect all traffic to https in apache'),
      null,
    );
  });

  it('still refuses a real change of polarity', () => {
    assert.equal(
      look('how to enable dark mode in slack', 'how to disable dark mode in slack'),
      'negation',
    );
    assert.equal(
      look('print my slides with the notes', 'print my slides without the notes'),
      'negation',
    );
    assert.equal(
      look('export the table including headers', 'export the table excluding headers'),
      'negation',
    );
    assert.equal(
      look('should I commit the lock file', 'should I not commit the lock file'),
      'negation',
    );
    assert.equal(look('convert miles to km in a spreadsheet', 'convert km to miles'), 'negation');
  });

  it('still refuses a negation on words the other side has', () => {
    assert.equal(
      look(
        'what happens if a dog does not get enough exercise',
        'how much exercise does a dog need',
      ),
      'negation',
    );
  });

  it('still refuses a negation that one side adds without rewording anything', () => {
    assert.equal(
      look('install a package with apt without sudo', 'install a package with apt'),
      'negation',
    );
  });

  it('at the threshold a negated word still refuses', () => {
    assert.equal(
      checkGuards('unwrap an option in rust without panicking', 'safely unwrap an option in rust'),
      'negation',
    );
  });
});

describe('numbers in another order and participles of state (decision 154)', () => {
  const only = (guard: string) => Object.fromEntries(GUARD_ORDER.map((g) => [g, g === guard]));
  const numberGuard = (a: string, b: string) => checkGuards(a, b, only('number'));
  const negationGuard = (a: string, b: string) => checkGuards(a, b, only('negation'));

  it('the same numbers, each with its label, said in another order', () => {
    assert.equal(
      numberGuard(
        'upgrade postgres from 14 to 16 on debian 12',
        'on debian 12, how do I upgrade postgres 14 to 16',
      ),
      null,
    );
    assert.equal(
      numberGuard('difference between python 3.12 and 3.11', 'python 3.11 vs 3.12'),
      null,
    );
    assert.equal(
      numberGuard(
        'a flat with 3 bedrooms and 2 bathrooms',
        'a flat with 2 bathrooms and 3 bedrooms',
      ),
      null,
    );
    assert.equal(
      numberGuard('my cat is about 4 years old and weighs 6 kg', 'cat, 6 kg, four years old'),
      null,
    );
  });

  it('numbers that trade places or labels still refuse', () => {
    assert.deepEqual(
      [
        ['is node 20 faster than node 22', 'is node 22 faster than node 20'],
        ['resize the image from 800 to 600 pixels', 'resize the image from 600 to 800 pixels'],
        ['pick 4 random numbers between 1 and 50', 'pick 1 random number between 4 and 50'],
        ['a flat with 3 bedrooms and 2 bathrooms', 'a flat with 2 bedrooms and 3 bathrooms'],
        ['what is 2 to the power of 10', 'what is 10 to the power of 2'],
      ].map(([a, b]) => numberGuard(a as string, b as string)),
      Array(5).fill('number'),
    );
  });

  it('a participle after a determiner names a state, not an action asked for', () => {
    assert.equal(
      negationGuard(
        'delete the stopped VMs in my azure subscription',
        'remove exited virtual machines from azure',
      ),
      null,
    );
    assert.equal(
      negationGuard('archive all disabled accounts', 'archive the accounts nobody uses'),
      'negation',
    );
  });

  it('a state against the other state, or against the action, still refuses', () => {
    assert.equal(negationGuard('list all running jobs', 'list all stopped jobs'), 'negation');
    assert.equal(negationGuard('list the enabled users', 'list the disabled users'), 'negation');
    assert.equal(negationGuard('stop all containers', 'remove all stopped containers'), 'negation');
    assert.equal(
      negationGuard('prune every VM including running ones', 'prune every stopped VM'),
      'negation',
    );
    // A stopped state against no state at all: "remove all containers" removes the running ones
    // too. Refused before decision 154 read the participle as a state, and still.
    assert.equal(
      negationGuard('remove all stopped containers', 'remove all containers'),
      'negation',
    );
    assert.equal(negationGuard('delete all users', 'delete all disabled users'), 'negation');
    assert.equal(negationGuard('kill all stopped processes', 'kill all processes'), 'negation');
  });
});

describe('a count inside a compound name, and a dimension (decision 161)', () => {
  it('a count word that starts a compound is no count against a name that says it', () => {
    assert.equal(
      checkGuards('enable two-factor authentication for 3 users', 'enable 2FA for 3 users'),
      null,
    );
    assert.equal(
      checkGuards('turn on two factor auth on 2 accounts', 'turn on 2FA on 2 accounts'),
      null,
    );
    assert.deepEqual(findNumbers('enable two-step verification for 3 users'), [2, 3]);
  });

  it('a version or a count of things is no compound', () => {
    assert.equal(checkGuards('windows 10 product key', 'product key on windows'), 'number');
    assert.equal(
      checkGuards('compare two equal strings in java', 'compare strings in java'),
      'number',
    );
    assert.equal(checkGuards('one cup of flour in grams', '1 cup flour in grams'), 'number');
  });

  it('a compound still differs from another compound and from a count', () => {
    assert.equal(
      checkGuards('enable two-step verification', 'enable three-step verification'),
      'number',
    );
    assert.equal(
      checkGuards('two-step verification for 3 users', 'three-step verification for 2 users'),
      'number',
    );
    assert.notEqual(
      checkGuards('enable two-step login for 3 users', 'enable login for 2 users'),
      null,
    );
    assert.notEqual(
      checkGuards('enable two-step login for 3 users', 'enable login for 3 users'),
      null,
    );
  });

  it('"3D" is a dimension, not three days or three things', () => {
    assert.notEqual(checkGuards('best 3D printer', 'best 3 printers'), null);
    assert.notEqual(
      checkGuards('render a 3D model in the browser', 'render 3 models in the browser'),
      null,
    );
    assert.notEqual(checkGuards('convert a 2D array to 1D', 'convert 2 arrays to 1'), null);
    assert.notEqual(
      checkGuards('3d printing for beginners', 'printing for 3 days for beginners'),
      null,
    );
    assert.equal(checkGuards('3D printing for beginners', '3d printing for beginners'), null);
    assert.notEqual(checkGuards('best 3D printer', 'best 2D printer'), null);
    assert.deepEqual(findNumbers('a 3D model'), []);
    assert.deepEqual(findNumbers('reshape a 1-D array'), []);
  });

  it('a number of days written "3d" is still a duration', () => {
    assert.deepEqual(findNumbers('set log retention to 3d'), [3]);
    assert.notEqual(checkGuards('set log retention to 3d', 'set log retention to 7d'), null);
  });
});
