import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLocalEmbedder } from '../embedding/local-embedder.ts';
import type { CacheKeyInput } from '../keys/cache-keys.ts';
import { SemanticCache } from './semantic-cache.ts';
import { aroundSharedText, mayCarrySharedText, queryWordsOf, wordKey } from './shared-text.ts';
import { withoutTextKind } from './text-kind.ts';

const embedder = createLocalEmbedder();
const REPORT =
  'Q3 revenue grew 12% to 4.2 million euros, driven by the enterprise tier. Churn fell from 3.1% ' +
  'to 2.4%. The marketing department overspent its budget by 8% on trade shows, while engineering ' +
  'delivered the billing rewrite two weeks late. Support tickets rose 20% after the September release.';
const LOG =
  '2026-03-15 14:30:02 ERROR payment-service timeout after 30000 ms calling ledger-api at ' +
  '10.0.4.17:8443, retry 1 of 3 failed, circuit breaker opened for ledger-api, queue depth 1840, ' +
  'worker pool exhausted on node worker-7, upstream returned 503 Service Unavailable';

const HANDLER = [
  'func (h *Handler) CreateOrder(w http.ResponseWriter, r *http.Request) {',
  '\tvar o Order',
  '\tif err := json.NewDecoder(r.Body).Decode(&o); err != nil {',
  '\t\thttp.Error(w, "invalid json", http.StatusBadRequest)',
  '\t\treturn',
  '\t}',
  '\to.Status = "pending"',
  '\tif err := h.store.Create(&o); err != nil {',
  '\t\thttp.Error(w, "could not save order", http.StatusInternalServerError)',
  '\t\treturn',
  '\t}',
  '\tw.WriteHeader(http.StatusCreated)',
  '}',
].join('\n');
const CONTRACT =
  '7. Liability. Neither party is liable for indirect or consequential loss, loss of profit or ' +
  "loss of data. Each party's total liability in any contract year is capped at 100 percent of " +
  'the fees paid in the twelve months before the claim, except for breaches of confidentiality.';

const EMAIL =
  'Hi team, the vendor can deliver the 40 laptops on the 14th if we approve the quote by Friday. ' +
  'The price went up 6% against the January quote, which is over what finance set aside, so we ' +
  'either cut the order to 34 machines or ask for more budget before the end of the week. Best, Jorge';

function request(question: string): CacheKeyInput {
  return {
    accountId: 'acct_a',
    provider: 'openai',
    modelFamily: 'gpt-4o',
    messages: [{ role: 'user', content: question }],
    params: { temperature: 0 },
  };
}

/** Whether `query` is answered from a cache holding only `cached`, at the default threshold. */
async function hits(cached: string, query: string, threshold = 0.95): Promise<boolean> {
  const cache = new SemanticCache({ embedder });
  cache.insert({
    ...(await cache.prepare(request(cached))),
    id: 'cached',
    expiresAt: Number.POSITIVE_INFINITY,
  });
  return (await cache.lookup(request(query), { threshold })).kind !== 'miss';
}

describe('the text two prompts share (decision 054)', () => {
  it('takes the pasted text out of both and keeps what surrounds it', () => {
    const around = aroundSharedText(
      `Summarize this report for the board: ${REPORT}`,
      `${REPORT}\n\nGive me a board-level summary of the above.`,
    );
    assert.deepEqual(around, {
      query: 'Summarize this report for the board:',
      cached: 'Give me a board-level summary of the above.',
      editedInside: false,
    });
  });

  it('finds the run in a text of more different words than word ids pack into one number', () => {
    // Decision 058: anchors are numbers up to 9,741 different words in the cached text, text past it.
    const words = Array.from({ length: 10_000 }, (_, i) => `w${i.toString(36)}`).join(' ');
    const around = aroundSharedText(`Sort these: ${words}`, `${words}\nCount these.`);
    assert.deepEqual(around, { query: 'Sort these:', cached: 'Count these.', editedInside: false });
  });

  it('finds nothing when no 20 words in a row are shared', () => {
    assert.equal(
      aroundSharedText('How do I reverse a list in Python?', 'Reverse a list'),
      undefined,
    );
    assert.equal(mayCarrySharedText('How do I reverse a list in Python?'), false);
    assert.equal(mayCarrySharedText(REPORT), true);
  });

  it('finds a run of exactly 20 words at either end of a candidate, numbering the query once', () => {
    // Decision 201: a candidate without 20 of the query's words in a row is done before the search.
    const words = Array.from({ length: 30 }, (_, i) => `word${i}`);
    const query = `Sort these: ${words.join(' ')}`;
    const numbered = queryWordsOf(query);
    const run = words.slice(5, 25).join(' ');
    for (const cached of [`${run}\nCount these.`, `Count these: ${run}`, run]) {
      const around = aroundSharedText(query, cached, numbered);
      assert.equal(
        around?.query,
        'Sort these: word0 word1 word2 word3 word4\nword25 word26 word27 word28 word29',
      );
      assert.deepEqual(around, aroundSharedText(query, cached));
    }
    const nineteen = words.slice(5, 24).join(' ');
    // 20 of the query's words in a row, but not in the query's order: still no run.
    for (const cached of [`${nineteen} and ${nineteen}`, `${nineteen} word0 count these`])
      assert.equal(aroundSharedText(query, cached, numbered), undefined);
  });

  it('reads nothing past a candidate’s last word, after a longer candidate that goes on alike', () => {
    // Decision 204: a candidate's words go to scratch reused across calls, longer than the text.
    const words = Array.from({ length: 40 }, (_, i) => `w${i}`);
    const query = `Sort these: ${words.join(' ')}`;
    const numbered = queryWordsOf(query);
    const rest = `Sort these:\n${words.slice(25).join(' ')}`;
    for (const [cached, left] of [
      [words.slice(0, 25).join(' '), ''],
      [`${words.slice(0, 25).join(' ')} x`, 'x'],
    ]) {
      aroundSharedText(query, words.join(' '), numbered);
      assert.deepEqual(aroundSharedText(query, `${cached}`, numbered), {
        query: rest,
        cached: left,
        editedInside: false,
      });
    }
  });

  it('finds a candidate’s ASCII words by char code among query words read any way', () => {
    // Decision 204: an ASCII word is lower-cased and trimmed in place; the query's keys may come
    // from the regex ("«Report»" → report) or lower-case to ASCII ("\u212Aelvin", Kelvin sign).
    const words = Array.from({ length: 24 }, (_, i) => `item${i}`);
    const query = `Check this: «Report» \u212Aelvin ${words.join(' ')}`;
    const cached = `(REPORT), KELVIN: ${words.join(' ').toUpperCase()}\nThanks.`;
    assert.deepEqual(aroundSharedText(query, cached), {
      query: 'Check this:',
      cached: 'Thanks.',
      editedInside: false,
    });
  });

  it('marks a changed number or name inside the pasted text as an edit', () => {
    const edited = LOG.replace('worker-7', 'worker-9');
    const around = aroundSharedText(`Explain this error: ${LOG}`, `What does this mean? ${edited}`);
    assert.equal(around?.editedInside, true);
  });

  it('does not take a reworded instruction ending in the same words for an edit', () => {
    const around = aroundSharedText(
      `Can you explain the following error log for me: ${LOG}`,
      `Explain the following error log: ${LOG}`,
    );
    assert.equal(around?.editedInside, false);
  });
});

describe('lookups around a shared pasted text (decision 054)', () => {
  it('misses an instruction added after the report (the issue 17 example)', async () => {
    assert.equal(
      await hits(`Summarize ${REPORT}`, `Summarize ${REPORT} Focus on the marketing department.`),
      false,
    );
  });

  it('misses an instruction dropped', async () => {
    assert.equal(await hits(`Summarize this report in three bullets. ${REPORT}`, REPORT), false);
  });

  it('hits a reworded instruction around the same report', async () => {
    assert.equal(
      await hits(
        `Summarize this report: ${REPORT}`,
        `${REPORT}\n\nPlease summarise the report above.`,
      ),
      true,
    );
  });

  it('hits when no content word changed around the text, though the remainders embed apart', async () => {
    const essay = `${REPORT.replaceAll('.', ';')} That is the essay.`;
    assert.equal(
      await hits(
        `Suggest a title for this essay: ${essay}`,
        `What would be a good title for the following essay? ${essay}`,
      ),
      true,
    );
  });

  it('misses a changed target language, format or audience around the same text', async () => {
    assert.equal(
      await hits(`Translate to French: ${REPORT}`, `Translate to German: ${REPORT}`),
      false,
    );
    assert.equal(
      await hits(`Summarize as a table: ${REPORT}`, `Summarize as bullet points: ${REPORT}`),
      false,
    );
    assert.equal(
      await hits(
        `${REPORT} Summarize it for the engineers.`,
        `${REPORT} Summarize it for the board.`,
      ),
      false,
    );
  });

  it('misses a changed number or name inside the pasted log', async () => {
    assert.equal(
      await hits(`Explain this error: ${LOG}`, `Explain this error: ${LOG.replace('503', '502')}`),
      false,
    );
    assert.equal(
      await hits(
        `Explain this error: ${LOG}`,
        `What does this error mean? ${LOG.replace('worker-7', 'worker-9')}`,
      ),
      false,
    );
  });

  it('misses a changed entity in the instruction around the log', async () => {
    assert.equal(await hits(`Fix this in Kubernetes: ${LOG}`, `Fix this in Nomad: ${LOG}`), false);
  });
});

describe('a word one side adds around the shared text (decision 139)', () => {
  // The hostile long-prompt set (eval/data/cache/independent/near-miss-long-hostile.txt): each
  // was a wrong hit at a threshold a user may set, 0.90 or 0.85.
  it('misses a library or tool added to the instruction, at a loose threshold', async () => {
    for (const tool of ['using testify', 'using zap', 'using slog', 'with zerolog'])
      assert.equal(
        await hits(
          `Add request logging to this Go handler. ${HANDLER}`,
          `Add request logging to this Go handler ${tool}. ${HANDLER}`,
          0.85,
        ),
        false,
        tool,
      );
  });

  it('misses "explain simply" against "explain" after the same log', async () => {
    assert.equal(await hits(`${LOG} Explain.`, `${LOG} Explain simply.`), false);
  });

  it('misses a summary of each part against a summary of the whole, at a loose threshold', async () => {
    const whole = `Summarize this report. ${REPORT}`;
    for (const parts of [
      `Summarize every department in this report. ${REPORT}`,
      `Summarize each section of this report. ${REPORT}`,
    ])
      assert.equal(await hits(whole, parts, 0.85), false, parts);
  });

  it('hits "every" or "all" that only restates the whole set', async () => {
    assert.equal(
      await hits(
        `List the action items in this email. ${EMAIL}`,
        `List every action item in this email. ${EMAIL}`,
      ),
      true,
    );
  });

  it('misses a request for another or a better version than the one asked', async () => {
    const title = `Suggest a title for this essay. ${REPORT}`;
    for (const other of ['another title', 'a new title', 'a better title', 'a catchier title'])
      assert.equal(
        await hits(title, `Suggest ${other} for this essay. ${REPORT}`, 0.85),
        false,
        other,
      );
    assert.equal(
      await hits(`Rewrite this email. ${EMAIL}`, `Rewrite this email, but better. ${EMAIL}`),
      false,
    );
  });

  it('misses an explanation joined to the task', async () => {
    const fix = `Fix the bug in this code. ${HANDLER}`;
    for (const more of ['and explain', 'and then explain why', 'and describe the fix'])
      assert.equal(await hits(fix, `Fix the bug in this code ${more}. ${HANDLER}`), false, more);
  });

  it('misses a short instruction sentence added before the text, at a loose threshold', async () => {
    const summary = `Summarize this report. ${REPORT}`;
    for (const added of ['Be specific.', 'Use euros.', 'Keep the numbers.', 'Why?'])
      assert.equal(
        await hits(summary, `Summarize this report. ${added} ${REPORT}`, 0.85),
        false,
        added,
      );
    // Thanks, a greeting or a filler question is no instruction.
    for (const added of ['Thanks!', 'Any ideas?'])
      assert.equal(
        await hits(summary, `Summarize this report. ${added} ${REPORT}`, 0.85),
        true,
        added,
      );
  });

  it('misses a part of the text asked for against the whole, at a loose threshold', async () => {
    const summary = `Summarize this report. ${REPORT}`;
    for (const part of [
      'the marketing part of this report',
      'the good news in this report',
      'the bad news in this report',
    ])
      assert.equal(await hits(summary, `Summarize ${part}. ${REPORT}`, 0.85), false, part);
    for (const whole of [
      'Give me a summary of this report.',
      'Summarize the main points of this report.',
    ])
      assert.equal(await hits(summary, `${whole} ${REPORT}`, 0.85), true, whole);
  });

  it('misses an opinion asked after the instruction, at a loose threshold', async () => {
    const summary = `Summarize this report. ${REPORT}`;
    for (const opinion of ['What do you think?', 'Be honest.', 'Do you agree with it?'])
      assert.equal(
        await hits(summary, `${REPORT} Summarize this report. ${opinion}`, 0.85),
        false,
        opinion,
      );
  });

  it('hits "new" that only describes a thing of its own', async () => {
    assert.equal(
      await hits(
        `Write a reply to this email and offer a replacement. ${EMAIL}`,
        `Write a reply to this email and offer to send new laptops. ${EMAIL}`,
        0,
      ),
      true,
    );
  });

  it('hits a new or better word that both sides have, and one that is no request', async () => {
    assert.equal(
      await hits(
        `Rewrite this policy for new hires. ${EMAIL}`,
        `Please rewrite this policy for new hires. ${EMAIL}`,
      ),
      true,
    );
  });

  it('misses one tone or property against another after the name of the text', async () => {
    // "this email formal": the word after the text's name is what is asked, not what the text is.
    assert.equal(
      await hits(`Make this email formal. ${EMAIL}`, `Make this email casual. ${EMAIL}`),
      false,
    );
    assert.equal(
      await hits(`Make this email polite. ${EMAIL}`, `Make this email short. ${EMAIL}`),
      false,
    );
  });

  it('misses a qualifier after the name of the text, at a loose threshold', async () => {
    assert.equal(
      await hits(
        `Summarize the liability clause of this agreement. ${CONTRACT}`,
        `Summarize the liability clause of this agreement under Norwegian law. ${CONTRACT}`,
        0.85,
      ),
      false,
    );
  });
});

describe('what the pasted text is (decision 059)', () => {
  it('drops the loaded words of the phrase that points at the text', () => {
    assert.equal(
      withoutTextKind('Can you explain this Rust compiler error and how to fix it?'),
      'Can you explain this  compiler error and how to fix it?',
    );
    assert.equal(withoutTextKind('Summarize the following email:'), 'Summarize the following ');
    // Decision 139: a constraint word is never what the text is.
    assert.equal(withoutTextKind('Make this email formal.'), 'Make this  formal.');
  });

  it('keeps a target outside that phrase, and a pointer used as a pronoun', () => {
    for (const text of [
      'Port this code to Python',
      'Explain this contract in plain English',
      'rustc gives me this, what does it mean?',
      // Decision 139: a preposition ends the phrase that names the text.
      'Summarize the liability clause of this agreement under Norwegian law.',
      'Explain this contract per German law',
    ])
      assert.equal(withoutTextKind(text), text);
  });

  it('hits a rewording that names the pasted text or leaves it unnamed', async () => {
    assert.equal(
      await hits(
        `Summarize this email in two sentences: ${EMAIL}`,
        `Summarize the following in two sentences: ${EMAIL}`,
      ),
      true,
    );
  });

  it('misses the twin that asks for the text in another format or language', async () => {
    assert.equal(
      await hits(`Rewrite the following as an email: ${EMAIL}`, `Rewrite the following: ${EMAIL}`),
      false,
    );
    assert.equal(
      await hits(
        `Translate this email to German: ${EMAIL}`,
        `Translate this email to French: ${EMAIL}`,
      ),
      false,
    );
  });
});

describe('the last sentence after a pasted text', () => {
  // Written by hand as a probe (not from any eval file): each added or swapped closing line asks
  // for another answer; a thank-you does not.
  const TAILS = [
    'Keep it under 50 words.',
    'Answer in German.',
    'Use a bulleted list.',
    'Do not mention any numbers.',
    'Write it for a ten-year-old.',
    'Focus on the root cause only.',
    'Make it sound more formal.',
    'Also suggest two follow-up actions.',
    'Return the answer as JSON.',
    'End with a question to the reader.',
  ];

  it('misses when a closing instruction is added or swapped for another', async () => {
    const base = `Summarize the following text.\n\n${REPORT}`;
    for (const tail of TAILS) {
      assert.equal(await hits(base, `${base}\n\n${tail}`), false, `added: ${tail}`);
      assert.equal(
        await hits(`${base}\n\nKeep it short.`, `${base}\n\n${tail}`),
        false,
        `swapped: ${tail}`,
      );
    }
  });

  it('hits when the closing line only thanks', async () => {
    const base = `Summarize the following text.\n\n${REPORT}`;
    for (const thanks of ['Thanks!', 'Thank you so much in advance.', 'Many thanks.'])
      assert.equal(await hits(base, `${base}\n\n${thanks}`), true, thanks);
  });
});

describe('wordKey', () => {
  const EDGES = /^[^\p{L}\p{N}]+|[^\p{L}\p{M}\p{N}]+$/gu;

  it('takes off what the edge regex takes off, ASCII edges by char code', () => {
    const pieces = [
      'a',
      'z',
      '0',
      '9',
      '.',
      ':',
      '(',
      ')',
      '"',
      "'",
      '-',
      '_',
      '\u0000',
      '\u001f',
      '~',
    ];
    pieces.push('é', 'ß', '\u0301', '—', '’', '«', '½', '٣', '😀', 'ж', '\u00a0', 'İ', 'K');
    const words = [
      'city:',
      '(word',
      '2).',
      '...',
      '.a.',
      'café.',
      '(é',
      'word—',
      '«quoted»',
      'e\u0301.',
      '—x',
      '__init__',
    ];
    // Every word of up to three of the pieces, and the words above.
    for (const a of pieces) {
      words.push(a);
      for (const b of pieces) {
        words.push(a + b);
        for (const c of pieces) words.push(a + b + c);
      }
    }
    for (const word of words) {
      const lower = word.toLowerCase();
      assert.equal(wordKey(lower), lower.replace(EDGES, ''), JSON.stringify(word));
    }
  });
});
