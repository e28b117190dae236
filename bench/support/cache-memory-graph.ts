// RSS and heap per entry at the cache's cap for one graph setting, as cache-memory.ts measures the
// gateway's engine (decision 195: a projected graph holds the full vectors in JavaScript).
// `node --import tsx bench/support/cache-memory-graph.ts [entries=7500] [graph=d/c, 0/0 for full]`
// (decision 200: "codes/24" for scans of binary codes, the gateway's setting since; a graph
// setting builds decision 195's graph, M 16, efConstruction and efSearch 32)
import { createLocalEmbedder } from '@tokenwise/semantic-cache';
import { ENGINE_OPTIONS } from '../../apps/server/src/gateway/cache/cache-index.ts';
import { measureCacheMemory } from './cache-memory.ts';
import { codeSetting } from './code-setting.ts';

const entries = Number(process.argv[2] ?? 7_500);
const setting = process.argv[3] ?? '0/0';
const [graphDimensions, graphCandidates] = setting.split('/').map(Number);
Object.assign(ENGINE_OPTIONS, {
  index: codeSetting(setting) ?? {
    efConstruction: 32,
    efSearch: 32,
    graphDimensions,
    graphCandidates,
    codeCandidates: 0,
  },
});
const embedder = createLocalEmbedder();
await embedder.warmUp();
const m = await measureCacheMemory(embedder, entries);
const mib = (perEntry: number) => ((perEntry * m.entries) / 2 ** 20).toFixed(2);
console.log(
  `graph ${process.argv[3] ?? 'full'}: ${m.entries} entries; per entry rss ${m.rssBytesPerEntry} B (${mib(m.rssBytesPerEntry)} MiB), heap ${m.heapUsedBytesPerEntry} B, external ${m.externalBytesPerEntry} B, counted ${m.countedBytesPerEntry} B`,
);
