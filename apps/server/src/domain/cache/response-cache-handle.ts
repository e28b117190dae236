import type { CacheKeyInput, LookupResult } from '@tokenwise/semantic-cache';
import type { AccountSettings } from '../settings/account-settings.repository.ts';

/**
 * A prompt the dashboard sends to the cache (preview, warm-up): plain text turns only. A type, not
 * an interface: the gateway's ChatMessage has an index signature, which only a type alias meets.
 */
export type CachePromptMessage = {
  role: 'system' | 'user';
  content: string;
};

/** A warm-up answer: a plain assistant reply, as the gateway's cache stores it. */
export interface CachedAnswer {
  response: {
    id: string;
    object: 'chat.completion';
    created: number;
    model: string;
    choices: {
      index: number;
      message: { role: 'assistant'; content: string };
      finish_reason: 'stop';
    }[];
    usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
  };
  tokensIn: number;
  tokensOut: number;
  cost: number;
}

export interface CacheScope {
  accountId: string;
  provider: string;
  model: { id: string; family: string };
}

/**
 * What the dashboard's semantic-cache feature may do with the gateway's response cache. The
 * gateway's ResponseCache satisfies it; app.ts hands it to the feature, which never imports the
 * gateway.
 */
export interface ResponseCacheHandle {
  keyInput(
    scope: CacheScope,
    messages: CachePromptMessage[],
    params: Record<string, unknown>,
  ): CacheKeyInput;
  lookup(
    input: CacheKeyInput,
    threshold: number,
    embedder?: AccountSettings['cache_embedder'],
  ): Promise<LookupResult>;
  store(
    scope: CacheScope,
    input: CacheKeyInput,
    answer: CachedAnswer,
    ttlSeconds: number,
    embedder?: AccountSettings['cache_embedder'],
  ): Promise<string>;
  /** Resolves once every store under way has reached the database. */
  settled(): Promise<void>;
  /** Writes the hit counters and the entries stored so far, so a read sees them. */
  flushHits(): Promise<void>;
  removeEntry(accountId: string, id: string): Promise<boolean>;
  removeAll(accountId: string): Promise<number>;
  removeMatching(accountId: string, pattern: string): Promise<number>;
}
