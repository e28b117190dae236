import type { ChatCompletionResponse, FinishReason, TokenUsage } from '../types.ts';
import { toResponsesAnnotations, type UrlCitation } from './responses-annotations.ts';
import type { ResponsesEcho } from './responses-request.ts';

export interface OutputText {
  type: 'output_text';
  text: string;
  annotations: unknown[];
  logprobs: unknown[];
}
export interface MessageItem {
  type: 'message';
  id: string;
  status: 'in_progress' | 'completed';
  role: 'assistant';
  content: (OutputText | { type: 'refusal'; refusal: string })[];
}
export interface FunctionCallItem {
  type: 'function_call';
  id: string;
  call_id: string;
  name: string;
  arguments: string;
  status: 'in_progress' | 'completed';
}
/** A web search the provider ran, as OpenAI's web_search_call item (decision 185). */
export interface WebSearchCallItem {
  type: 'web_search_call';
  id: string;
  status: 'in_progress' | 'searching' | 'completed';
  action: { type: 'search'; query: string; queries: string[] };
}
export type OutputItem = MessageItem | FunctionCallItem | WebSearchCallItem;

export interface ResponsesUsage {
  input_tokens: number;
  input_tokens_details: { cached_tokens: number };
  output_tokens: number;
  output_tokens_details: { reasoning_tokens: number };
  total_tokens: number;
}

export type ResponseStatus = 'in_progress' | 'completed' | 'incomplete' | 'failed';

/** OpenAI's Response object around the gateway's answer; ids are derived from the request id. */
export function responseObject(
  meta: { id: string; createdAt: number; echo: ResponsesEcho },
  status: ResponseStatus,
  output: OutputItem[],
  extra: {
    finishReason?: FinishReason;
    usage?: TokenUsage;
    error?: { code: string; message: string };
    /** The tier that served the answer, as the provider named it (OpenAI; decision 230). */
    serviceTier?: string | null | undefined;
  },
) {
  const { echo } = meta;
  return {
    id: `resp_${meta.id}`,
    object: 'response' as const,
    created_at: meta.createdAt,
    status,
    ...(status === 'completed' || status === 'incomplete'
      ? { completed_at: Math.floor(Date.now() / 1000) }
      : {}),
    error: extra.error ?? null,
    incomplete_details: status === 'incomplete' ? incompleteDetails(extra.finishReason) : null,
    instructions: echo.instructions,
    max_output_tokens: echo.max_output_tokens,
    metadata: echo.metadata,
    model: echo.model,
    output,
    parallel_tool_calls: echo.parallel_tool_calls,
    previous_response_id: null,
    reasoning: echo.reasoning,
    store: false,
    temperature: echo.temperature,
    text: echo.text,
    tool_choice: echo.tool_choice,
    tools: echo.tools,
    top_p: echo.top_p,
    truncation: 'disabled' as const,
    usage: extra.usage ? toResponsesUsage(extra.usage) : null,
    ...(extra.serviceTier ? { service_tier: extra.serviceTier } : {}),
    ...(echo.user ? { user: echo.user } : {}),
  };
}

/** A response stops short when the model ran out of tokens or was filtered. */
export function statusFor(finishReason: FinishReason | undefined): ResponseStatus {
  return finishReason === 'length' || finishReason === 'content_filter'
    ? 'incomplete'
    : 'completed';
}

function incompleteDetails(finishReason: FinishReason | undefined) {
  return { reason: finishReason === 'content_filter' ? 'content_filter' : 'max_output_tokens' };
}

export function toResponsesUsage(usage: TokenUsage): ResponsesUsage {
  return {
    input_tokens: usage.prompt_tokens,
    input_tokens_details: { cached_tokens: usage.prompt_tokens_details?.cached_tokens ?? 0 },
    output_tokens: usage.completion_tokens,
    output_tokens_details: {
      reasoning_tokens: usage.completion_tokens_details?.reasoning_tokens ?? 0,
    },
    total_tokens: usage.total_tokens,
  };
}

export const outputText = (
  text: string,
  annotations: UrlCitation[] = [],
  logprobs: unknown[] = [],
): OutputText => ({ type: 'output_text', text, annotations, logprobs });

/**
 * A chat choice's token logprobs (`logprobs.content`), which Responses writes in the same shape
 * on output_text (token, logprob, bytes, top_logprobs); [] when the provider gave none.
 */
export function tokenLogprobs(logprobs: unknown): unknown[] {
  const content = (logprobs as { content?: unknown } | null | undefined)?.content;
  return Array.isArray(content) ? content : [];
}

/**
 * The canonical answer as a Response: a web_search_call item per search the provider ran
 * (decision 185), the message (text or refusal), then one function_call item per tool call, as
 * OpenAI orders them. An answer with neither still gets its
 * (empty) message, so `output_text` reads ''.
 */
export function toResponsesResponse(
  resp: ChatCompletionResponse,
  meta: { id: string; createdAt: number; echo: ResponsesEcho },
) {
  const choice = resp.choices[0];
  const message = choice?.message;
  const output: OutputItem[] = (message?.web_search_queries ?? []).map((query, i) =>
    webSearchCall(meta.id, i, query, 'completed'),
  );
  const calls = message?.tool_calls ?? [];
  if (message?.refusal) {
    output.push(messageItem(meta.id, [{ type: 'refusal', refusal: message.refusal }]));
  } else if (message?.content || calls.length === 0) {
    const annotations = toResponsesAnnotations(message?.annotations);
    const logprobs = tokenLogprobs(choice?.logprobs);
    output.push(messageItem(meta.id, [outputText(message?.content ?? '', annotations, logprobs)]));
  }
  calls.forEach((call, i) => {
    output.push({
      type: 'function_call',
      id: functionCallId(meta.id, i),
      call_id: call.id,
      name: call.function.name,
      arguments: call.function.arguments,
      status: 'completed',
    });
  });
  const finishReason = choice?.finish_reason ?? 'stop';
  return responseObject(meta, statusFor(finishReason), output, {
    finishReason,
    usage: resp.usage,
    serviceTier: resp.service_tier,
  });
}

export function messageItem(id: string, content: MessageItem['content']): MessageItem {
  return { type: 'message', id: `msg_${id}`, status: 'completed', role: 'assistant', content };
}

/**
 * One search, as much as the provider tells: its query. The sources OpenAI can list
 * (`include: ['web_search_call.action.sources']`) are not written: the cited pages are the
 * message's annotations.
 */
export function webSearchCall(
  id: string,
  index: number,
  query: string,
  status: WebSearchCallItem['status'],
): WebSearchCallItem {
  return {
    type: 'web_search_call',
    id: `ws_${index}_${id}`,
    status,
    action: { type: 'search', query, queries: [query] },
  };
}

export const functionCallId = (id: string, index: number) => `fc_${index}_${id}`;
