import type { RedactionSession } from '@tokenwise/pii';
import type { ModelInfo } from '@tokenwise/pricing';
import type { CacheKeyInput } from '@tokenwise/semantic-cache';
import type { AccountState } from './account-state.ts';
import type { ResolvedApiKey } from './api-key-resolver.ts';
import type { CacheMode, LevelOverride } from './control-headers.ts';
import type { ProviderAdapter } from './providers/provider-adapter.ts';
import type { ChatCompletionRequest, UpstreamTarget } from './types.ts';

export type Endpoint = 'chat' | 'messages' | 'embeddings';

/** One gateway request as it moves through the stages; each stage fills in its part. */
export interface GatewayContext {
  requestId: string;
  startedAt: number;
  endpoint: Endpoint;
  /** The caller's credential as sent (Authorization bearer or x-api-key). */
  credential: string | undefined;
  /** What the caller sent, in canonical form, never modified. */
  original: ChatCompletionRequest;
  /** What goes upstream; stages rewrite it (model, messages). */
  request: ChatCompletionRequest;
  apiKey?: ResolvedApiKey;
  account?: AccountState;
  /** Sent unoptimized because the account is over its monthly quota. */
  passthrough: boolean;
  /** Sent unoptimized as part of the A/B baseline sample. */
  baseline: boolean;
  /** Characters of text in the prompt's messages (see limit-optimizations.ts). */
  promptChars: number;
  /** The caller pinned the model (`x-tokenwise-pin-model: true`): routing must not change it. */
  pinModel: boolean;
  /** The caller's per-request compression level (header), if any. */
  levelOverride?: LevelOverride;
  /** Set when personal data was replaced; the answer is restored with it. */
  redaction?: RedactionSession;
  requestedModel?: ModelInfo;
  model?: ModelInfo;
  adapter?: ProviderAdapter;
  target?: UpstreamTarget;
  storedProviderKeyId?: string;
  optimization: {
    level: string | null;
    originalTokens: number;
    tokensSaved: number;
    originalText: string;
    optimizedText: string;
    /** Why compression, the semantic cache or routing left this request alone, when they did. */
    skipped: string[];
  };
  /** Set by log/finish.ts: the request's one log row has been written (see there). */
  finished: boolean;
  routing: { wasRouted: boolean; difficulty: string | null; reasons: string[] };
  cache: {
    mode: CacheMode;
    status: 'hit' | 'miss' | 'bypass' | 'off';
    ttlSeconds?: number;
    input?: CacheKeyInput;
    entryId?: string;
    similarity?: number;
    layer?: 'exact' | 'semantic';
  };
}
