import type { ServerResponse } from 'node:http';
import type { ProviderId } from '../gateway/types.ts';

/** How the mock answers one request. Unset fields fall back to `setDefault`, then to a normal echo. */
export interface MockBehaviour {
  /** Answer with this HTTP status (≥ 400: the provider's native error body). */
  status?: number;
  errorMessage?: string;
  /** OpenAI-compatible error bodies: the error's `code` (`context_length_exceeded`, `insufficient_quota`). */
  errorCode?: string;
  /** OpenAI-compatible error bodies: the request field the error names (`param`). */
  errorParam?: string;
  /** Sent as `retry-after` with error answers. */
  retryAfterSeconds?: number;
  /**
   * Headers sent with the answer, whole, streamed or an error (embeddings and count_tokens too): a provider's rate-limit headers
   * (`x-ratelimit-*`, `anthropic-ratelimit-*`) and the others it writes (cookies, its request id).
   */
  headers?: Record<string, string>;
  /** Sent as `x-should-retry` with error answers, as OpenAI and Anthropic send it. */
  shouldRetry?: boolean;
  /** The error message quotes the credential the request carried, as OpenAI's 401 does. */
  echoCredential?: boolean;
  /**
   * Streams with `status`: the stream starts normally and, after this many events, carries the
   * error as the provider's own error event instead of an HTTP status.
   */
  streamErrorAfterChunks?: number;
  /** A 2xx answer that is not JSON: a non-stream body cut mid-object, a stream garbled half-way. */
  malformed?: boolean;
  /** Non-streams: the body goes out a few bytes at a time, this long apart (streams: chunkDelayMs). */
  trickleMs?: number;
  /**
   * Tests only: answers the request itself (status, headers, body), for answers no behaviour here
   * gives (bodies of hundreds of MB, a line without end, JSON under an event-stream header).
   */
  respond?: (res: ServerResponse) => void | Promise<void>;
  /** Reset the TCP connection (RST) instead of answering. */
  resetConnection?: boolean;
  /** Delay before the response headers. */
  latencyMs?: number;
  /** Headers go out, then silence this long before the body (for timeout tests). */
  hangMs?: number;
  /** Delay between stream events (for benchmarks and slow-stream tests). */
  chunkDelayMs?: number;
  /** Streams: after this many SSE events, silence (the headers and those events went out). */
  stallAfterChunks?: number;
  /**
   * A 2xx answer other than the dialect's: `json` is sent as a JSON body (to a stream request
   * too, as some proxies answer one with their error), streams send `events` (strings verbatim,
   * anything else as JSON) and end. For shapes no behaviour above
   * gives: empty `choices`, no `usage`, an event stream without its end signal.
   */
  raw?: { json?: unknown; events?: Array<{ event?: string; data: unknown }> };
  /** Close the socket after this many SSE events (0: right after the headers); non-streams are cut before any byte. */
  cutStreamAfterChunks?: number;
  /** Reply text instead of the echo of the last user message. */
  reply?: string;
  /** Streams: cut the reply every this many characters instead of by words (splits words too). */
  pieceChars?: number;
  /** Answer with this tool call when the request offers tools. */
  toolCall?: { name: string; arguments: Record<string, unknown> };
  /** Token counts to report instead of counting the request and reply. */
  usage?: { input: number; output: number };
  omitStreamUsage?: boolean;
  /** Model name the provider reports (default: the requested one). */
  reportModel?: string;
  /**
   * Anthropic: a thinking block with this text comes before the answer, with a signature the mock
   * checks when the block is sent back (a changed block is refused, as Claude refuses it).
   */
  thinking?: string;
  /**
   * Anthropic: the edits context editing applied, reported as `context_management.applied_edits`
   * (whole, and on message_delta) when the request asks for context editing; `[]` when unset.
   */
  appliedEdits?: Record<string, unknown>[];
  /**
   * Anthropic: prompt-cache reads and writes to report next to input_tokens. Gemini: `read` is
   * reported as usageMetadata's cachedContentTokenCount (part of promptTokenCount).
   */
  cacheTokens?: { read?: number; write?: number };
  /**
   * Anthropic: the reply is cited, as Claude splits a cited answer: a text block leading in, then
   * the reply's block carrying these citations (streams: its `citations_delta` events first).
   */
  citations?: Record<string, unknown>[];
  /**
   * OpenAI: the message's annotations (`url_citation`s, as a search model writes them); streamed,
   * in a delta of their own after the text.
   */
  annotations?: Record<string, unknown>[];
  /** Anthropic: the answer stopped on this stop sequence. */
  stopSequence?: string;
  /**
   * Anthropic: when the request offers the web search tool, Claude runs these searches (at most
   * the tool's `max_uses`) before it answers, each a server_tool_use block and a
   * web_search_tool_result block listing `results`, and reports them in usage.server_tool_use.
   */
  webSearch?: { queries: string[]; results: Array<{ url: string; title: string }> };
  /**
   * Anthropic: Claude pauses the turn after its searches (`stop_reason: pause_turn`, as a long
   * server-tool turn does): the answer is `reply` as a text block, then the search blocks, no
   * more. The request that sends them back (the last message, the assistant's) gets the next
   * queued behaviour, as Claude continues the turn.
   */
  pauseTurn?: boolean;
  /**
   * Gemini: the answer is grounded in Google Search: the candidate's `groundingMetadata` lists
   * `queries`, `pages`, and per `cites` entry the passage of the reply (found by its text) with the
   * indexes of the pages it rests on. Gemini grounds only when offered the googleSearch tool; the
   * mock grounds whenever told, so paths that cannot offer it (Responses) can be checked too.
   */
  grounding?: {
    queries: string[];
    pages: Array<{ url: string; title: string }>;
    cites: Array<{ text: string; pages: number[] }>;
  };
}

/** What the mock understood from a native request, in one shape for every provider. */
export interface ParsedRequest {
  model: string;
  stream: boolean;
  /** OpenAI-style `stream_options.include_usage`. */
  includeUsage: boolean;
  /** Text of the last user turn (tool results included). */
  lastUserText: string;
  /** Every text in the request, for token counting. */
  allText: string;
  /** Images as data: URLs or the URLs given. */
  images: string[];
  toolNames: string[];
  system: string;
  /** OpenAI's `n`: how many choices to answer with (1 when not asked). */
  n?: number;
  /** OpenAI's `logprobs`: each token's log probability comes with the answer. */
  logprobs?: boolean;
  /** OpenAI text completions' `echo`: the answer's text starts with this prompt. */
  echoPrompt?: string;
  /** OpenAI's `service_tier`, as asked. */
  serviceTier?: string;
  /** Anthropic: the request asks for context editing (`context_management`, beta). */
  contextManagement?: boolean;
  /** Anthropic: the request offers the web search server tool, with this `max_uses` if any. */
  webSearch?: { maxUses?: number };
  /** Gemini: the request offers the Google Search tool. */
  googleSearch?: boolean;
}

export interface MockCall {
  provider: ProviderId;
  path: string;
  headers: Record<string, string>;
  /** The parsed JSON body (undefined when it was not JSON). */
  body: unknown;
  /** The mock's reading of the body; absent for embeddings and unreadable requests. */
  parsed?: ParsedRequest;
  at: number;
  /** The gateway closed the connection before the answer was complete (set when it happens). */
  abandoned?: boolean;
}

export interface MockUpstream {
  /** http://127.0.0.1:<port> */
  url: string;
  /** What to put in OPENAI_BASE_URL etc. */
  baseUrls: Record<ProviderId, string>;
  /** Every request received, oldest first. */
  calls: MockCall[];
  callCount(provider?: ProviderId): number;
  /** Queues a behaviour for the next request (FIFO), for one provider or for any. */
  enqueue(b: MockBehaviour, provider?: ProviderId): void;
  setDefault(b: Partial<MockBehaviour>): void;
  /** Forgets calls, queued behaviours and defaults. */
  reset(): void;
  close(): Promise<void>;
}
