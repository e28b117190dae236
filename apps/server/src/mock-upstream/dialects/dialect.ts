import type { ReplyPlan } from '../reply-plan.ts';
import type { ParsedRequest } from '../types.ts';

export type Json = Record<string, unknown>;

/** One SSE event the mock writes; strings go out verbatim, anything else as JSON. */
export interface SseOut {
  event?: string;
  data: unknown;
}

/** A refusal the mock answers in the provider's error shape. */
export interface MockRefusal {
  status: number;
  message: string;
  code?: string;
  /** OpenAI-compatible bodies: the request field the error names. */
  param?: string;
  /** Gemini: the wait its RetryInfo detail names (Gemini sends no `retry-after` header). */
  retryAfterSeconds?: number;
}

export interface EmbeddingInput {
  model: string;
  texts: string[];
  dimensions?: number;
  /** Gemini's embedContent (one vector) rather than batchEmbedContents. */
  single?: boolean;
}

/** One provider's wire format, as far as the mock needs it. */
export interface Dialect {
  /** A refusal when the request lacks the provider's credentials or required headers. */
  checkHeaders(headers: Record<string, string>, url: URL): MockRefusal | undefined;
  /** The request in the mock's common shape, or a refusal for a body the provider would reject. */
  parseChat(body: Json, url: URL): ParsedRequest | MockRefusal;
  answer(plan: ReplyPlan): unknown;
  stream(plan: ReplyPlan): SseOut[];
  error(
    status: number,
    message: string,
    code?: string,
    param?: string,
    retryAfterSeconds?: number,
  ): unknown;
  /** The wait goes in the error body (Gemini's RetryInfo), not a `retry-after` header. */
  retryDelayInBody?: boolean;
  /** The SSE event name of an error sent inside a stream (Anthropic's `error`); else plain data. */
  errorEvent?: string;
  embeddings?: {
    parse(body: Json, url: URL): EmbeddingInput;
    answer(vectors: number[][], input: EmbeddingInput, tokens: number): unknown;
  };
}

export const isRefusal = (value: unknown): value is MockRefusal =>
  typeof (value as MockRefusal).status === 'number';

/** The value as an array (an absent or non-array value is empty). */
export const list = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);

export const str = (value: unknown): string => (typeof value === 'string' ? value : '');
