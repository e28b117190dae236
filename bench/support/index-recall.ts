// What the semantic cache's graph search finds against an exact scan, and what it costs, for a few
// HNSW settings: bench prompts (unique-prompts.ts) embedded with the local embedder, one partition.
// `node --import tsx bench/support/index-recall.ts [entries=6000] [queries=300]`
// (INDEX_SETTINGS="m/efConstruction/efSearch[#d/c],..." tries other settings; INDEX_TEXTS=eval stores
// and asks the cache eval's tuning texts instead of bench prompts, which share their openings and
// make near neighbours easy to find; "codes/48" scans binary codes instead, decision 200)
import { createLocalEmbedder } from '@tokenwise/semantic-cache';
import { VectorIndex } from '../../packages/semantic-cache/src/index/vector-index.ts';
import { codeSetting } from './code-setting.ts';
import { evalTexts } from './eval-texts.ts';
import { uniquePrompts } from './unique-prompts.ts';

const entries = Number(process.argv[2] ?? 6_000);
const queries = Number(process.argv[3] ?? 300);
const SETTINGS = (process.env.INDEX_SETTINGS ?? '16/64/64,16/32/32,16/24/24')
  .split(',')
  .map((s) => {
    const codes = codeSetting(s);
    if (codes)
      return {
        m: 0,
        efConstruction: 0,
        efSearch: 0,
        graphDimensions: 0,
        graphCandidates: 0,
        ...codes,
      };
    // "…#d/c": a d-dimension projection in the graph, c candidates re-scored (decision 195).
    const [params = '', short = '0/0'] = s.split('#');
    const [m, efConstruction, efSearch] = params.split('/').map(Number);
    const [graphDimensions, graphCandidates] = short.split('/').map(Number);
    return {
      m: m ?? 16,
      efConstruction: efConstruction ?? 32,
      efSearch: efSearch ?? 32,
      graphDimensions: graphDimensions ?? 0,
      graphCandidates: graphCandidates ?? 0,
    };
  });

const next = uniquePrompts(13);
const embedder = createLocalEmbedder();
const texts =
  process.env.INDEX_TEXTS === 'eval'
    ? evalTexts().slice(0, entries + queries)
    : Array.from({ length: entries + queries }, () => next());
// The last `queries` texts are asked, the rest stored.
const vectors = await embedder.embed(texts);
const stored = vectors.slice(0, vectors.length - queries);
const asked = vectors.slice(vectors.length - queries);
const dot = (a: Float32Array, b: Float32Array) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] ?? 0) * (b[i] ?? 0);
  return s;
};
const exact = asked.map((q) =>
  stored
    .map((v, i) => ({ id: `e${i}`, similarity: dot(q, v) }))
    .sort((a, b) => b.similarity - a.similarity)
    .slice(0, 5),
);
const truth = exact.map((top) => top.map((n) => n.id));
// The cache only cares about a neighbour near enough to be judged at all: the exact best at or
// above this raw cosine is a query whose miss costs a hit.
const NEAR = 0.6;
const near = exact.map((top) => (top[0]?.similarity ?? 0) >= NEAR);
const nearCount = near.filter(Boolean).length;
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
  const addMicros = (cpuMicros() - at) / stored.length;
  at = cpuMicros();
  let top1 = 0;
  let top5 = 0;
  let nearTop1 = 0;
  asked.forEach((q, i) => {
    const neighbours = index.search(q, 'p', 5);
    const found = neighbours.map((n) => n.id);
    const want = truth[i] ?? [];
    // Ties count as found: texts that embed the same have no best among them.
    const best = (neighbours[0]?.similarity ?? -1) >= (exact[i]?.[0]?.similarity ?? 0) - 1e-6;
    if (best) top1 += 1;
    if (near[i] && best) nearTop1 += 1;
    top5 += found.filter((id) => want.includes(id)).length / 5;
  });
  const searchMicros = (cpuMicros() - at) / queries;
  console.log(
    `${'codeCandidates' in setting ? `codes/${setting.codeCandidates}` : `M ${setting.m} efConstruction ${setting.efConstruction} efSearch ${setting.efSearch}${setting.graphDimensions ? ` graph ${setting.graphDimensions}/${setting.graphCandidates}` : ''}`}: insert ${addMicros.toFixed(0)} µs, search ${searchMicros.toFixed(0)} µs CPU; recall@1 ${(top1 / queries).toFixed(3)}, recall@5 ${(top5 / queries).toFixed(3)}; recall@1 where the best is ≥ ${NEAR} ${nearTop1}/${nearCount}; ${stored.length} stored`,
  );
}
