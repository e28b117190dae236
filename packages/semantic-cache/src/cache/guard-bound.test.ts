import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLocalEmbedder } from '../embedding/local-embedder.ts';
import { instructionDifference, sameTerms } from '../guards/difference.ts';
import { VARIANT_PAIRS_MAX } from '../guards/folded-difference.ts';
import { GUARD_MAX_CHARS } from '../guards/read-bound.ts';
import type { CacheKeyInput } from '../keys/cache-keys.ts';
import { SemanticCache } from './semantic-cache.ts';

// Decision 246: the guards read whole texts of GUARD_MAX_CHARS characters at most; past that a
// prompt is judged only around a text both prompts share, and otherwise is a miss.

const embedder = createLocalEmbedder();
const THRESHOLD = { threshold: 0.95 };

const request = (question: string): CacheKeyInput => ({
  accountId: 'acct_a',
  provider: 'openai',
  modelFamily: 'gpt-4o',
  messages: [{ role: 'user', content: question }],
  params: {},
});

let ids = 0;
async function store(cache: SemanticCache, text: string): Promise<string> {
  const id = `e${++ids}`;
  const prepared = await cache.prepare(request(text));
  cache.insert({ ...prepared, id, expiresAt: Number.POSITIVE_INFINITY, payload: {} });
  return id;
}

/** Minified JSON of about `chars` characters: one long word, no run of words two prompts share. */
function minified(chars: number): string {
  const rows: string[] = [];
  for (let i = 0; rows.join(',').length < chars; i++)
    rows.push(`{"id":${i},"name":"item${i}","tags":["red","blue"],"price":${(i * 7) % 100}}`);
  return `[${rows.join(',')}]`;
}

/**
 * Short notes of about `chars` characters, `filler` between each two: a word the guards and the
 * embedding skip, so two copies with other fillers mean the same and share no run of 20 words.
 */
function notes(chars: number, filler: string): string {
  const note = 'The depot in Leeds ships orders on weekdays and the courier collects at noon.';
  const copies = Math.ceil(chars / (note.length + filler.length + 2));
  return Array.from({ length: copies }, () => `${note} ${filler}`).join(' ');
}

const REPORT =
  'Northwind closed the quarter with revenue of 48 million, up 6 percent. Retail grew fastest ' +
  'thanks to the autumn catalogue and a new store, while wholesale orders fell because two ' +
  'distributors delayed purchases. Marketing spent 3 million on the back-to-school campaign, ' +
  'which brought many loyalty members. The warehouse move finished two weeks late. ';

/** `count` made-up stems, and each with "ing": every pair a spelling variant, no word shared. */
function variantPairs(count: number): [string[], string[]] {
  const stems = Array.from({ length: count }, (_, i) => {
    let stem = 'zq';
    for (let n = i + 26; n > 0; n = Math.floor(n / 26)) stem += String.fromCharCode(97 + (n % 26));
    return stem;
  });
  return [stems, stems.map((stem) => `${stem}ing`)];
}

describe('the bound on the words the difference check pairs up', () => {
  const side = Math.floor(Math.sqrt(VARIANT_PAIRS_MAX));

  it('folds every changed word into its variant up to the bound', () => {
    const [a, b] = variantPairs(side);
    assert.equal(instructionDifference(a, b), null);
    assert.ok(sameTerms(a, b));
  });

  it('refuses past it without pairing them: a miss, and no agreement lift', () => {
    const [a, b] = variantPairs(side + 1);
    assert.equal(instructionDifference(a, b), 'long_text');
    assert.ok(!sameTerms(a, b));
  });
});

describe('the bound on what the guards read', () => {
  it('serves a short copy of a pasted text that differs only in a question mark', async () => {
    const cache = newCache();
    const text = `Format this JSON: ${minified(GUARD_MAX_CHARS / 2)}`;
    const id = await store(cache, text);
    const found = await cache.lookup(request(`${text} ?`), THRESHOLD);
    assert.equal(found.kind === 'semantic' && found.entry.id, id);
  });

  it('misses the same pair past the bound, with nothing shared to read around: in both modes', async () => {
    const cache = newCache();
    const text = `Format this JSON: ${minified(GUARD_MAX_CHARS + 500)}`;
    await store(cache, text);
    const explained = await cache.lookup(request(`${text} ?`), THRESHOLD);
    assert.equal(explained.kind, 'miss');
    assert.equal(explained.kind === 'miss' && explained.best?.refusedBy, 'instruction');
    const hitsOnly = await cache.lookup(request(`${text} ?`), {
      ...THRESHOLD,
      nearestOnMiss: false,
    });
    assert.equal(hitsOnly.kind, 'miss');
  });

  it('still serves a long report past the bound asked for in other words', async () => {
    const report = REPORT.repeat(Math.ceil((GUARD_MAX_CHARS * 3) / REPORT.length));
    const cache = newCache();
    const id = await store(cache, `Summarize this report. ${report}`);
    for (const nearestOnMiss of [true, false]) {
      const found = await cache.lookup(
        request(`Please summarise the following report: ${report}`),
        {
          ...THRESHOLD,
          nearestOnMiss,
        },
      );
      assert.equal(found.kind === 'semantic' && found.entry.id, id);
    }
  });

  it('misses prose past the bound when no run of words is shared, though only fillers differ', async () => {
    const cache = newCache();
    await store(cache, `Summarize these notes. ${notes(GUARD_MAX_CHARS + 300, 'please')}`);
    const found = await cache.lookup(
      request(`Summarize these notes. ${notes(GUARD_MAX_CHARS + 300, 'kindly')}`),
      THRESHOLD,
    );
    assert.equal(found.kind, 'miss');
  });
});

/** About `chars` characters of made-up words, the same for the same seed (xorshift32). */
function madeUpWords(chars: number, seed: number): string {
  let state = seed;
  const words: string[] = [];
  for (let length = 0; length < chars; ) {
    let word = '';
    const size = 3 + ((state >>> 0) % 7);
    for (let i = 0; i < size; i++) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      word += String.fromCharCode(97 + ((state >>> 0) % 26));
    }
    words.push(word);
    length += word.length + 1;
  }
  return words.join(' ');
}

/** A hit or a miss in both lookup modes (the gateway's hit-only one and the explained one). */
async function verdicts(stored: string, asked: string): Promise<string[]> {
  const cache = newCache();
  await store(cache, stored);
  const found: string[] = [];
  for (const nearestOnMiss of [true, false])
    found.push((await cache.lookup(request(asked), { ...THRESHOLD, nearestOnMiss })).kind);
  return found;
}

const LOG_LINES = [
  'INFO server started on port 8080 with four workers',
  'WARN cache size is above the soft limit of two gigabytes',
  'ERROR could not connect to the database: timeout after thirty seconds',
  'INFO retrying the connection to the primary database',
  'DEBUG session refreshed for the account of the billing team',
];
function log(chars: number): string {
  const lines: string[] = [];
  for (let i = 0; lines.join('\n').length < chars; i++)
    lines.push(
      `2024-05-01 12:${String(i % 60).padStart(2, '0')} ${LOG_LINES[i % LOG_LINES.length]}`,
    );
  return lines.join('\n');
}

describe('a word on one side only around a long shared text (decision 250)', () => {
  const text = madeUpWords(16_000, 7);

  it('misses when the word that differs is unknown, even one slip from the other', async () => {
    // Neither spelling is a known word: nothing says one is a typo of the other.
    assert.deepEqual(await verdicts(`${text} qwertyz`, `${text} qwertz`), ['miss', 'miss']);
    assert.deepEqual(
      await verdicts(`${text}\nDecode it with key blorfix.`, `${text}\nDecode it with key blorfx.`),
      ['miss', 'miss'],
    );
  });

  it('misses a changed target language, format or item at the end of a long log', async () => {
    const pasted = log(6_000);
    for (const [a, b] of [
      ['Summarise it in English.', 'Summarise it in French.'],
      ['List the errors.', 'List the warnings.'],
      ['Put the answer in a table.', 'Put the answer in a list.'],
    ])
      assert.deepEqual(await verdicts(`${pasted}\n${a}`, `${pasted}\n${b}`), ['miss', 'miss']);
  });

  it('still serves the same text asked for in other words, or with a typo of a known word', async () => {
    const pasted = log(6_000);
    const cache = newCache();
    const id = await store(cache, `Summarize this log. ${pasted}`);
    for (const nearestOnMiss of [true, false]) {
      const found = await cache.lookup(request(`Please summarise the following log: ${pasted}`), {
        ...THRESHOLD,
        nearestOnMiss,
      });
      assert.equal(found.kind === 'semantic' && found.entry.id, id);
    }
    assert.deepEqual(
      await verdicts(`${pasted}\nSummarise the problems.`, `${pasted}\nSummarise the problms.`),
      ['semantic', 'semantic'],
    );
    // An unknown word on one side with no unknown twin on the other is shorthand, not a second
    // made-up name: "pls" stays the same request.
    assert.deepEqual(
      await verdicts(
        `${pasted}\nSummarise the problems pls.`,
        `${pasted}\nSummarise the problems.`,
      ),
      ['semantic', 'semantic'],
    );
  });
});

function newCache() {
  return new SemanticCache({ embedder });
}
