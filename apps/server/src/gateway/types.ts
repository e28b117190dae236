/**
 * The gateway's canonical wire types. Every caller format (OpenAI chat, Anthropic messages) is
 * turned into a ChatCompletionRequest, every provider answer back into ChatCompletionResponse or
 * ChatCompletionChunk; the pipeline only ever sees these. Unknown fields pass through untouched.
 */

export const PROVIDER_IDS = ['openai', 'anthropic', 'gemini', 'mistral', 'groq'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

export type ContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string; detail?: string } }
  | { type: string; [key: string]: unknown };

export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export interface ChatMessage {
  role: 'system' | 'developer' | 'user' | 'assistant' | 'tool';
  content: string | ContentPart[] | null;
  name?: string;
  tool_calls?: ToolCall[];
  tool_call_id?: string;
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
  [key: string]: unknown;
}

export interface TokenUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
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
    };
    finish_reason: FinishReason;
    logprobs?: unknown;
  }[];
  usage: TokenUsage;
  system_fingerprint?: string | null;
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
      }[];
    };
    finish_reason: FinishReason;
    logprobs?: unknown;
  }[];
  usage?: TokenUsage | null;
}

export interface EmbeddingsRequest {
  model: string;
  input: string | string[];
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
}

/** An error to show the caller in their own format, with the provider's status and message. */
export class GatewayError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** OpenAI-style error type: invalid_request_error, authentication_error, rate_limit_error, api_error… */
    readonly type: string = 'api_error',
    readonly code: string | null = null,
  ) {
    super(message);
  }
}
