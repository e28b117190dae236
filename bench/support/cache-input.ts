import type { CacheKeyInput } from '@tokenwise/semantic-cache';

/** One user prompt as the cache keys it, for one account and model (the lookup benches). */
export const inputOf = (text: string): CacheKeyInput => ({
  accountId: 'a',
  provider: 'openai',
  modelFamily: 'gpt-4o-mini',
  messages: [{ role: 'user', content: text }],
  params: {},
});
