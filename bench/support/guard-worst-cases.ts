// The cache's lookup on hostile prompts (decision 246): for each kind of text a tenant could send
// (made-up words, numbers and versions, a pasted text repeated, one line with no space, brackets
// and quotes, "instead of" / "and" / "or" chains, capitalised names) at 2k to 16k characters, a
// stream of near-copies that differ in one word is looked up and then stored, as the gateway does
// on a miss: every lookup meets a candidate just stored, near enough for the guards (and the pair
// verifier) to read both texts in full, with neither side's features worked out yet. Prints each
// case's lookup p50 / max in ms of CPU (the gateway's hit-only lookup), the same with every guard, the
// verifier and the veto off (embedding and index alone), the store's prepare + insert, and the
// hits, beside ordinary 200- and 2,000-character prompts, with the load average.
// `node --import tsx bench/support/guard-worst-cases.ts [lookups=15] [sizes=2048,4096,8192,16384] [kinds=all]`
import { loadavg } from 'node:os';
import { type CacheKeyInput, createLocalEmbedder, SemanticCache } from '@tokenwise/semantic-cache';
import { ENGINE_OPTIONS } from '../../apps/server/src/gateway/cache/cache-index.ts';
import { randomWords, xorshift32 } from '../../apps/server/src/testing/random-words.ts';

const lookups = Number(process.argv[2] ?? 15);
const sizes = (process.argv[3] ?? '2048,4096,8192,16384').split(',').map(Number);
const only = process.argv[4]?.split(',');
const THRESHOLD = 0.95;

/** Deterministic numbers for a seed (randomWords' generator). */
function random(seed: number): () => number {
  const next = xorshift32(seed);
  // A small seed's first numbers are near 0: skipped, so near seeds give unlike texts.
  for (let i = 0; i < 8; i++) next();
  return next;
}

/** Repeats pieces from `piece` until the text holds `chars` characters. */
function fill(chars: number, piece: (i: number) => string, join = ' '): string {
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < chars; i++) {
    const p = piece(i);
    parts.push(p);
    length += p.length + join.length;
  }
  return parts.join(join).slice(0, chars);
}

const word = (next: () => number, min = 2, spread = 9) => {
  let w = '';
  const size = min + Math.floor(next() * spread);
  for (let i = 0; i < size; i++) w += String.fromCharCode(97 + Math.floor(next() * 26));
  return w;
};
const capital = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
const PROSE =
  'The quarterly report shows revenue grew in most regions while costs stayed flat, and the team expects the same next quarter if hiring goes as planned.';

/** Each kind's text of about `chars` characters; `seed` varies the made-up parts. */
const KINDS: Record<string, (chars: number, seed: number) => string> = {
  words: (chars, seed) => randomWords(chars, seed),
  numbers: (chars, seed) => {
    const next = random(seed);
    const n = () => Math.floor(next() * 10_000);
    const forms = [
      () => `${n()}`,
      () => `v${n() % 20}.${n() % 30}.${n() % 9}`,
      () => `2024-${1 + (n() % 12)}-${1 + (n() % 28)}`,
      () => `May ${1 + (n() % 28)}, 20${10 + (n() % 20)}`,
      () => `https://${word(next)}.example.com/${word(next)}/${n()}?id=${n()}`,
      () => `${word(next)}_${word(next)}()`,
      () => `${capital(word(next))}${capital(word(next))}.${word(next)}(${n()}, -${n() % 9})`,
      () => `${n() % 100}%`,
      () => `$${n()}.${n() % 100}`,
      () => `${n()} ms`,
    ];
    return fill(chars, () => (forms[Math.floor(next() * forms.length)] as () => string)());
  },
  pasted: (chars) => `Summarise this report:\n${fill(chars - 40, () => PROSE)}`,
  'one-line': (chars, seed) => {
    const next = random(seed);
    return fill(chars, () => word(next), '');
  },
  'one-line-punct': (chars, seed) => {
    const next = random(seed);
    return fill(chars, () => `${word(next, 1, 3)}${'@.:/-_'[Math.floor(next() * 6)]}`, '');
  },
  brackets: (chars, seed) => {
    const next = random(seed);
    const forms = [
      () => `"${word(next)}"`,
      () => `(${word(next)})`,
      () => `[${word(next)}]`,
      () => `{${word(next)}}`,
      () => `'${word(next)}'`,
      () => `“${word(next)}”`,
      () => `((${word(next)}`,
      () => `${word(next)}))`,
      () => `\`${word(next)}\``,
    ];
    return fill(chars, () => (forms[Math.floor(next() * forms.length)] as () => string)());
  },
  'nested-brackets': (chars) => `${'('.repeat(chars / 2 - 1)}a${')'.repeat(chars / 2)}`,
  connectives: (chars, seed) => {
    const next = random(seed);
    const forms = [
      () => `use ${word(next)} instead of ${word(next)}`,
      () => `${word(next)} and ${word(next)}`,
      () => `${word(next)} or ${word(next)}`,
      () => `not ${word(next)} but ${word(next)}`,
      () => `from ${word(next)} to ${word(next)}`,
      () => `rather than ${word(next)}`,
      () => `in each ${word(next)}`,
      () => `if ${word(next)} and ${word(next)} or ${word(next)}`,
    ];
    return fill(chars, () => (forms[Math.floor(next() * forms.length)] as () => string)());
  },
  capitalised: (chars, seed) => {
    const next = random(seed);
    return fill(chars, () => capital(word(next, 3, 7)));
  },
  'capitalised-pairs': (chars, seed) => {
    const next = random(seed);
    return fill(chars, () => `${capital(word(next, 3, 5))} ${capital(word(next, 3, 5))}.`);
  },
  'repeated-word': (chars) => fill(chars, () => 'refund'),
  negations: (chars, seed) => {
    const next = random(seed);
    return fill(chars, () => `do not ${word(next)} and never ${word(next)}, without ${word(next)}`);
  },
};

/**
 * Kinds whose lookups are not near-copies of one text. `scattered`: made-up words, each copy with
 * every tenth word its own, so no two share a run of 20 words (the shared-text judgement never
 * applies) and the guards read both whole texts. `reworded`: a new text of made-up words each
 * time, stored under one instruction and looked up under its rewording, the pair a long paraphrase
 * hit is made of (only the rewordings are looked up against a near entry; the rest miss at once).
 * `shared-opening`: two sentences every copy opens with, then made-up words of its own: the
 * guards read what follows the shared opening (decision 054) on both sides.
 */
const STREAMS: Record<string, (chars: number) => (i: number) => string> = {
  scattered: (chars) => {
    const base = randomWords(chars, 1).split(' ');
    return (i) => {
      const next = random(2_000 + i);
      return base.map((w, k) => (k % 10 === i % 10 ? word(next, w.length, 1) : w)).join(' ');
    };
  },
  'shared-opening': (chars) => (i) => `${PROSE} ${PROSE}\n${randomWords(chars - 320, 300 + i)}`,
  reworded: (chars) => (i) =>
    i % 2 === 0
      ? `Summarise this report in three bullet points:\n${randomWords(chars - 60, 100 + i)}`
      : `Give me a three bullet point summary of this report:\n${randomWords(chars - 60, 99 + i)}`,
};
KINDS.scattered = (chars, seed) => randomWords(chars, seed);
KINDS['shared-opening'] = (chars, seed) => randomWords(chars, seed);
KINDS.reworded = (chars, seed) => randomWords(chars, seed);

/**
 * A near-copy of `base`: one word near the end (past 90% of the text, where the shared-text
 * judgement and the guards meet it last) replaced by a made-up word of the same length, or,
 * in a text without spaces, one letter there.
 */
function variant(base: string, i: number): string {
  const next = random(1_000 + i);
  const at = Math.floor(base.length * (0.9 + next() * 0.08));
  const start = base.lastIndexOf(' ', at) + 1;
  let end = base.indexOf(' ', at);
  if (end < 0) end = base.length;
  if (start === 0 || end - start > 40) {
    const c = String.fromCharCode(97 + Math.floor(next() * 26));
    return base.slice(0, at) + c + base.slice(at + 1);
  }
  return base.slice(0, start) + word(next, end - start, 1) + base.slice(end);
}

const input = (text: string): CacheKeyInput => ({
  accountId: 'bench',
  provider: 'openai',
  modelFamily: 'gpt-4o-mini',
  messages: [{ role: 'user', content: text }],
  params: {},
});

const embedder = createLocalEmbedder();
embedder.warmUp();
const OFF = { negation: false, date: false, number: false, entity: false };
const bare = { code_identifier: false, instruction: false, ...OFF };

/** CPU time between two readings: other processes on a shared machine do not inflate it. */
const ms = (a: NodeJS.CpuUsage, b: NodeJS.CpuUsage) =>
  (b.user - a.user + b.system - a.system) / 1_000;
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? 0;

/**
 * Lookups of `textOf(8)`, `textOf(9)`, … each stored after it, as the gateway stores a miss, the
 * first 8 stored unmeasured: a cache holding near-copies already, as one an attacker filled.
 */
async function measure(textOf: (i: number) => string, guarded: boolean) {
  const cache = new SemanticCache({
    ...ENGINE_OPTIONS,
    embedder,
    ...(guarded ? {} : { guards: bare, pairVerifier: false, firstCheckVeto: false }),
  });
  const times: number[] = [];
  const stores: number[] = [];
  let hits = 0;
  for (let i = 0; i < lookups + 8; i++) {
    const query = input(textOf(i));
    const t0 = process.cpuUsage();
    const found = await cache.lookup(query, { threshold: THRESHOLD, nearestOnMiss: false });
    const t1 = process.cpuUsage();
    const prepared = await cache.prepare(query);
    cache.insert({
      ...prepared,
      id: `e${i}`,
      expiresAt: Infinity,
      payload: { responseJson: '{}' },
    });
    const t2 = process.cpuUsage();
    if (i < 8) continue;
    times.push(ms(t0, t1));
    stores.push(ms(t1, t2));
    if (found.kind !== 'miss') hits++;
  }
  return { times, stores, hits };
}

const row = (name: string, chars: number, g: Awaited<ReturnType<typeof measure>>, b: typeof g) =>
  console.log(
    [
      name.padEnd(18),
      String(chars).padStart(6),
      pct(g.times, 0.5).toFixed(2).padStart(8),
      Math.max(...g.times)
        .toFixed(2)
        .padStart(8),
      pct(b.times, 0.5).toFixed(2).padStart(8),
      (pct(g.times, 0.5) - pct(b.times, 0.5)).toFixed(2).padStart(8),
      pct(g.stores, 0.5).toFixed(2).padStart(7),
      `${g.hits}/${g.times.length}`.padStart(6),
    ].join(' '),
  );

console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}; ${lookups} lookups each`,
);
console.log('kind                chars  p50 ms   max ms  bare p50  guards   store   hits');
const ordinary = (chars: number) => (seed: number) =>
  fill(chars, (i) => (i === 0 ? `Question ${seed}: how do I` : PROSE));
// Compiled and loaded (the verifier's weights) before any figure is taken.
await measure((i) => variant(ordinary(2_000)(1), i), true);
const nearCopies = (text: string) => (i: number) => variant(text, i);
for (const chars of [200, 2_000]) {
  if (only && !only.includes('ordinary')) break;
  const texts = nearCopies(ordinary(chars)(1));
  row('ordinary', chars, await measure(texts, true), await measure(texts, false));
}
for (const [name, make] of Object.entries(KINDS)) {
  if (only && !only.includes(name)) continue;
  for (const chars of sizes) {
    const texts = STREAMS[name]?.(chars) ?? nearCopies(make(chars, 1));
    row(name, chars, await measure(texts, true), await measure(texts, false));
  }
}
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
