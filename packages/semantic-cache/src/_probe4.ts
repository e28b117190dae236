import { readFileSync } from 'node:fs';
import { SemanticCache } from './cache/semantic-cache.ts';
import { createLocalEmbedder } from './embedding/local-embedder.ts';

const embedder = createLocalEmbedder();
const req = (q: string) => ({
  accountId: 'a',
  provider: 'openai',
  modelFamily: 'gpt-4o',
  messages: [{ role: 'user', content: q }],
  params: {},
});
const lines = readFileSync(
  '/work/wt/h139-cache-nearmiss/eval/data/cache/independent/near-miss-long-hostile.txt',
  'utf8',
).split('\n');
const p = (n: string) => lines.find((l) => l.startsWith(`@${n} `))!.slice(n.length + 2);
const docs: Record<string, string> = {
  MAIL: `${p('mail1')} ${p('mail2')}`,
  PRD: `${p('prd1')} ${p('prd2')} ${p('prd3')}`,
  CODE: p('py1'),
};
const pairs: [string, string][] = JSON.parse(process.argv[2]!);
const fill = (s: string) => s.replace(/MAIL|PRD|CODE/g, (m) => docs[m]!);
for (const [a, b] of pairs) {
  const cache = new SemanticCache({ embedder });
  cache.insert({ ...(await cache.prepare(req(fill(a)))), id: 'c', expiresAt: Infinity });
  const r = await cache.lookup(req(fill(b)), { threshold: 0.85 });
  console.log(
    r.kind === 'miss'
      ? `miss ${r.best?.similarity?.toFixed(3)} ${r.best?.refusedBy}`
      : `HIT ${r.similarity.toFixed(3)}`,
    '|',
    a.slice(0, 50),
    '|',
    b.slice(0, 50),
  );
}
