import {
  createLocalEmbedder,
  createRemoteEmbedder,
  type Embedder,
} from '@tokenwise/semantic-cache';

export const CACHE_EMBEDDERS = ['local', 'openai', 'gemini', 'mistral'] as const;
export type CacheEmbedderChoice = (typeof CACHE_EMBEDDERS)[number];

/** Provider embedding models the cache can use, at a fixed size so one index holds them. */
export const REMOTE_EMBEDDING_MODELS = {
  openai: { model: 'text-embedding-3-small', dimensions: 512 },
  gemini: { model: 'gemini-embedding-001', dimensions: 768 },
  mistral: { model: 'mistral-embed', dimensions: 1024 },
} as const;

export type RemoteEmbed = (
  accountId: string,
  provider: keyof typeof REMOTE_EMBEDDING_MODELS,
  texts: string[],
) => Promise<number[][]>;

/**
 * One engine per embedder: the local one shared by every account, a provider's one per account
 * (it spends that account's key). Ids name model and size, so stored vectors are never mixed.
 */
export function remoteEmbedderId(provider: keyof typeof REMOTE_EMBEDDING_MODELS): string {
  const m = REMOTE_EMBEDDING_MODELS[provider];
  return `remote:${provider}:${m.model}:${m.dimensions}`;
}

export function createAccountEmbedder(
  accountId: string,
  provider: keyof typeof REMOTE_EMBEDDING_MODELS,
  embed: RemoteEmbed,
): Embedder {
  return createRemoteEmbedder({
    id: remoteEmbedderId(provider),
    dimensions: REMOTE_EMBEDDING_MODELS[provider].dimensions,
    embed: (texts) => embed(accountId, provider, texts),
  });
}

export { createLocalEmbedder };

/** The provider of a remote embedder id, or undefined for the local embedder. */
export function providerOfEmbedder(
  embedderId: string,
): keyof typeof REMOTE_EMBEDDING_MODELS | undefined {
  const provider = /^remote:(\w+):/.exec(embedderId)?.[1];
  return provider && provider in REMOTE_EMBEDDING_MODELS
    ? (provider as keyof typeof REMOTE_EMBEDDING_MODELS)
    : undefined;
}
