import { compressMessages } from '@tokenwise/compression';
import { scoreDifficulty } from '@tokenwise/difficulty';
import { ALL_KINDS_PII_CONFIG, RedactionSession } from '@tokenwise/pii';
import { createLocalEmbedder, SemanticCache } from '@tokenwise/semantic-cache';
import { uniquePrompts } from './unique-prompts.ts';

const next = uniquePrompts();
const N = 3000;
const prompts = Array.from({ length: N }, () => next());
const cpu = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};
const time = (name: string, f: (p: string, i: number) => unknown) => {
  const t = cpu();
  prompts.forEach((p, i) => f(p, i));
  console.log(name.padEnd(24), ((cpu() - t) / N).toFixed(1), 'µs');
};
time('warm', (p) => new RedactionSession(ALL_KINDS_PII_CONFIG).redactAll([p]));
time('pii redactAll', (p) => new RedactionSession(ALL_KINDS_PII_CONFIG).redactAll([p]));
time('compress balanced', (p) => compressMessages([{ role: 'user', content: p }], 'balanced'));
time('difficulty', (p) => scoreDifficulty({ messages: [{ role: 'user', content: p }] }));
const cache = new SemanticCache({ embedder: createLocalEmbedder(), memoCapacity: 64 });
const embedder = createLocalEmbedder();
await embedder.embed(['warm up']);
time('embed only', (p) => embedder.embed([p]));
time('embed again (same)', (p) => embedder.embed([p]));
let lookupT = 0,
  storeT = 0;
await cache.lookup(
  {
    accountId: 'w',
    provider: 'openai',
    modelFamily: 'x',
    messages: [{ role: 'user', content: 'warm up' }],
    params: {},
  } as never,
  { threshold: 0.95 },
);
for (let i = 0; i < N; i++) {
  const input = {
    accountId: 'a',
    provider: 'openai',
    modelFamily: 'gpt-4o-mini',
    messages: [{ role: 'user', content: prompts[i] }],
    params: {},
  };
  let t = cpu();
  await cache.lookup(input as never, { threshold: 0.95 });
  lookupT += cpu() - t;
  t = cpu();
  const prepared = await cache.prepare(input as never);
  cache.insert({
    id: `e${i}`,
    ...prepared,
    payload: {},
    createdAt: 0,
    expiresAt: Date.now() + 3600_000,
  } as never);
  storeT += cpu() - t;
  if ((i + 1) % 500 === 0) {
    console.log(
      `cache lookup (${i - 498}-${i + 1} entries)`.padEnd(24),
      (lookupT / 500).toFixed(1),
      'µs; store',
      (storeT / 500).toFixed(1),
      'µs',
    );
    lookupT = 0;
    storeT = 0;
  }
}
