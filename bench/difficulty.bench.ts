// Latency of scoreDifficulty, which runs on every gateway request: a short chat turn, a typical
// question with a snippet, a pasted article, a 10k-token document, a 100k-character unbroken run
// and the whole routing eval set.
// Run: node --import tsx bench/difficulty.bench.ts  → bench/results/difficulty.json
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { DifficultyInput } from '@tokenwise/difficulty';

const importStart = performance.now();
const { scoreDifficulty } = await import('@tokenwise/difficulty');
const firstCallStart = performance.now();
scoreDifficulty({ messages: [{ role: 'user', content: 'warm up' }] });
const coldMs = {
  import: firstCallStart - importStart,
  firstCall: performance.now() - firstCallStart,
};

const user = (content: string): DifficultyInput => ({ messages: [{ role: 'user', content }] });
const paragraph =
  'The council approved the first phase of the light rail extension after six years of debate, ' +
  'adding seven miles of track and six stations between the central station and the former ' +
  'industrial district, where thousands of new homes are planned over the next decade. ';
const snippet = [
  'My worker crashes with a KeyError. What is wrong and how do I fix it?',
  '```python',
  'def process_batch(batch):',
  '    totals = {}',
  '    for item in batch:',
  '        if item["qty"] <= 0:',
  '            continue',
  '        totals[item["sku"]] += item["qty"]',
  '    save_totals(totals)',
  '```',
  'Traceback (most recent call last):',
  '  File "/app/worker.py", line 54, in process_batch',
  "KeyError: 'A-1043'",
].join('\n');

const evalSet = readFileSync(new URL('../eval/data/routing/prompts.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => (JSON.parse(line) as { request: DifficultyInput }).request);

interface Case {
  name: string;
  requests: DifficultyInput[];
}

const cases: Case[] = [
  { name: 'chat turn', requests: [user('Good morning! How are you today?')] },
  { name: 'typical: snippet + trace', requests: [user(snippet)] },
  {
    name: 'pasted article',
    requests: [user(`Summarise this in five bullets:\n\n${paragraph.repeat(12)}`)],
  },
  {
    name: '10k-token document',
    requests: [user(`Translate this into German:\n\n${paragraph.repeat(200)}`)],
  },
  // One unbroken run (a pasted base64 blob or a hostile request): the tokenizer is quadratic in
  // run length, so the scorer counts such runs in slices; this case guards that.
  { name: '100k-char unbroken run', requests: [user(`Decode this: ${'QUJDRGVm'.repeat(12_500)}`)] },
  { name: `eval set (${evalSet.length} prompts)`, requests: evalSet },
];

const BUDGET_MS = 1500;
const MIN_CALLS = 200;

function measure({ name, requests }: Case) {
  for (let i = 0; i < 50; i += 1) scoreDifficulty(requests[i % requests.length] as DifficultyInput);
  const times: number[] = [];
  const tokens: number[] = [];
  const start = performance.now();
  while (times.length < MIN_CALLS || performance.now() - start < BUDGET_MS) {
    const request = requests[times.length % requests.length] as DifficultyInput;
    const t0 = performance.now();
    const result = scoreDifficulty(request);
    times.push(performance.now() - t0);
    if (tokens.length < requests.length) tokens.push(result.promptTokens);
    if (times.length >= 200_000) break;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return {
    name,
    medianPromptTokens: [...tokens].sort((a, b) => a - b)[Math.floor(tokens.length / 2)] ?? 0,
    calls: times.length,
    meanMs: times.reduce((a, b) => a + b, 0) / times.length,
    p50Ms: at(0.5),
    p95Ms: at(0.95),
    p99Ms: at(0.99),
    maxMs: times.at(-1) ?? 0,
  };
}

const results = cases.map(measure);
const typical = results.find((r) => r.name.startsWith('typical'));
const TYPICAL_BUDGET_MS = 0.5;

const f = (ms: number) => ms.toFixed(3).padStart(8);
console.log(
  `${'case'.padEnd(26)}${'tokens'.padStart(8)}${'calls'.padStart(9)}${'mean ms'.padStart(9)}${'p50'.padStart(8)}${'p95'.padStart(8)}${'p99'.padStart(8)}`,
);
for (const r of results) {
  console.log(
    `${r.name.padEnd(26)}${String(r.medianPromptTokens).padStart(8)}${String(r.calls).padStart(9)} ${f(r.meanMs)}${f(r.p50Ms)}${f(r.p95Ms)}${f(r.p99Ms)}`,
  );
}
console.log(
  `cold: import ${coldMs.import.toFixed(1)} ms, first call ${coldMs.firstCall.toFixed(2)} ms`,
);
const pass = (typical?.p95Ms ?? Number.POSITIVE_INFINITY) < TYPICAL_BUDGET_MS;
console.log(`typical p95 under ${TYPICAL_BUDGET_MS} ms: ${pass ? 'PASS' : 'FAIL'}`);

const dir = new URL('results/', import.meta.url);
mkdirSync(dir, { recursive: true });
writeFileSync(
  new URL('difficulty.json', dir),
  `${JSON.stringify({ node: process.version, coldMs, budget: { typicalP95UnderMs: TYPICAL_BUDGET_MS, pass }, results }, null, 2)}\n`,
);
