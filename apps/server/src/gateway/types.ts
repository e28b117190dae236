/**
 * The gateway's canonical wire types. Every caller format (OpenAI chat, Anthropic messages) is
 * turned into a ChatCompletionRequest, every provider answer back into ChatCompletionResponse or
 * ChatCompletionChunk; the pipeline only ever sees these. Unknown fields pass through untouched.
 */

import type { ProviderId } from '@tokenwise/pricing/providers';

export { PROVIDER_IDS, type ProviderId } from '@tokenwise/pricing/providers';

/**
 * An Anthropic prompt-caching breakpoint (`{ type: 'ephemeral', ttl? }`). It may sit on a content
 * part, a tool call, a tool message (its tool_result) or a tool; only the Anthropic adapter sends it.
 */
export type CacheControl = { type: string; [key: string]: unknown };

/**
 * Anthropic extended thinking, kept verbatim: `thinking` text with the `signature` Claude checks
 * when the block comes back, or `redacted_thinking` with its encrypted `data`. Never edited.
 */
export type ThinkingBlock =
  | { type: 'thinking'; thinking: string; signature: string; [key: string]: unknown }
  | { type: 'redacted_thinking'; data: string; [key: string]: unknown };

export type ContentPart =
  | { type: 'text'; text: string; cache_control?: CacheControl }
  | {
      type: 'image_url';
      image_url: { url: string; detail?: string };
      cache_control?: CacheControl;
    }
  | { type: string; [key: string]: unknown };

/**
 * Google's OpenAI-compatibility extension. `google.thought_signature` is Gemini's opaque signature
 * of the thinking behind a function call (on the tool call) or an answer's text (on the message),
 * to be sent back unchanged; Gemini 3 refuses a tool-use turn whose calls lost theirs. Only the
 * Gemini adapter reads it; the others never forward it.
 */
export interface ExtraContent {
  google?: { thought_signature?: string; [key: string]: unknown };
  [key: string]: unknown;
}

export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
  cache_control?: CacheControl;
  extra_content?: ExtraContent;
}

export interface ChatMessage {
  /**
   * `function`: the answer to an assistant's legacy `function_call`, which OpenAI still accepts and
   * older SDK code sends; passed on as written and, like `tool`, never compressed.
   */
  role: 'system' | 'developer' | 'user' | 'assistant' | 'tool' | 'function';
  content: string | ContentPart[] | null;
  name?: string;
  tool_calls?: ToolCall[];
  tool_call_id?: string;
  /** Assistant turns: thinking the model did before answering, to send back unchanged. */
  thinking_blocks?: ThinkingBlock[];
  /** Assistant turns: Gemini's signature of the thinking behind the text. */
  extra_content?: ExtraContent;
  /** Tool messages: Anthropic's `is_error` on the tool_result. */
  is_error?: boolean;
  /** Tool messages: a prompt-caching breakpoint on the tool_result. */
  cache_control?: CacheControl;
  [key: string]: unknown;
}

export interface ToolDefinition {
  type: 'function';
  function: {
    name: string;
    description?: string;
    parameters?: Record<string, unknown>;
    strict?: boolean;
  };
  cache_control?: CacheControl;
}

export interface ChatCompletionRequest {
  model: string;
  messages: ChatMessage[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean } | null;
  tools?: ToolDefinition[];
  tool_choice?: unknown;
  response_format?: { type: string; [key: string]: unknown };
  temperature?: number;
  top_p?: number;
  max_tokens?: number;
  max_completion_tokens?: number;
  stop?: string | string[];
  n?: number;
  seed?: number;
  user?: string;
  /** Anthropic sampling: only the K most likely tokens. */
  top_k?: number;
  /** Anthropic extended thinking config (`{ type: 'enabled', budget_tokens }`…), sent as given. */
  thinking?: { type: string; [key: string]: unknown };
  /** Anthropic beta features (`context-1m-2025-08-07`…), sent as its `anthropic-beta` header. */
  anthropic_beta?: string[];
  /** An Anthropic caller's structured-output schema, sent to Claude as given. */
  output_format?: { type: string; schema: Record<string, unknown> };
  /** An Anthropic caller's `output_config` (`{effort}`), sent to Claude as given (decision 222). */
  output_config?: Record<string, unknown>;
  /** An Anthropic caller's context editing (beta), sent to Claude as given (decision 227). */
  context_management?: Record<string, unknown>;
  /** An Anthropic caller's container (id or `{id, skills}`), sent to Claude as given (decision 242). */
  container?: string | Record<string, unknown>;
  /** An Anthropic caller's `inference_geo`, where Claude runs it, sent as given (decision 242). */
  inference_geo?: string;
  [key: string]: unknown;
}

export interface TokenUsage {
  /** Every input token, cache reads and writes included. */
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  /**
   * Present when the provider reported prompt caching: tokens read from its cache and (Anthropic)
   * tokens written to it, both already counted in prompt_tokens.
   */
  prompt_tokens_details?: { cached_tokens?: number; cache_write_tokens?: number };
  /** Present when the provider reported them: thinking tokens, already counted in completion_tokens. */
  completion_tokens_details?: { reasoning_tokens?: number; [key: string]: unknown };
  /**
   * Present when Claude ran web searches (decision 182) or Gemini ran Google Search queries
   * (decision 184): billed per search beside the tokens.
   * LiteLLM's name on its OpenAI-shaped usage, Anthropic's own field.
   */
  server_tool_use?: { web_search_requests: number };
}

/** An Anthropic text block and the places in the caller's documents it cites. */
export interface CitedTextBlock {
  type: 'text';
  text: string;
  citations?: { cited_text?: string; [key: string]: unknown }[] | null;
  [key: string]: unknown;
}

/** One of a text block's citations, as Claude wrote it. */
export type Citation = NonNullable<CitedTextBlock['citations']>[number];

/**
 * OpenAI's annotation of an answer's text: the web page a span of it cites. Search models write
 * them; Claude's citations of web pages are made into them (decision 179). Indexes count
 * characters of the message's text.
 */
export interface UrlCitationAnnotation {
  type: 'url_citation';
  url_citation: { start_index: number; end_index: number; url: string; title: string };
}

export type FinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | null;

export interface ChatCompletionResponse {
  id: string;
  object: 'chat.completion';
  created: number;
  model: string;
  choices: {
    index: number;
    message: {
      role: 'assistant';
      content: string | null;
      tool_calls?: ToolCall[];
      refusal?: string | null;
      thinking_blocks?: ThinkingBlock[];
      /**
       * Claude's text blocks as it wrote them, when one carries citations (`content` is their
       * text joined): an Anthropic caller gets them back verbatim (decision 141).
       */
      text_blocks?: CitedTextBlock[];
      /**
       * OpenAI's annotations (a search model's `url_citation`s), as the model wrote them: indexes
       * into `content` with placeholders in it until the restore stage maps them (decision 164).
       */
      annotations?: unknown[];
      /**
       * The queries of the web searches the provider ran for the answer (Claude's server_tool_use
       * blocks, Gemini's webSearchQueries), for the Responses API's web_search_call items
       * (decision 185).
       */
      web_search_queries?: string[];
      extra_content?: ExtraContent;
    };
    finish_reason: FinishReason;
    /** The caller's stop sequence that ended the answer, when the provider says which. */
    stop_sequence?: string | null;
    logprobs?: unknown;
  }[];
  usage: TokenUsage;
  system_fingerprint?: string | null;
  /** OpenAI: the tier that served the answer (`default`, `flex`, `priority`…), as it said. */
  service_tier?: string | null;
  /** Claude's context editing report (`applied_edits`), whole, for Anthropic callers (decision 227). */
  context_management?: Record<string, unknown>;
}

export interface ChatCompletionChunk {
  id: string;
  object: 'chat.completion.chunk';
  created: number;
  model: string;
  choices: {
    index: number;
    delta: {
      role?: 'assistant';
      content?: string | null;
      tool_calls?: {
        index: number;
        id?: string;
        type?: 'function';
        function?: { name?: string; arguments?: string };
        /** On the first delta of a tool call, whole. */
        extra_content?: ExtraContent;
      }[];
      thinking_blocks?: ThinkingDelta[];
      /** Claude's text blocks where they matter: one opening after the first, or a citation. */
      text_block?: TextBlockDelta;
      extra_content?: ExtraContent;
      /** OpenAI: the model declined (structured outputs); its reason, streamed like text. */
      refusal?: string | null;
      /** OpenAI: annotations, each whole, in a delta of their own after the text they index. */
      annotations?: unknown[];
      /** Web searches the provider ran, each query whole, when it names them (decision 185). */
      web_search_queries?: string[];
    };
    finish_reason: FinishReason;
    stop_sequence?: string | null;
    logprobs?: unknown;
  }[];
  usage?: TokenUsage | null;
  /** OpenAI writes both on every chunk; passed on as it wrote them (decision 227). */
  system_fingerprint?: string | null;
  service_tier?: string | null;
  /** Claude's context editing report, on the chunk that finishes the answer (decision 227). */
  context_management?: Record<string, unknown>;
}

/**
 * One step of a streamed thinking block, numbered like tool call deltas: the first delta of an
 * index names its type (and carries a redacted block's data), later ones add thinking text or the
 * signature, which arrives whole.
 */
export interface ThinkingDelta {
  index: number;
  type?: ThinkingBlock['type'];
  thinking?: string;
  signature?: string;
  data?: string;
}

/**
 * Claude's streamed text blocks, numbered in order: the delta says where one that cites, or one
 * after the first, begins, and carries each citation as it comes, so an Anthropic caller gets
 * Claude's blocks and their citations (decision 141).
 */
export interface TextBlockDelta {
  index: number;
  citation?: Citation;
}

export interface EmbeddingsRequest {
  model: string;
  /** Texts, or token ids (one list, or one per input) as OpenAI takes them. */
  input: string | string[] | number[] | number[][];
  encoding_format?: 'float' | 'base64';
  dimensions?: number;
  [key: string]: unknown;
}

export interface EmbeddingsResponse {
  object: 'list';
  data: { object: 'embedding'; index: number; embedding: number[] }[];
  model: string;
  usage: { prompt_tokens: number; total_tokens: number };
}

/** Where one upstream call goes: provider, its own model name (no `provider/` prefix), key and base URL. */
export interface UpstreamTarget {
  provider: ProviderId;
  model: string;
  apiKey: string;
  baseUrl: string;
  /**
   * Whose key `apiKey` is: the account's, stored under Settings → Provider API Keys, or the
   * deployment's <PROVIDER>_API_KEY fallback. Named when the provider rejects it.
   */
  keySource?: 'account' | 'deployment';
}

export { GatewayError, invalidParam } from '../errors/gateway-error.ts';

/**
 * A streamed answer's chunks in the groups they arrived in: one array per upstream read that
 * completed any. Every layer between the provider and the socket then costs a step per read, not
 * per chunk; one read often holds a whole short answer.
 */
export type ChunkBatches = AsyncIterable<ChatCompletionChunk[]>;

/** What the chat pipeline hands the route: one answer, or chunks to relay as they come. */
export type PipelineResult = (
  | { kind: 'response'; response: ChatCompletionResponse }
  | {
      kind: 'stream';
      chunks: ChunkBatches;
      /**
       * The model that writes the answer, known before its first chunk: the one called (after
       * routing and any fallback), or the one that wrote a cached answer. The Messages and
       * Responses formats name it at the start of their streams.
       */
      model: string;
      /**
       * The usage known before any content: the provider's opening report (Anthropic's
       * message_start), or a cached answer's. Anthropic callers read their input count there.
       */
      usageAtStart?: TokenUsage;
    }
) & {
  /**
   * The provider's rate-limit headers, passed on to the caller (decision 230); none on a cache
   * hit, which asked no provider.
   */
  rateLimits?: Record<string, string>;
};
