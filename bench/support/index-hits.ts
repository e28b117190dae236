// What the graph's settings cost in hits (decisions 078, 188): full engines with every guard, one
// per HNSW setting and one scanning exactly (flatLimit above the size), the cache eval's tuning
// texts stored in one partition and the last ones looked up. Prints each setting's hits and the
// lookups whose verdict differs from the exact scan's (another entry of the same text is a tie).
// `node --import tsx bench/support/index-hits.ts [queries=600]`
// (INDEX_SETTINGS="m/efConstruction/efSearch,..."; THRESHOLDS="0.95,0.9"; "…#d/c" links a
// d-dimension projection and re-scores c candidates exactly, decision 195; "codes/48" scans
// binary codes instead of a graph, decision 200)
import {
  createLocalEmbedder,
  type Embedder,
  type LookupResult,
  SemanticCache,
} from '@tokenwise/semantic-cache';
import { ENGINE_OPTIONS } from '../../apps/server/src/gateway/cache/cache-index.ts';
import { evalRequest } from '../../eval/cache/score-pairs.ts';
import type { VectorIndexOptions } from '../../packages/semantic-cache/src/index/vector-index.ts';
import { codeSetting } from './code-setting.ts';
import { evalTexts } from './eval-texts.ts';

const queries = Number(process.argv[2] ?? 600);
// By default the gateway's two indexes: codes up to a cap of 10,000, 195's graph past it.
const SETTINGS = (process.env.INDEX_SETTINGS ?? 'codes/24,16/32/32#64/24').split(',');
const THRESHOLDS = (process.env.THRESHOLDS ?? '0.95,0.9').split(',').map(Number);
const local = createLocalEmbedder();
// Every engine embeds the same texts: remember them once.
const seen = new Map<string, Float32Array>();
const embedder: Embedder = {
  ...local,
  id: local.id,
  dimensions: local.dimensions,
  async embed(texts) {
    const missing = texts.filter((t) => !seen.has(t));
    if (missing.length > 0) {
      const vectors = await local.embed(missing);
      missing.forEach((t, i) => {
        seen.set(t, vectors[i] as Float32Array);
      });
    }
    return texts.map((t) => seen.get(t) as Float32Array);
  },
};
const texts = evalTexts();
const stored = texts.slice(0, texts.length - queries);
const asked = texts.slice(texts.length - queries);

async function verdicts(index: VectorIndexOptions) {
  const cache = new SemanticCache({ ...ENGINE_OPTIONS, embedder, index });
  let id = 0;
  for (const text of stored) {
    const p = await cache.prepare(evalRequest(text));
    cache.insert({
      ...p,
      id: `e${++id}`,
      expiresAt: Number.POSITIVE_INFINITY,
      payload: { responseJson: '{}' },
    });
  }
  const out: LookupResult[] = [];
  for (const threshold of THRESHOLDS)
    for (const text of asked) out.push(await cache.lookup(evalRequest(text), { threshold }));
  return { cache, out };
}

const show = (r: LookupResult) => (r.kind === 'miss' ? 'miss' : `${r.kind} ${r.entry.id}`);
const exact = await verdicts({ flatLimit: stored.length + 1 });
const hitsOf = (out: LookupResult[], t: number) =>
  out.slice(t * asked.length, (t + 1) * asked.length).filter((r) => r.kind !== 'miss').length;
console.log(
  `exact scan, ${stored.length} stored, ${asked.length} asked: hits`,
  THRESHOLDS.map((t, i) => `${hitsOf(exact.out, i)} at ${t}`).join(', '),
);
for (const setting of SETTINGS) {
  const [params = '', short] = setting.split('#');
  const [m, efConstruction, efSearch] = params.split('/').map(Number);
  const [graphDimensions, graphCandidates] = (short ?? '0/0').split('/').map(Number);
  const graph = await verdicts(
    codeSetting(setting) ?? { m, efConstruction, efSearch, graphDimensions, graphCandidates },
  );
  let differ = 0;
  let ties = 0;
  graph.out.forEach((r, i) => {
    const e = exact.out[i] as LookupResult;
    if (show(r) === show(e)) return;
    const same = r.kind !== 'miss' && e.kind !== 'miss' && r.entry.queryText === e.entry.queryText;
    if (same) ties++;
    else {
      differ++;
      const text = asked[i % asked.length] ?? '';
      console.log(`  differs: ${text.slice(0, 70)} | graph ${show(r)} | exact ${show(e)}`);
    }
  });
  console.log(
    `${setting}: hits`,
    THRESHOLDS.map((t, i) => `${hitsOf(graph.out, i)} at ${t}`).join(', '),
    `; verdicts differing from the exact scan ${differ}, ties (same text, other entry) ${ties}`,
  );
}
