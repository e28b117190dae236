// What a cache at its budget pays in its HNSW graph: one partition filled to a cap, then for every
// new entry the oldest removed (as CacheIndex.enforceBudget evicts), with a search before each
// insert as a miss does. Prints CPU per insert (with its eviction) and per search, every 5,000.
// `node --import tsx bench/support/index-churn.ts [cap=7500] [total=40000]` (decision 078)
import { createLocalEmbedder } from '@tokenwise/semantic-cache';
import { GraphPartition } from '../../packages/semantic-cache/src/index/graph-partition.ts';
import { uniquePrompts } from './unique-prompts.ts';

const cap = Number(process.argv[2] ?? 7_500);
const total = Number(process.argv[3] ?? 40_000);
const next = uniquePrompts(17);
const embedder = createLocalEmbedder();
const vectors = await embedder.embed(Array.from({ length: total }, () => next()));
const cpuMicros = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};
// The gateway's settings (apps/server/src/gateway/cache/cache-index.ts).
const graph = new GraphPartition(embedder.dimensions, {
  initialCapacity: 1024,
  m: 16,
  efConstruction: 32,
  efSearch: 32,
});
let oldest = 0;
let insertMicros = 0;
let searchMicros = 0;
let counted = 0;
vectors.forEach((vector, i) => {
  let at = cpuMicros();
  graph.search(vector, 5);
  searchMicros += cpuMicros() - at;
  at = cpuMicros();
  if (graph.size >= cap) graph.remove(`e${oldest++}`);
  graph.add(`e${i}`, vector);
  insertMicros += cpuMicros() - at;
  counted++;
  if ((i + 1) % 5_000 === 0) {
    console.log(
      `${i + 1} entries stored (${graph.size} held): insert ${(insertMicros / counted).toFixed(1)} µs, search ${(searchMicros / counted).toFixed(1)} µs CPU`,
    );
    insertMicros = 0;
    searchMicros = 0;
    counted = 0;
  }
});
