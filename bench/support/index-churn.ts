// What a cache at its budget pays in its HNSW graph: one partition filled to a cap, then for every
// new entry the oldest removed (as CacheIndex.enforceBudget evicts), with a search before each
// insert as a miss does. Prints CPU per insert (with its eviction) and per search while the graph
// fills and once it evicts, per setting and round (settings alternate), then each one's medians.
// `node --import tsx bench/support/index-churn.ts [cap=7500] [total=40000] [rounds=1]`
// (decisions 078, 188; INDEX_SETTINGS="m/efConstruction/efSearch,..." tries other settings.
// Decision 190: "16/32/32@g" uses generational-graph.ts with generations of g entries instead, dead
// entries forgotten; "@gm" marks them deleted; "@gd" drops the old generation whole, no FIFO.
// Decision 195: "16/32/32#d/c" links a d-dimension projection in the graph and re-scores c
// candidates with the full vectors, re-ranked-graph.ts; the search time includes the re-scoring.
// Decision 200: "codes/48" scans 128-bit codes and re-scores 48, code-scan-partition.ts.)
import { createLocalEmbedder } from '@tokenwise/semantic-cache';
import { CodeScanPartition } from '../../packages/semantic-cache/src/index/code-scan-partition.ts';
import { GraphPartition } from '../../packages/semantic-cache/src/index/graph-partition.ts';
import { ReRankedGraph } from '../../packages/semantic-cache/src/index/re-ranked-graph.ts';
import { codeSetting } from './code-setting.ts';
import { GenerationalGraph } from './generational-graph.ts';
import { uniquePrompts } from './unique-prompts.ts';

const cap = Number(process.argv[2] ?? 7_500);
const total = Number(process.argv[3] ?? 40_000);
const rounds = Number(process.argv[4] ?? 1);
// The gateway's settings first (apps/server/src/gateway/cache/cache-index.ts).
const SETTINGS = (process.env.INDEX_SETTINGS ?? '16/32/32').split(',');
const next = uniquePrompts(17);
const embedder = createLocalEmbedder();
const vectors = await embedder.embed(Array.from({ length: total }, () => next()));
const cpuMicros = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

/** µs of CPU per insert and per search, while filling and at the cap. */
function run(setting: string) {
  const [graphPart = '', generation] = setting.split('@');
  const [params = '', short] = graphPart.split('#');
  const [graphDimensions, graphCandidates] = (short ?? '').split('/').map(Number);
  const [m, efConstruction, efSearch] = params.split('/').map(Number);
  const options = {
    initialCapacity: 1024,
    m: m ?? 16,
    efConstruction: efConstruction ?? 32,
    efSearch: efSearch ?? 32,
  };
  const codes = codeSetting(setting);
  const graph = codes
    ? new CodeScanPartition(embedder.dimensions, codes)
    : generation
      ? new GenerationalGraph(
          embedder.dimensions,
          options,
          Number(generation.replace(/[md]$/, '')),
          generation.endsWith('m'),
          generation.endsWith('d'),
        )
      : short
        ? new ReRankedGraph(embedder.dimensions, {
            ...options,
            graphDimensions: graphDimensions ?? 64,
            graphCandidates: graphCandidates ?? 24,
          })
        : new GraphPartition(embedder.dimensions, options);
  // Slots written and not freed: a refilled graph never passes its capacity.
  let mostSlots = 0;
  const spent = { fill: { insert: 0, search: 0, n: 0 }, cap: { insert: 0, search: 0, n: 0 } };
  let oldest = 0;
  vectors.forEach((vector, i) => {
    const phase = i >= cap ? spent.cap : spent.fill;
    let at = cpuMicros();
    graph.search(vector, 5);
    phase.search += cpuMicros() - at;
    at = cpuMicros();
    // A dropping graph evicts on its own, a generation at a time.
    if (graph.size >= cap && !generation?.endsWith('d')) graph.remove(`e${oldest++}`);
    graph.add(`e${i}`, vector);
    phase.insert += cpuMicros() - at;
    phase.n++;
    mostSlots = Math.max(mostSlots, graph instanceof GenerationalGraph ? graph.slots : graph.size);
  });
  const per = (p: typeof spent.fill) => ({ insert: p.insert / p.n, search: p.search / p.n });
  return { fill: per(spent.fill), cap: per(spent.cap), mostSlots };
}

const results = new Map<string, ReturnType<typeof run>[]>(SETTINGS.map((s) => [s, []]));
const f = (n: number) => n.toFixed(1);
for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? SETTINGS : [...SETTINGS].reverse();
  for (const setting of order) {
    const r = run(setting);
    results.get(setting)?.push(r);
    console.log(
      `round ${round + 1} ${setting}: filling insert ${f(r.fill.insert)} search ${f(r.fill.search)}; at the cap insert ${f(r.cap.insert)} search ${f(r.cap.search)} µs CPU; most slots held ${r.mostSlots}`,
    );
  }
}
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2
    ? (s[s.length >> 1] ?? 0)
    : ((s[s.length / 2 - 1] ?? 0) + (s[s.length / 2] ?? 0)) / 2;
};
for (const [setting, rs] of results) {
  const m = (pick: (r: ReturnType<typeof run>) => number) => f(median(rs.map(pick)));
  console.log(
    `median ${setting} (${cap} held, ${rs.length} rounds): filling insert ${m((r) => r.fill.insert)} search ${m((r) => r.fill.search)}; at the cap insert ${m((r) => r.cap.insert)} search ${m((r) => r.cap.search)} µs CPU`,
  );
}
