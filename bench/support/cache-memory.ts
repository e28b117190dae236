// What one semantic-cache entry costs in memory, the way the gateway holds it: unique prompts
// through an engine configured as CacheIndex configures its own, each a lookup (a miss), then the
// row the gateway writes, then that row as the engine entry (cache-persistence.ts). Figures are
// process.memoryUsage() deltas after forced collections, divided by the entries held; RSS also
// counts the HNSW graph (native memory V8 does not see) and the heap's headroom.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { CacheEntryRow } from '@tokenwise/db';
import { type CacheKeyInput, type LocalEmbedder, SemanticCache } from '@tokenwise/semantic-cache';
import { ENGINE_OPTIONS } from '../../apps/server/src/gateway/cache/cache-index.ts';
import { engineEntryOf } from '../../apps/server/src/gateway/cache/cache-persistence.ts';
import { encodeVector } from '../../apps/server/src/gateway/cache/vector-codec.ts';
import { uniquePrompts } from './unique-prompts.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

export interface CacheMemory {
  entries: number;
  heapUsedBytesPerEntry: number;
  externalBytesPerEntry: number;
  rssBytesPerEntry: number;
  /** The engine's own account of its bytes (the budget's unit, SemanticCache.bytes), per entry. */
  countedBytesPerEntry: number;
}

/** An answer shaped like the mock upstream's: the prompt echoed back, as the soak's answers are. */
function answerJson(prompt: string, i: number): string {
  return JSON.stringify({
    id: `chatcmpl-${i.toString(36).padStart(12, '0')}`,
    object: 'chat.completion',
    created: 1_764_000_000 + i,
    model: 'gpt-4o-mini',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: `Echo: ${prompt}` },
        finish_reason: 'stop',
      },
    ],
    usage: { prompt_tokens: 40, completion_tokens: 42, total_tokens: 82 },
  });
}

function settledMemory(): NodeJS.MemoryUsage {
  for (let i = 0; i < 3; i++) gc();
  return process.memoryUsage();
}

export async function measureCacheMemory(
  embedder: LocalEmbedder,
  count: number,
): Promise<CacheMemory> {
  const engine = new SemanticCache({ ...ENGINE_OPTIONS, embedder });
  const nextPrompt = uniquePrompts(11);
  const prompts = Array.from({ length: count }, nextPrompt);
  const before = settledMemory();
  for (const [i, prompt] of prompts.entries()) {
    const input: CacheKeyInput = {
      accountId: 'acct_memory',
      provider: 'openai',
      modelFamily: 'gpt-4o',
      messages: [{ role: 'user', content: prompt }],
      params: {},
    };
    await engine.lookup(input, { threshold: 0.95 });
    const prepared = await engine.prepare(input);
    const row: CacheEntryRow = {
      id: crypto.randomUUID(),
      account_id: 'acct_memory',
      scope: prepared.scope,
      provider: 'openai',
      model: 'gpt-4o-mini',
      exact_key: prepared.exactKey,
      context_fingerprint: prepared.contextFingerprint,
      query_text: prepared.queryText,
      vector: encodeVector(prepared.vector),
      embedder_id: engine.embedderId,
      response: answerJson(prompt, i),
      tokens_in: 40,
      tokens_out: 42,
      cost: 0.0001,
      hits: 0,
      tokens_saved: 0,
      cost_saved: 0,
      last_hit_at: null,
      demoted: 0,
      created_at: i,
      expires_at: Number.MAX_SAFE_INTEGER,
    };
    engine.insert(engineEntryOf(row, engine));
  }
  prompts.length = 0;
  const after = settledMemory();
  const per = (key: keyof NodeJS.MemoryUsage) =>
    Math.round((after[key] - before[key]) / engine.size());
  return {
    entries: engine.size(),
    heapUsedBytesPerEntry: per('heapUsed'),
    externalBytesPerEntry: per('external'),
    rssBytesPerEntry: per('rss'),
    countedBytesPerEntry: Math.round(engine.bytes() / engine.size()),
  };
}
