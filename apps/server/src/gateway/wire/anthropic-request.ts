import { parseModelName } from '@tokenwise/pricing';
import { askedEffort } from '../providers/shared/thinking-effort.ts';
import { THINKING_EFFORTS } from '../providers/thinking-efforts.ts';
import type { ChatCompletionRequest, ChatMessage, ProviderId } from '../types.ts';
import { type AnthropicRequest, anthropicRequestSchema } from './anthropic-request-schema.ts';
import { cacheControlOf, type TurnOptions, toChatMessages } from './anthropic-turns.ts';
import { parseRequest } from './parse-request.ts';

/**
 * An Anthropic Messages request → the canonical (OpenAI) request; the answer format is restored
 * by toAnthropicResponse / AnthropicStreamWriter. `metadata.user_id` becomes `user`.
 *
 * When the model named is an Anthropic one (routing never changes the provider), what only
 * Anthropic understands rides along for its adapter to send back as it came: cache_control,
 * thinking config and blocks, top_k, service_tier, output_format, output_config,
 * context_management (decision 227), container and inference_geo (decision 242), is_error,
 * content block by block, and the
 * `anthropic-beta` header's features (the SDK's `beta.messages`). For any
 * other provider these are dropped: they have no form there, and strict OpenAI-compatible APIs
 * refuse unknown fields. But thinking and `output_config.effort` asked of an OpenAI, Gemini or Groq
 * reasoning model become its `reasoning_effort` (decisions 227, 230).
 */
export function fromAnthropicRequest(
  body: unknown,
  betaHeader?: string | string[],
): ChatCompletionRequest {
  const req = parseRequest(anthropicRequestSchema, body);
  const named = parseModelName(req.model);
  const opts: TurnOptions = { native: named?.provider === 'anthropic' };
  const request: ChatCompletionRequest = {
    model: req.model,
    messages: [
      ...systemMessages(req.system, opts),
      ...req.messages.flatMap((m) => toChatMessages(m, opts)),
    ],
    // Claude keeps its own field. Elsewhere the ceiling is OpenAI's `max_completion_tokens`, which
    // every chat model takes and OpenAI's reasoning models (o-series, gpt-5) require: they refuse
    // `max_tokens`, which Anthropic's callers always send (decision 222).
    ...(opts.native ? { max_tokens: req.max_tokens } : { max_completion_tokens: req.max_tokens }),
  };
  if (req.stream !== undefined) request.stream = req.stream;
  if (req.temperature !== undefined) request.temperature = req.temperature;
  if (req.top_p !== undefined) request.top_p = req.top_p;
  if (req.stop_sequences?.length) request.stop = req.stop_sequences;
  const userId = (req.metadata as { user_id?: unknown } | null | undefined)?.user_id;
  if (typeof userId === 'string' && userId) request.user = userId;
  if (req.tools?.length) {
    request.tools = req.tools.map((t) => ({
      type: 'function',
      function: {
        name: t.name,
        ...(t.description ? { description: t.description } : {}),
        parameters: t.input_schema,
      },
      ...cacheControlOf(t, opts),
    }));
  }
  Object.assign(request, toolChoiceOf(req.tool_choice));
  const format = outputFormatOf(req);
  if (format) request.response_format = responseFormatOf(format);
  if (opts.native) Object.assign(request, anthropicOnlyParams(req), betasOf(betaHeader));
  else if ((req.thinking || req.output_config) && named) {
    const effort = reasoningEffortOf(req, named.provider, named.model);
    if (effort) request.reasoning_effort = effort;
  }
  return request;
}

/**
 * Thinking asked of another provider's reasoning model, as the `reasoning_effort` it takes
 * (OpenAI: decision 227; Gemini and Groq: decision 230): without it the model reasons at its
 * default whatever the caller asked. Models that take no effort get none.
 */
function reasoningEffortOf(
  req: AnthropicRequest,
  provider: ProviderId,
  model: string,
): string | undefined {
  const asked = askedEffort({
    thinking: req.thinking,
    effort: req.output_config?.effort,
    maxTokens: req.max_tokens,
  });
  const forModel = THINKING_EFFORTS[provider];
  return asked === undefined || !forModel ? undefined : forModel(model, asked);
}

/** The `anthropic-beta` header (comma-separated, possibly repeated), for Anthropic's adapter. */
function betasOf(header: string | string[] | undefined): Partial<ChatCompletionRequest> {
  const betas = [header ?? []]
    .flat()
    .flatMap((h) => h.split(','))
    .map((b) => b.trim())
    .filter(Boolean);
  return betas.length ? { anthropic_beta: betas } : {};
}

function anthropicOnlyParams(req: AnthropicRequest): Partial<ChatCompletionRequest> {
  const params: Partial<ChatCompletionRequest> = {};
  if (req.top_k !== undefined) params.top_k = req.top_k;
  if (req.thinking) params.thinking = req.thinking;
  if (req.service_tier !== undefined) params.service_tier = req.service_tier;
  if (req.context_management) params.context_management = req.context_management;
  if (req.container != null) params.container = req.container;
  if (req.inference_geo != null) params.inference_geo = req.inference_geo;
  const format = outputFormatOf(req);
  if (format) params.output_format = format;
  // The rest of output_config (`effort`) as given (decision 222).
  const { format: _format, ...config } = req.output_config ?? {};
  if (Object.keys(config).length) params.output_config = config;
  return params;
}

/**
 * The caller's structured-output schema: `output_format`, or its newer home `output_config.format`,
 * read as one so the answer is asked for and restored as JSON either way.
 */
function outputFormatOf(req: AnthropicRequest) {
  return req.output_format ?? req.output_config?.format ?? undefined;
}

/**
 * Anthropic's `output_format` as OpenAI's json_schema response format, for every provider (and for
 * what reads the request: the PII restore then writes values into the answer as JSON). Not
 * `strict`: Anthropic's schemas may leave properties optional, which OpenAI's strict mode refuses.
 */
function responseFormatOf(
  format: NonNullable<AnthropicRequest['output_format']>,
): NonNullable<ChatCompletionRequest['response_format']> {
  return { type: 'json_schema', json_schema: { name: 'output', schema: format.schema } };
}

/** The system prompt as one system message: blocks stay parts (with their cache_control) for Anthropic. */
function systemMessages(system: AnthropicRequest['system'], opts: TurnOptions): ChatMessage[] {
  if (system === undefined) return [];
  if (typeof system === 'string') return system ? [{ role: 'system', content: system }] : [];
  if (opts.native) {
    const parts = system.map((b) => ({ type: 'text', text: b.text, ...cacheControlOf(b, opts) }));
    return parts.length ? [{ role: 'system', content: parts }] : [];
  }
  const text = system.map((b) => b.text).join('\n');
  return text ? [{ role: 'system', content: text }] : [];
}

function toolChoiceOf(choice: AnthropicRequest['tool_choice']): Partial<ChatCompletionRequest> {
  if (!choice) return {};
  const parallel =
    'disable_parallel_tool_use' in choice && choice.disable_parallel_tool_use
      ? { parallel_tool_calls: false }
      : {};
  switch (choice.type) {
    case 'auto':
      return { tool_choice: 'auto', ...parallel };
    case 'any':
      return { tool_choice: 'required', ...parallel };
    case 'tool':
      return { tool_choice: { type: 'function', function: { name: choice.name } }, ...parallel };
    case 'none':
      return { tool_choice: 'none' };
  }
}
