import type {
  ChatCompletionChunk,
  ChatCompletionRequest,
  ChatCompletionResponse,
  EmbeddingsRequest,
  EmbeddingsResponse,
  ProviderId,
  TokenUsage,
  UpstreamTarget,
} from '../types.ts';

/**
 * One HTTP call to a provider, fully built: the upstream client only sends it. The body is the JSON
 * value, written out by the client (in a worker thread when it is large, see encode-body.ts).
 */
export interface HttpRequestSpec {
  url: string;
  method: 'POST' | 'GET';
  headers: Record<string, string>;
  json?: unknown;
}

/** Turns one provider's native stream, event by event, into OpenAI chunks. */
export interface StreamTranslator {
  /** Feed one upstream SSE event (event name may be undefined; data is the raw data string). Returns OpenAI chunks to emit now. */
  push(event: { event?: string; data: string }): ChatCompletionChunk[];
  /** Upstream stream ended: final chunks (if any). */
  end(): ChatCompletionChunk[];
  /** Usage reported by the provider in the stream, if it reported any. */
  usage(): TokenUsage | undefined;
  /**
   * True once the answer's end arrived (a finish reason, Anthropic's stop_reason, or the stream's
   * end signal): what the SDKs read as a finished answer. False means the stream was cut mid-answer,
   * an error for the caller.
   */
  completed(): boolean;
  /**
   * True once the provider's own end-of-stream signal arrived (OpenAI's `[DONE]`, Anthropic's
   * message_stop; Gemini sends none besides the finish reason). Without it the stream was cut after
   * the answer's end: passed on as complete, but not cached (decision 091).
   */
  ended(): boolean;
}

/**
 * A provider's way to go on with a turn it paused (Claude's `pause_turn`), in its native format:
 * the gateway continues it for callers whose format cannot (decision 187).
 */
export interface PausedTurn {
  /** The request that continues `answer`'s paused turn, or undefined when it did not pause. */
  continuation(request: unknown, answer: unknown): unknown | undefined;
  /** The answers of one turn, first to last, as the one native answer they make. */
  join(answers: unknown[]): unknown;
}

/** Everything the gateway knows about one provider's wire format. */
export interface ProviderAdapter {
  id: ProviderId;
  defaultBaseUrl: string;
  /** Native request (streaming if req.stream). */
  chatRequest(req: ChatCompletionRequest, target: UpstreamTarget): HttpRequestSpec;
  /** Native JSON answer → OpenAI answer; its id is `requestId`, its model the one the provider reports. */
  chatResponse(body: unknown, target: UpstreamTarget, requestId: string): ChatCompletionResponse;
  streamTranslator(target: UpstreamTarget, meta: { id: string; created: number }): StreamTranslator;
  /** Message to show the caller for a non-2xx native answer (the provider's own message when present). */
  errorMessage(status: number, bodyText: string): string;
  embeddingsRequest?(req: EmbeddingsRequest, target: UpstreamTarget): HttpRequestSpec;
  embeddingsResponse?(body: unknown, target: UpstreamTarget): EmbeddingsResponse;
  /** The provider's own count of a prompt's input tokens (Anthropic's count_tokens). */
  countTokensRequest?(req: ChatCompletionRequest, target: UpstreamTarget): HttpRequestSpec;
  countTokensResponse?(body: unknown): number;
  pausedTurn?: PausedTurn;
}
