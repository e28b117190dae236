// What the semantic cache's graph search finds against an exact scan, and what it costs, for a few
// HNSW settings: bench prompts (unique-prompts.ts) embedded with the local embedder, one partition.
// `node --import tsx bench/support/index-recall.ts [entries=6000] [queries=300]`
import { createLocalEmbedder } from '@tokenwise/semantic-cache';
import { VectorIndex } from '../../packages/semantic-cache/src/index/vector-index.ts';
import { uniquePrompts } from './unique-prompts.ts';

const entries = Number(process.argv[2] ?? 6_000);
const queries = Number(process.argv[3] ?? 300);
const SETTINGS = [
  { m: 16, efConstruction: 64, efSearch: 64 },
  { m: 16, efConstruction: 32, efSearch: 32 },
  { m: 16, efConstruction: 24, efSearch: 24 },
];

const next = uniquePrompts(13);
const embedder = createLocalEmbedder();
const vectors = await embedder.embed(Array.from({ length: entries + queries }, () => next()));
const stored = vectors.slice(0, entries);
const asked = vectors.slice(entries);
const dot = (a: Float32Array, b: Float32Array) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] ?? 0) * (b[i] ?? 0);
  return s;
};
const truth = asked.map((q) =>
  stored
    .map((v, i) => ({ id: `e${i}`, similarity: dot(q, v) }))
    .sort((a, b) => b.similarity - a.similarity)
    .slice(0, 5)
    .map((n) => n.id),
);
const cpuMicros = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

for (const setting of SETTINGS) {
  // A low flat limit so the graph serves nearly every entry, as in a busy partition.
  const index = new VectorIndex(embedder.dimensions, { ...setting, flatLimit: 64 });
  let at = cpuMicros();
  stored.forEach((vector, i) => {
    index.add({ id: `e${i}`, vector, partition: 'p' });
  });
  const addMicros = (cpuMicros() - at) / entries;
  at = cpuMicros();
  let top1 = 0;
  let top5 = 0;
  asked.forEach((q, i) => {
    const found = index.search(q, 'p', 5).map((n) => n.id);
    const want = truth[i] ?? [];
    if (found[0] === want[0]) top1 += 1;
    top5 += found.filter((id) => want.includes(id)).length / 5;
  });
  const searchMicros = (cpuMicros() - at) / queries;
  console.log(
    `M ${setting.m} efConstruction ${setting.efConstruction} efSearch ${setting.efSearch}: insert ${addMicros.toFixed(0)} µs, search ${searchMicros.toFixed(0)} µs CPU; recall@1 ${(top1 / queries).toFixed(3)}, recall@5 ${(top5 / queries).toFixed(3)}`,
  );
}
