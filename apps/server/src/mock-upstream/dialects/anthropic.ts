import { randomBytes } from 'node:crypto';
import { argumentPieces, type ReplyPlan } from '../reply-plan.ts';
import type { ParsedRequest } from '../types.ts';
import {
  checkThinkingBlocks,
  checkThinkingConfig,
  thinkingSignature,
} from './anthropic-thinking.ts';
import {
  ev,
  offeredWebSearch,
  searchBlocks,
  searchEvents,
  searchUsage,
} from './anthropic-web-search.ts';
import { type Dialect, type Json, list, type MockRefusal, type SseOut, str } from './dialect.ts';

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  409: 'conflict_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  504: 'timeout_error',
  529: 'overloaded_error',
};

/**
 * Claude 3.x and the first Claude 4 models (Opus 4, Sonnet 4) take temperature and top_p
 * together; from Opus 4.1, Sonnet 4.5 and Haiku 4.5 on, Anthropic refuses both at once.
 */
function takesBothSamplers(model: unknown): boolean {
  return (
    typeof model === 'string' &&
    /^claude-(?:3|(?:opus|sonnet)-4(?:-0)?(?:-\d{8}|-latest)?$)/.test(model)
  );
}

/**
 * Anthropic Messages API: x-api-key + anthropic-version, required max_tokens, signed thinking
 * blocks, prompt-cache usage, typed SSE events.
 */
export const anthropicDialect: Dialect = {
  checkHeaders(headers) {
    if (!headers['x-api-key']) return { status: 401, message: 'x-api-key header is required' };
    if (!headers['anthropic-version']) {
      return { status: 400, message: 'anthropic-version: header is required' };
    }
    return undefined;
  },

  parseChat(body): ParsedRequest | MockRefusal {
    if (typeof body.max_tokens !== 'number') {
      return { status: 400, message: 'max_tokens: Field required' };
    }
    const messages = list(body.messages);
    if (!str(body.model) || messages.length === 0) {
      return { status: 400, message: 'model and messages: Field required' };
    }
    const badThinking = checkThinkingBlocks(messages) ?? checkThinkingConfig(body);
    if (badThinking) return badThinking;
    if (
      body.temperature !== undefined &&
      body.top_p !== undefined &&
      !takesBothSamplers(body.model)
    )
      return {
        status: 400,
        message:
          '`temperature` and `top_p` cannot both be specified for this model. Please use only one.',
      };
    const webSearch = offeredWebSearch(body.tools);
    if (webSearch && 'status' in webSearch) return webSearch;
    const system =
      typeof body.system === 'string'
        ? body.system
        : list(body.system)
            .map((b) => str(b.text))
            .join('\n');
    const texts = [system];
    const images: string[] = [];
    let lastUserText = '';
    for (const message of messages) {
      const { text, urls } = readBlocks(message.content);
      texts.push(text);
      images.push(...urls);
      if (message.role === 'user') lastUserText = text;
    }
    return {
      model: str(body.model),
      stream: body.stream === true,
      includeUsage: true,
      lastUserText,
      allText: texts.join('\n'),
      images,
      // A server tool (a dated `type`) is Anthropic's to run; the client's have no type or 'custom'.
      toolNames: list(body.tools)
        .filter((t) => t.type === undefined || t.type === 'custom')
        .map((t) => str(t.name)),
      system,
      ...(webSearch ? { webSearch } : {}),
      ...(body.context_management != null ? { contextManagement: true } : {}),
    };
  },

  answer(plan) {
    if (plan.pauseTurn) return pausedAnswer(plan);
    const answer = plan.toolCall
      ? {
          type: 'tool_use',
          id: toolUseId(),
          name: plan.toolCall.name,
          input: plan.toolCall.arguments,
        }
      : { type: 'text', text: plan.text, ...(plan.citations ? { citations: plan.citations } : {}) };
    const thinking = plan.thinking
      ? [{ type: 'thinking', thinking: plan.thinking, signature: thinkingSignature(plan.thinking) }]
      : [];
    const leadIn = plan.citations && !plan.toolCall ? [{ type: 'text', text: CITED_LEAD_IN }] : [];
    return {
      id: `msg_${plan.id}`,
      type: 'message',
      role: 'assistant',
      model: plan.model,
      content: [...thinking, ...searchBlocks(plan), ...leadIn, answer],
      ...stopOf(plan),
      usage: { ...usageOf(plan), ...searchUsage(plan) },
      ...(plan.contextManagement ? { context_management: plan.contextManagement } : {}),
    };
  },

  stream(plan) {
    const report = !plan.omitStreamUsage;
    const events: SseOut[] = [
      ev('message_start', {
        message: {
          id: `msg_${plan.id}`,
          type: 'message',
          role: 'assistant',
          model: plan.model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          ...(report ? { usage: { ...usageOf(plan), output_tokens: 1 } } : {}),
        },
      }),
      ev('ping', {}),
    ];
    let index = 0;
    if (plan.thinking) {
      events.push(...thinkingEvents(plan.thinking, index));
      index += 1;
    }
    if (plan.toolCall) {
      const { name, arguments: args } = plan.toolCall;
      const block = { type: 'tool_use', id: toolUseId(), name, input: {} };
      events.push(ev('content_block_start', { index, content_block: block }));
      // A call without arguments streams one empty input_json_delta, as Claude's does.
      const pieces = Object.keys(args).length ? argumentPieces(args) : [''];
      for (const piece of pieces) {
        events.push(
          ev('content_block_delta', {
            index,
            delta: { type: 'input_json_delta', partial_json: piece },
          }),
        );
      }
    } else {
      events.push(...searchEvents(plan, index));
      index += 2 * (plan.webSearches?.length ?? 0);
      if (plan.citations) {
        events.push(...citedLeadInEvents(index));
        index += 1;
      }
      const block = { type: 'text', text: '', ...(plan.citations ? { citations: [] } : {}) };
      events.push(ev('content_block_start', { index, content_block: block }));
      for (const citation of plan.citations ?? []) {
        events.push(
          ev('content_block_delta', { index, delta: { type: 'citations_delta', citation } }),
        );
      }
      for (const piece of plan.pieces) {
        events.push(
          ev('content_block_delta', { index, delta: { type: 'text_delta', text: piece } }),
        );
      }
    }
    events.push(ev('content_block_stop', { index }));
    events.push(
      ev('message_delta', {
        delta: stopOf(plan),
        ...(report ? { usage: { output_tokens: plan.usage.output, ...searchUsage(plan) } } : {}),
        ...(plan.contextManagement ? { context_management: plan.contextManagement } : {}),
      }),
    );
    events.push(ev('message_stop', {}));
    return events;
  },

  errorEvent: 'error',
  error(status, message) {
    const type = ERROR_TYPES[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error');
    return {
      type: 'error',
      error: { type, message },
      request_id: `req_${randomBytes(8).toString('hex')}`,
    };
  },
};

/** A turn Claude paused after its searches: the text it wrote first, the searches, no answer. */
function pausedAnswer(plan: ReplyPlan): Json {
  return {
    id: `msg_${plan.id}`,
    type: 'message',
    role: 'assistant',
    model: plan.model,
    content: [{ type: 'text', text: plan.text }, ...searchBlocks(plan)],
    ...stopOf(plan),
    usage: { ...usageOf(plan), ...searchUsage(plan) },
  };
}

/** The uncited text Claude writes before a cited passage, in its own block. */
const CITED_LEAD_IN = 'According to the document, ';

/** The lead-in of a cited answer as its own streamed text block. */
function citedLeadInEvents(index: number): SseOut[] {
  return [
    ev('content_block_start', { index, content_block: { type: 'text', text: '' } }),
    ev('content_block_delta', { index, delta: { type: 'text_delta', text: CITED_LEAD_IN } }),
    ev('content_block_stop', { index }),
  ];
}

const toolUseId = () => `toolu_${randomBytes(12).toString('hex')}`;

/** A thinking block streamed as Claude does: its text by words, then the whole signature. */
function thinkingEvents(thinking: string, index: number): SseOut[] {
  const start = { type: 'thinking', thinking: '', signature: '' };
  return [
    ev('content_block_start', { index, content_block: start }),
    ...thinking
      .split(/(?=\s)/)
      .map((piece) =>
        ev('content_block_delta', { index, delta: { type: 'thinking_delta', thinking: piece } }),
      ),
    ev('content_block_delta', {
      index,
      delta: { type: 'signature_delta', signature: thinkingSignature(thinking) },
    }),
    ev('content_block_stop', { index }),
  ];
}

function stopOf(plan: ReplyPlan): { stop_reason: string; stop_sequence: string | null } {
  if (plan.toolCall) return { stop_reason: 'tool_use', stop_sequence: null };
  if (plan.pauseTurn) return { stop_reason: 'pause_turn', stop_sequence: null };
  if (plan.stopSequence) return { stop_reason: 'stop_sequence', stop_sequence: plan.stopSequence };
  return { stop_reason: 'end_turn', stop_sequence: null };
}

/** Anthropic's input_tokens leaves out what was read from or written to the prompt cache. */
function usageOf(plan: ReplyPlan) {
  return {
    input_tokens: plan.usage.input,
    output_tokens: plan.usage.output,
    cache_creation_input_tokens: plan.cacheTokens.write,
    cache_read_input_tokens: plan.cacheTokens.read,
  };
}

/** Text (tool results and tool inputs included) and images of one message's content. */
function readBlocks(content: unknown): { text: string; urls: string[] } {
  if (typeof content === 'string') return { text: content, urls: [] };
  const texts: string[] = [];
  const urls: string[] = [];
  for (const block of list(content)) {
    if (block.type === 'text') texts.push(str(block.text));
    if (block.type === 'tool_use') texts.push(JSON.stringify(block.input ?? {}));
    if (block.type === 'image') urls.push(imageUrl(block.source as Json));
    if (block.type === 'tool_result') {
      const inner = readBlocks(block.content);
      texts.push(inner.text);
      urls.push(...inner.urls);
    }
  }
  return { text: texts.join('\n'), urls };
}

function imageUrl(source: Json): string {
  return source.type === 'base64'
    ? `data:${str(source.media_type)};base64,${str(source.data)}`
    : str(source.url);
}
