// Semantic cache lookup cost: p50/p99 of a whole lookup (request keys, embedding of the last user
// turn, nearest-neighbour search, guards) with 1k, 10k and 100k entries in one account and one
// conversation context (the worst case: one partition holds everything), plus embedding
// throughput and how often the HNSW graph returns the same best neighbour as an exact scan.
// The guards, the difference check included, run inside every lookup on near candidates only;
// their own cost per candidate (short and long prompts) and how often each one refused a close
// candidate are reported too. Target: p99 lookup under 5 ms at 100k entries. First, on a clean
// heap, what one entry costs in memory as the gateway holds it, at 20,000 entries (the default
// budget; bench/support/cache-memory.ts). Writes bench/results/cache.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type CacheEntry,
  type CacheKeyInput,
  checkGuards,
  createLocalEmbedder,
  type GuardName,
  guardFeatures,
  SemanticCache,
} from '@tokenwise/semantic-cache';
import { seededRandom } from '../packages/semantic-cache/src/seeded-random.ts';
import { measureCacheMemory } from './support/cache-memory.ts';

// Synthetic but varied questions: templates filled from word lists by a seeded generator, so
// every run builds the same 100k distinct prompts in about a second.
const TEMPLATES = [
  'How do I {verb} a {object} in {tool}?',
  'What is the best way to {verb} {object}s with {tool}?',
  'Why does my {object} fail to {verb} after {count} {unit} in {tool}?',
  'Can you explain how {tool} handles {object} {topic}?',
  'What is the difference between {tool} and {tool2} for {topic}?',
  'Write a {adjective} summary of our {topic} report for {team}.',
  'How many {unit} does it take to {verb} a {object} on {tool}?',
  'Is it safe to {verb} the {adjective} {object} in {tool} version {count}?',
];
const words = (list: string) => list.split(' ');
const WORDS: Record<string, string[]> = {
  verb: words(
    'deploy configure debug migrate cache index rename archive encrypt validate scale monitor export parse schedule compress rotate audit',
  ),
  object: words(
    'database container invoice queue webhook report cluster bucket pipeline table session certificate dashboard template schema token backup image',
  ),
  tool: words(
    'Kubernetes Postgres Redis Terraform Django Rails Spark Kafka Airflow Nginx Excel Salesforce Jenkins Grafana Vercel Snowflake',
  ),
  topic: words(
    'billing latency security onboarding retention compliance pricing logging capacity hiring forecasting churn',
  ),
  adjective: words(
    'short detailed quarterly legacy nightly encrypted shared regional temporary internal',
  ),
  unit: words('minutes hours days requests retries users rows'),
  team: words('finance sales support engineering legal marketing operations'),
};

/** `count` distinct prompts (a number suffix keeps the rare template collisions distinct). */
function syntheticPrompts(count: number, seed = 1): string[] {
  const random = seededRandom(seed);
  const pick = (list: string[]) => list[Math.floor(random() * list.length)] ?? '';
  const seen = new Set<string>();
  const prompts: string[] = [];
  while (prompts.length < count) {
    let text = pick(TEMPLATES).replace(/\{(\w+)\}/g, (_, slot: string) =>
      slot === 'count'
        ? String(1 + Math.floor(random() * 500))
        : pick(WORDS[slot.replace(/2$/, '')] ?? []),
    );
    if (seen.has(text)) text = `${text} (case ${prompts.length})`;
    seen.add(text);
    prompts.push(text);
  }
  return prompts;
}

/** A polite rewording of a stored prompt: what a returning user might type. */
function politeVariant(prompt: string, random: () => number): string {
  const openers = ['Hi! ', 'Quick question: ', 'Hello, ', 'Could you tell me: ', ''];
  const closers = [' Thanks!', ' Thanks in advance.', ' Please.', ''];
  const pick = (list: string[]) => list[Math.floor(random() * list.length)] ?? '';
  return `${pick(openers)}${prompt}${pick(closers)}`;
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SIZES = [1_000, 10_000, 100_000];
const LOOKUPS = 1_000;
const THRESHOLD = 0.95;
const TARGET_P99_MS = 5;

const request = (text: string): CacheKeyInput => ({
  accountId: 'acct_bench',
  provider: 'openai',
  modelFamily: 'gpt-4o',
  messages: [
    { role: 'system', content: 'You are a helpful assistant.' },
    { role: 'user', content: text },
  ],
  params: { temperature: 0 },
});

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}
const ms = (value: number) => Math.round(value * 1000) / 1000;

const started = performance.now();
const embedder = createLocalEmbedder();
let t = performance.now();
embedder.warmUp();
const loadSeconds = (performance.now() - t) / 1000;

const memory = {
  ...(await measureCacheMemory(embedder, 20_000)),
  loadAverage: os.loadavg().map((l) => Math.round(l * 10) / 10),
};

// Embedding throughput, one prompt per call as the cache embeds them.
const throughputPrompts = syntheticPrompts(3_000, 99);
const singleEmbed: number[] = [];
t = performance.now();
for (const prompt of throughputPrompts) {
  const s = performance.now();
  await embedder.embed([prompt]);
  singleEmbed.push(performance.now() - s);
}
const embedPerSecond = throughputPrompts.length / ((performance.now() - t) / 1000);
singleEmbed.sort((a, b) => a - b);

const cache = new SemanticCache({ embedder });
const stored = syntheticPrompts(SIZES.at(-1) ?? 0, 1);
const storedSet = new Set(stored);
const fresh = syntheticPrompts(LOOKUPS, 2).filter((p) => !storedSet.has(p));
const entries: CacheEntry[] = [];
const random = seededRandom(7);
const rows = [];
let prepareMs = 0;
let insertMs = 0;
let warmedUp = false;
for (const size of SIZES) {
  while (entries.length < size) {
    const i = entries.length;
    let s = performance.now();
    const prepared = await cache.prepare(request(stored[i] ?? ''));
    prepareMs += performance.now() - s;
    const entry = { ...prepared, id: `e${i}`, expiresAt: Number.POSITIVE_INFINITY };
    s = performance.now();
    cache.insert(entry);
    insertMs += performance.now() - s;
    entries.push(entry);
  }
  if (!warmedUp) {
    // Let the JIT compile the lookup path before anything is timed.
    for (let i = 0; i < 300; i++)
      await cache.lookup(request(politeVariant(stored[i] ?? '', random)), { threshold: THRESHOLD });
    warmedUp = true;
  }
  const latencies: number[] = [];
  const cpuTimes: number[] = [];
  let reworded = 0;
  let rewordedHits = 0;
  let freshHits = 0;
  const refusedBy: Partial<Record<GuardName, number>> = {};
  for (let i = 0; i < LOOKUPS; i++) {
    const askReworded = i % 2 === 0;
    const text = askReworded
      ? politeVariant(stored[Math.floor(random() * size)] ?? '', random)
      : (fresh[i % fresh.length] ?? '');
    const cpu = process.cpuUsage();
    const s = performance.now();
    const result = await cache.lookup(request(`${text}${askReworded ? '' : ` #${i}`}`), {
      threshold: THRESHOLD,
    });
    latencies.push(performance.now() - s);
    const used = process.cpuUsage(cpu);
    cpuTimes.push((used.user + used.system) / 1000);
    if (askReworded) {
      reworded++;
      if (result.kind !== 'miss') rewordedHits++;
    } else if (result.kind !== 'miss') freshHits++;
    const guard = result.kind === 'miss' ? result.best?.refusedBy : undefined;
    if (guard && guard !== 'threshold') refusedBy[guard] = (refusedBy[guard] ?? 0) + 1;
  }
  latencies.sort((a, b) => a - b);
  cpuTimes.sort((a, b) => a - b);
  rows.push({
    entries: size,
    p50Ms: ms(percentile(latencies, 0.5)),
    p99Ms: ms(percentile(latencies, 0.99)),
    maxMs: ms(latencies.at(-1) ?? 0),
    cpuP50Ms: ms(percentile(cpuTimes, 0.5)),
    cpuP99Ms: ms(percentile(cpuTimes, 0.99)),
    rewordedHitRate: Math.round((rewordedHits / reworded) * 1000) / 1000,
    freshPromptHits: freshHits,
    /** Lookups whose closest candidate reached the threshold and a guard refused. */
    refusedBy,
  });
}

// How often the graph's best neighbour is the exact best (an exact scan over all 100k vectors).
const sample = 50;
let agree = 0;
for (let i = 0; i < sample; i++) {
  const prompt = politeVariant(stored[Math.floor(random() * stored.length)] ?? '', random);
  const [vector] = await embedder.embed([prompt]);
  if (!vector) continue;
  let bestId = '';
  let bestSimilarity = -2;
  for (const entry of entries) {
    let dot = 0;
    for (let d = 0; d < vector.length; d++) dot += (vector[d] ?? 0) * (entry.vector[d] ?? 0);
    if (dot > bestSimilarity) {
      bestSimilarity = dot;
      bestId = entry.id;
    }
  }
  const result = await cache.lookup(request(prompt), { threshold: -1 });
  const found = result.kind === 'miss' ? result.best?.entry : result.entry;
  const foundSimilarity =
    result.kind === 'miss' ? (result.best?.similarity ?? -2) : result.similarity;
  // Equal scores (duplicate vectors) count as agreement.
  if (found?.id === bestId || Math.abs(foundSimilarity - bestSimilarity) < 1e-6) agree++;
}

// The verifier's own cost per near candidate: the query's features once per lookup, then one
// comparison per candidate (the stored entry's features are kept for the entries compared lately).
const REPORT = syntheticPrompts(12, 5).join(' ');
const verifierPairs = [
  ...stored.slice(0, 400).map((prompt) => [politeVariant(prompt, random), prompt]),
  ...stored
    .slice(400, 500)
    .map((prompt) => [`Summarize this: ${REPORT} ${prompt}`, `Summarize this: ${REPORT}`]),
];
const featureMs: number[] = [];
const compareMs: number[] = [];
const verdicts = {
  reworded: { refused: 0, byDifferenceCheck: 0 },
  long: { refused: 0, byDifferenceCheck: 0 },
};
for (const [i, [query = '', candidate = '']] of verifierPairs.entries()) {
  const candidateFeatures = guardFeatures(candidate);
  let s = performance.now();
  const queryFeatures = guardFeatures(query);
  featureMs.push(performance.now() - s);
  s = performance.now();
  const guard = checkGuards(queryFeatures, candidateFeatures);
  compareMs.push(performance.now() - s);
  const tally = i < 400 ? verdicts.reworded : verdicts.long;
  if (guard) tally.refused++;
  if (guard === 'instruction') tally.byDifferenceCheck++;
}
featureMs.sort((a, b) => a - b);
compareMs.sort((a, b) => a - b);
const verifier = {
  pairs: verifierPairs.length,
  longPairs: 100,
  queryFeaturesP50Ms: ms(percentile(featureMs, 0.5)),
  queryFeaturesP99Ms: ms(percentile(featureMs, 0.99)),
  comparePerCandidateP50Ms: ms(percentile(compareMs, 0.5)),
  comparePerCandidateP99Ms: ms(percentile(compareMs, 0.99)),
  /**
   * Polite rewordings should pass (refusals there are lost hits); long prompts with a question
   * added at the tail should all be refused (by the difference check or an earlier guard).
   */
  verdicts,
};

const last = rows.at(-1);
const results = {
  generatedAt: new Date().toISOString(),
  embedder: embedder.id,
  dimensions: embedder.dimensions,
  threshold: THRESHOLD,
  wordVectorLoadSeconds: Math.round(loadSeconds * 100) / 100,
  embedding: {
    promptsPerSecond: Math.round(embedPerSecond),
    p50Ms: ms(percentile(singleEmbed, 0.5)),
    p99Ms: ms(percentile(singleEmbed, 0.99)),
  },
  build: {
    entries: entries.length,
    prepareMsPerEntry: ms(prepareMs / entries.length),
    insertMsPerEntry: ms(insertMs / entries.length),
  },
  /** Bytes per entry at 20,000 gateway entries, after forced collections (decision 027). */
  memory,
  lookups: rows,
  verifier,
  annTop1Agreement: agree / sample,
  rssMegabytes: Math.round(process.memoryUsage().rss / 1e6),
  /** Other processes share the two cores: wall-clock tails include their time slices. */
  loadAverage: os.loadavg().map((l) => Math.round(l * 10) / 10),
  targetP99Ms: TARGET_P99_MS,
  meetsTarget: (last?.p99Ms ?? Number.POSITIVE_INFINITY) < TARGET_P99_MS,
  seconds: Math.round((performance.now() - started) / 100) / 10,
};

console.log(
  `embedder ${embedder.id} (${embedder.dimensions} dims), word vectors loaded in ${results.wordVectorLoadSeconds}s`,
);
console.log(
  `embedding: ${results.embedding.promptsPerSecond} prompts/s, p50 ${results.embedding.p50Ms} ms, p99 ${results.embedding.p99Ms} ms`,
);
console.log(
  `memory at ${memory.entries} entries, per entry: heap ${memory.heapUsedBytesPerEntry} B, external ${memory.externalBytesPerEntry} B, RSS ${memory.rssBytesPerEntry} B, counted for the budget ${memory.countedBytesPerEntry} B`,
);
console.log(
  `build: prepare ${results.build.prepareMsPerEntry} ms/entry, insert ${results.build.insertMsPerEntry} ms/entry`,
);
console.log(
  'entries   wall p50     wall p99     max         cpu p50      cpu p99      reworded hits  fresh hits',
);
for (const r of rows) {
  console.log(
    [
      String(r.entries).padEnd(9),
      `${r.p50Ms} ms`.padEnd(12),
      `${r.p99Ms} ms`.padEnd(12),
      `${r.maxMs} ms`.padEnd(11),
      `${r.cpuP50Ms} ms`.padEnd(12),
      `${r.cpuP99Ms} ms`.padEnd(12),
      String(r.rewordedHitRate).padEnd(14),
      r.freshPromptHits,
    ].join(' '),
  );
}
console.log(
  `refused near candidates at ${last?.entries}: ${JSON.stringify(last?.refusedBy ?? {})}; verifier: query features p50 ${verifier.queryFeaturesP50Ms} / p99 ${verifier.queryFeaturesP99Ms} ms, per candidate p50 ${verifier.comparePerCandidateP50Ms} / p99 ${verifier.comparePerCandidateP99Ms} ms, polite rewordings refused ${verifier.verdicts.reworded.refused}/400, long prompts with an added tail refused ${verifier.verdicts.long.refused}/${verifier.longPairs} (${verifier.verdicts.long.byDifferenceCheck} by the difference check)`,
);
console.log(
  `HNSW top-1 agreement with an exact scan at ${entries.length}: ${results.annTop1Agreement}`,
);
console.log(
  `target p99 < ${TARGET_P99_MS} ms at ${last?.entries}: ${results.meetsTarget ? 'met' : 'NOT met'}; rss ${results.rssMegabytes} MB; load average ${results.loadAverage.join(' ')}; ${results.seconds}s`,
);
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/cache.json'), `${JSON.stringify(results, null, 2)}\n`);
