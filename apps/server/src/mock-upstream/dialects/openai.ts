import { randomBytes } from 'node:crypto';
import { argumentPieces, type ReplyPlan } from '../reply-plan.ts';
import type { ParsedRequest } from '../types.ts';
import { type Dialect, type Json, list, type MockRefusal, type SseOut, str } from './dialect.ts';
import { unknownMessageField } from './openai-message-fields.ts';

export type OpenAiVendor = 'openai' | 'mistral' | 'groq';

/** OpenAI's models that only take `/v1/completions` (see openai-completions.ts). */
export const COMPLETION_MODEL = /^(?:gpt-3\.5-turbo-instruct(?:-\d{4})?|davinci-002|babbage-002)$/;

/** OpenAI's 404 for a text completion model asked on /chat/completions. */
const NOT_A_CHAT_MODEL: MockRefusal = {
  status: 404,
  message:
    'This is not a chat model and thus not supported in the v1/chat/completions endpoint. Did you mean to use v1/completions?',
  param: 'model',
};

/**
 * OpenAI's reasoning models (o-series, gpt-5 but its chat snapshots) refuse `max_tokens`: they
 * count their reasoning in `max_completion_tokens`, which every chat model takes.
 */
const REASONING_MODEL = /^(?:o\d|gpt-5(?!.*-chat))/;

/** OpenAI's 400 for `max_tokens` to a reasoning model, in its words. */
const MAX_TOKENS_UNSUPPORTED: MockRefusal = {
  status: 400,
  message:
    "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
  code: 'unsupported_parameter',
  param: 'max_tokens',
};

const ERROR_TYPES: Record<number, string> = {
  401: 'invalid_request_error',
  403: 'permission_denied',
  404: 'invalid_request_error',
  429: 'rate_limit_exceeded',
};

/**
 * OpenAI Chat Completions as OpenAI, Mistral and Groq speak it. They differ in stream usage:
 * OpenAI sends a usage-only chunk when asked, Mistral puts usage on its last chunk unasked, Groq
 * puts it under `x_groq` on its last chunk and also honours stream_options.
 */
export function openAiDialect(vendor: OpenAiVendor): Dialect {
  const toolCallId = () =>
    vendor === 'mistral'
      ? randomBytes(8).toString('base64url').replace(/[-_]/g, 'x').slice(0, 9)
      : `call_${randomBytes(12).toString('hex')}`;

  return {
    checkHeaders(headers): MockRefusal | undefined {
      const key = /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? '')?.[1];
      return key ? undefined : { status: 401, message: 'Incorrect API key provided' };
    },

    parseChat: (body) =>
      unknownMessageField(vendor, body) ??
      (vendor === 'openai' && COMPLETION_MODEL.test(str(body.model))
        ? NOT_A_CHAT_MODEL
        : undefined) ??
      (vendor === 'openai' && REASONING_MODEL.test(str(body.model)) && body.max_tokens != null
        ? MAX_TOKENS_UNSUPPORTED
        : undefined) ??
      parseOpenAiChat(body),

    answer(plan) {
      const call = plan.toolCall && {
        id: toolCallId(),
        type: 'function',
        function: { name: plan.toolCall.name, arguments: JSON.stringify(plan.toolCall.arguments) },
      };
      const choice = {
        message: {
          role: 'assistant',
          content: call ? null : plan.text,
          ...(call ? { tool_calls: [call] } : {}),
          // OpenAI's own message fields; Mistral and Groq send neither.
          ...(vendor === 'openai' ? { refusal: null, annotations: plan.annotations ?? [] } : {}),
        },
        logprobs: plan.logprobs ? logprobsOf(plan.pieces) : null,
        finish_reason: call ? 'tool_calls' : 'stop',
      };
      return {
        id: `chatcmpl-${plan.id}`,
        object: 'chat.completion',
        created: plan.created,
        model: plan.model,
        choices: Array.from({ length: plan.choices }, (_, index) => ({ index, ...choice })),
        usage: usageOf(plan),
        ...(vendor === 'openai' ? { service_tier: servedTier(plan) } : {}),
        system_fingerprint: 'fp_mock',
      };
    },

    stream(plan) {
      // OpenAI writes both on every chunk, the usage chunk included.
      const streamed =
        vendor === 'openai'
          ? { service_tier: servedTier(plan), system_fingerprint: 'fp_mock' }
          : {};
      const chunk = (
        delta: Json,
        finish: string | null = null,
        extra: Json = {},
        choiceExtra: Json = {},
      ): SseOut => ({
        data: {
          id: `chatcmpl-${plan.id}`,
          object: 'chat.completion.chunk',
          created: plan.created,
          model: plan.model,
          choices: [{ index: 0, delta, logprobs: null, finish_reason: finish, ...choiceExtra }],
          ...streamed,
          ...extra,
        },
      });
      const events: SseOut[] = [chunk({ role: 'assistant', content: '' })];
      if (plan.toolCall) {
        const { name, arguments: args } = plan.toolCall;
        const call = { index: 0, id: toolCallId(), type: 'function' };
        if (vendor === 'mistral') {
          // Mistral streams a tool call whole: id, name and all its arguments in one delta.
          const whole = { ...call, function: { name, arguments: JSON.stringify(args) } };
          events.push(chunk({ tool_calls: [whole] }));
        } else {
          events.push(chunk({ tool_calls: [{ ...call, function: { name, arguments: '' } }] }));
          for (const piece of argumentPieces(args)) {
            events.push(chunk({ tool_calls: [{ index: 0, function: { arguments: piece } }] }));
          }
        }
      } else {
        for (const piece of plan.pieces) {
          const logprobs = plan.logprobs ? { logprobs: logprobsOf([piece]) } : {};
          events.push(chunk({ content: piece }, null, {}, logprobs));
        }
        if (plan.annotations) events.push(chunk({ annotations: plan.annotations }));
      }
      const finish = plan.toolCall ? 'tool_calls' : 'stop';
      const report = !plan.omitStreamUsage;
      if (vendor === 'mistral')
        events.push(chunk({}, finish, report ? { usage: usageOf(plan) } : {}));
      else if (vendor === 'groq') {
        const xGroq = { id: `req_${plan.id}`, ...(report ? { usage: usageOf(plan) } : {}) };
        events.push(chunk({}, finish, { x_groq: xGroq }));
      } else events.push(chunk({}, finish));
      if (vendor !== 'mistral' && report && plan.includeUsage) {
        events.push({ data: { ...(chunk({}).data as Json), choices: [], usage: usageOf(plan) } });
      }
      events.push({ data: '[DONE]' });
      return forEveryChoice(events, plan.choices);
    },

    error(status, message, code, param) {
      const type =
        ERROR_TYPES[status] ?? (status >= 500 ? 'server_error' : 'invalid_request_error');
      const named = param ?? null;
      if (vendor === 'mistral') {
        // Mistral's 422 is its request validation: the message is an object of pydantic details,
        // each naming where it found the problem (`loc`); `param` stays null.
        if (status === 422) {
          const loc = ['body', ...(param ? param.split('.') : [])].map((p) =>
            /^\d+$/.test(p) ? Number(p) : p,
          );
          const detail = [{ type: 'extra_forbidden', loc, msg: message, input: null }];
          return { object: 'error', message: { detail }, type, param: null, code: code ?? null };
        }
        return { object: 'error', message, type, param: named, code: code ?? String(status) };
      }
      const coded = code ?? (status === 401 ? 'invalid_api_key' : null);
      return { error: { message, type, param: named, code: coded } };
    },

    embeddings: {
      parse: (body) => ({
        model: str(body.model),
        texts: [body.input].flat().map(String),
        ...(typeof body.dimensions === 'number' ? { dimensions: body.dimensions } : {}),
        ...(typeof body.output_dimension === 'number' ? { dimensions: body.output_dimension } : {}),
      }),
      answer: (vectors, input, tokens) => ({
        object: 'list',
        data: vectors.map((embedding, index) => ({ object: 'embedding', index, embedding })),
        model: input.model,
        usage: { prompt_tokens: tokens, total_tokens: tokens },
      }),
    },
  };
}

/**
 * The tier OpenAI says served the request: `flex`, `priority` or `scale` when asked, `default`
 * otherwise (`auto` included: the project's default tier), on every answer, asked or not.
 */
function servedTier(plan: ReplyPlan): string {
  const asked = plan.serviceTier;
  return asked === 'flex' || asked === 'priority' || asked === 'scale' ? asked : 'default';
}

/** OpenAI's logprobs for these pieces of text: a made-up probability each, no alternatives. */
function logprobsOf(pieces: string[]) {
  const content = pieces.map((token) => ({
    token,
    logprob: -0.25,
    bytes: [...Buffer.from(token)],
    top_logprobs: [],
  }));
  return { content, refusal: null };
}

/** With `n` choices, each choice's event is followed by the same event for the other choices. */
function forEveryChoice(events: SseOut[], n: number): SseOut[] {
  if (n <= 1) return events;
  return events.flatMap((event) => {
    const data = event.data as Json;
    const [choice, ...more] = typeof data === 'object' ? list(data.choices) : [];
    if (!choice || more.length) return [event];
    return Array.from({ length: n }, (_, index) => ({
      data: { ...data, choices: [{ ...choice, index }] },
    }));
  });
}

function usageOf(plan: ReplyPlan) {
  const { input, output } = plan.usage;
  return { prompt_tokens: input, completion_tokens: output, total_tokens: input + output };
}

function parseOpenAiChat(body: Json): ParsedRequest | MockRefusal {
  const messages = list(body.messages);
  if (!str(body.model) || messages.length === 0) {
    return { status: 400, message: 'model and messages are required' };
  }
  const texts: string[] = [];
  const images: string[] = [];
  let lastUserText = '';
  let system = '';
  for (const message of messages) {
    const { text, urls } = readContent(message.content);
    for (const call of list(message.tool_calls)) {
      texts.push(str((call.function as Json | undefined)?.arguments));
    }
    texts.push(text);
    images.push(...urls);
    if (message.role === 'user' || message.role === 'tool') lastUserText = text;
    if (message.role === 'system' || message.role === 'developer') system += text;
  }
  const streamOptions = body.stream_options as Json | undefined;
  return {
    model: str(body.model),
    stream: body.stream === true,
    includeUsage: streamOptions?.include_usage === true,
    ...(typeof body.n === 'number' && body.n > 1 ? { n: body.n } : {}),
    ...(body.logprobs === true ? { logprobs: true } : {}),
    ...(typeof body.service_tier === 'string' ? { serviceTier: body.service_tier } : {}),
    lastUserText,
    allText: texts.join('\n'),
    images,
    toolNames: list(body.tools).map((t) => str((t.function as Json | undefined)?.name)),
    system,
  };
}

function readContent(content: unknown): { text: string; urls: string[] } {
  if (typeof content === 'string') return { text: content, urls: [] };
  const parts = list(content);
  const text = parts
    .filter((p) => p.type === 'text')
    .map((p) => str(p.text))
    .join('\n');
  const urls = parts
    .filter((p) => p.type === 'image_url')
    .map((p) => str((p.image_url as Json | undefined)?.url));
  return { text, urls };
}
