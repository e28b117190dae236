import type { AppDeps } from '../../deps.ts';
import type { ProviderKeyResolver } from '../accounts/provider-key-resolver.ts';
import { getProvider } from '../providers/registry.ts';
import { sendEmbeddings } from '../upstream/client.ts';
import { REMOTE_EMBEDDING_MODELS } from './cache-embedders.ts';

const EMBED_TIMEOUT_MS = 10_000;

/**
 * Cache vectors from a provider's embedding model, paid with the account's own key (or the
 * system fallback key), at the fixed size the cache index expects.
 */
export async function embedWithProvider(
  deps: AppDeps,
  keys: ProviderKeyResolver,
  accountId: string,
  provider: keyof typeof REMOTE_EMBEDDING_MODELS,
  texts: string[],
): Promise<number[][]> {
  const { model, dimensions } = REMOTE_EMBEDDING_MODELS[provider];
  const adapter = getProvider(provider);
  const key = await keys.choose(accountId, provider);
  const { response } = await sendEmbeddings(
    adapter,
    // mistral-embed has one fixed size and takes no size parameter.
    { model, input: texts, ...(provider === 'mistral' ? {} : { dimensions }) },
    {
      provider,
      model,
      apiKey: key.apiKey,
      keySource: key.storedKeyId ? 'account' : 'deployment',
      baseUrl: deps.config.providers[provider].baseUrl ?? adapter.defaultBaseUrl,
    },
    { timeoutMs: EMBED_TIMEOUT_MS, maxRetries: 1 },
  );
  return [...response.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
}
