import type { CompressionLevel } from '@tokenwise/compression';
import type { DifficultyResult } from '@tokenwise/difficulty';
import type { OffsetMap, RedactionSession } from '@tokenwise/pii';
import type { ModelInfo } from '@tokenwise/pricing';
import type { CacheKeyInput } from '@tokenwise/semantic-cache';
import type { AccountState } from './accounts/account-state.ts';
import type { ResolvedApiKey } from './accounts/api-key-resolver.ts';
import type { QuotaHold } from './accounts/quota-reservations.ts';
import type { ProviderAdapter } from './providers/provider-adapter.ts';
import type { TokenCounts } from './request/token-counts.ts';
import type { ChatCompletionRequest, UpstreamTarget } from './types.ts';
import type { CallerGone } from './upstream/caller-gone.ts';

export type Endpoint = 'chat' | 'completions' | 'messages' | 'responses' | 'embeddings';

/** How the caller asked the cache to treat this request (control-headers.ts reads the header). */
export type CacheMode = 'default' | 'bypass' | 'refresh' | 'no-store';

/** A per-request compression level; 'off' sends the prompt uncompressed. */
export type LevelOverride = CompressionLevel | 'off';

/**
 * Where the request goes: the model the caller named, the one routing chose (the same unless it
 * routed), the provider's adapter and the upstream call's model, key and URL. Set by
 * resolve-target.ts and replaced whole by routing, so its parts always agree.
 */
export interface Target {
  requested: ModelInfo;
  chosen: ModelInfo;
  adapter: ProviderAdapter;
  upstream: UpstreamTarget;
  /** The account's stored provider key in use (marked used on dispatch); none for a server key. */
  storedKeyId: string | undefined;
}

/** One gateway request as it moves through the stages; each stage fills in its part. */
export interface GatewayContext {
  requestId: string;
  startedAt: number;
  /** When the request is logged and counted (created_at, rollups): startedAt, unless the test
   * clock (wire/test-clock.ts) back-dated it. Latency and key last-use stay on startedAt. */
  recordedAt: number;
  endpoint: Endpoint;
  /** The caller's credential as sent (Authorization bearer or x-api-key). */
  credential: string | undefined;
  /** Raised when the caller's connection closes first: the provider's call ends with a 499. */
  callerGone?: CallerGone;
  /** What the caller sent, in canonical form, never modified. */
  original: ChatCompletionRequest;
  /** The messages and parameters that go upstream; stages rewrite the messages. The model sent is
   * `target.upstream.model`, never this request's. */
  request: ChatCompletionRequest;
  apiKey?: ResolvedApiKey;
  account?: AccountState;
  /** Sent unoptimized because the account is over its monthly quota, or as an embeddings call. */
  passthrough: boolean;
  /** Tokens held against the quota until the request finishes (log/finish.ts settles them). */
  quotaHold?: QuotaHold;
  /** Sent unoptimized as part of the A/B baseline sample. */
  baseline: boolean;
  /** Characters of text in the prompt's messages (see limit-optimizations.ts). */
  promptChars: number;
  /** The caller pinned the model (`x-tokenwise-pin-model: true`): routing must not change it. */
  pinModel: boolean;
  /** The caller's per-request compression level (header), if any. */
  levelOverride?: LevelOverride;
  /** Token counts made by compression, read back by difficulty scoring (made on first use). */
  tokenCounts?: TokenCounts;
  /** Set when personal data was replaced; the answer is restored with it. */
  redaction?: RedactionSession;
  /**
   * Where the placeholders sit in each plain-text document that had some, by the
   * `document_index` Claude cites it with: restore-pii maps citation offsets back with them.
   */
  documentOffsets?: ReadonlyMap<number, OffsetMap>;
  target?: Target;
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
  routing: {
    wasRouted: boolean;
    difficulty: string | null;
    reasons: string[];
    /**
     * Set when routing will not use the difficulty (routing off, pinned, baseline or passthrough):
     * the log scores it once the answer has been sent (log/finish.ts), for the routing screen's mix.
     */
    scoreLater?: () => DifficultyResult;
    /**
     * N when routing would not use the difficulty and this request was not the one in N scored for
     * the routing screen's mix (decision 051): left unscored, and said so in its log row.
     */
    notSampled?: number;
  };
  cache: {
    mode: CacheMode;
    status: 'hit' | 'miss' | 'bypass' | 'off';
    ttlSeconds?: number;
    input?: CacheKeyInput;
    entryId?: string;
    similarity?: number;
    layer?: 'exact' | 'semantic';
    /** The pair verifier admitted the hit below the threshold (decision 043). */
    verified?: true;
  };
}

/** The context once resolve-target.ts has run: the stages after it take this. */
export type TargetedContext = GatewayContext & { target: Target };
