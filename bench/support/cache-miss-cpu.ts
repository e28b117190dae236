// CPU of the cache's miss path in one process, as the gateway runs it for every new prompt of the
// peer and profile benches: lookup, prepare, insert, with the gateway's engine options and the
// benches' prompts. Prints CPU per miss over rounds and a digest of every lookup's outcome (kind,
// best candidate, similarity, refusing guard), so two builds can be shown to decide alike.
// `node --import tsx bench/support/cache-miss-cpu.ts [warm=3000] [measured=1500] [rounds=3]`
import { createHash } from 'node:crypto';
import { type CacheKeyInput, createLocalEmbedder, SemanticCache } from '@tokenwise/semantic-cache';
import { ENGINE_OPTIONS } from '../../apps/server/src/gateway/cache/cache-index.ts';
import { uniquePrompts } from './unique-prompts.ts';

const warm = Number(process.argv[2] ?? 3_000);
const measured = Number(process.argv[3] ?? 1_500);
const rounds = Number(process.argv[4] ?? 3);
const THRESHOLD = 0.95;

const cache = new SemanticCache({ ...ENGINE_OPTIONS, embedder: createLocalEmbedder() });
const nextPrompt = uniquePrompts();
const digest = createHash('sha256');
let served = 0;

async function miss(): Promise<void> {
  served += 1;
  const input: CacheKeyInput = {
    accountId: 'bench',
    provider: 'openai',
    modelFamily: 'gpt-4o-mini',
    // The gateway keys the cache on the redacted prompt: the benches' one e-mail address.
    messages: [
      { role: 'user', content: nextPrompt().replace('jane@example.com', '[EMAIL_ADDRESS_1]') },
    ],
    params: {},
  };
  const found = await cache.lookup(input, { threshold: THRESHOLD });
  const best = found.kind === 'miss' ? found.best : undefined;
  digest.update(
    `${found.kind} ${found.kind === 'miss' ? (best?.entry.id ?? '') : found.entry.id} ${best?.similarity ?? (found.kind === 'miss' ? '' : found.similarity)} ${best?.refusedBy ?? ''}\n`,
  );
  const prepared = await cache.prepare(input);
  const payload = { responseJson: '{}' };
  cache.insert({ ...prepared, id: `e${served}`, expiresAt: Number.POSITIVE_INFINITY, payload });
}

for (let i = 0; i < warm; i++) await miss();
for (let r = 0; r < rounds; r++) {
  const before = process.cpuUsage();
  for (let i = 0; i < measured; i++) await miss();
  const used = process.cpuUsage(before);
  console.log(
    `round ${r + 1}: ${Math.round((used.user + used.system) / measured)} µs CPU per miss (${served} entries after)`,
  );
}
console.log(`outcomes digest ${digest.digest('hex').slice(0, 16)}`);
