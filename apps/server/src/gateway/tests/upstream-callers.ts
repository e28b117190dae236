import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import type { ProviderId } from '../types.ts';
import type { GatewayFixture } from './gateway-fixture.ts';

/** The four ways a caller talks to the gateway: each official SDK, plain and streamed. */
export const CALLERS = ['openai', 'openai-stream', 'anthropic', 'anthropic-stream'] as const;
/** The same, and the openai SDK's Responses API (`client.responses.create`), plain and streamed. */
export const EVERY_CALLER = [...CALLERS, 'responses', 'responses-stream'] as const;
export type Caller = (typeof EVERY_CALLER)[number];

/** Each SDK is pointed at its own vendor's model, so the mock answers in that vendor's format. */
export const UPSTREAM_OF: Record<Caller, ProviderId> = {
  openai: 'openai',
  'openai-stream': 'openai',
  anthropic: 'anthropic',
  'anthropic-stream': 'anthropic',
  responses: 'openai',
  'responses-stream': 'openai',
};

const MODEL_OF: Record<Caller, string> = {
  openai: 'openai/gpt-4o-mini',
  'openai-stream': 'openai/gpt-4o-mini',
  anthropic: 'claude-3-5-haiku-latest',
  'anthropic-stream': 'claude-3-5-haiku-latest',
  responses: 'openai/gpt-4o-mini',
  'responses-stream': 'openai/gpt-4o-mini',
};

export interface CallerError {
  /** HTTP status; undefined when the error came as an event inside a stream that had started. */
  status: number | undefined;
  /** The error type in the caller's own format (OpenAI `error.type`, Anthropic `error.error.type`). */
  type: string | undefined;
  message: string;
  retryAfter: string | null;
  /** The answer's `x-should-retry` header, which both SDKs obey before their own retry rules. */
  shouldRetry?: string | null;
  /** OpenAI-format errors: `error.code` and `error.param` (undefined for Anthropic's). */
  code?: string | null;
  param?: string | null;
}

export type CallOutcome = { ok: true; text: string } | { ok: false; error: CallerError };

interface CallOptions {
  headers?: Record<string, string>;
  /** Another model than the caller's own vendor's (the mock then answers in that vendor's format). */
  model?: string;
  /** The SDK's own retries for this request (the fixture's clients make none). */
  maxRetries?: number;
}

export const isStream = (caller: Caller) => caller.endsWith('-stream');

/** One request through the caller's SDK: the answer's text, or the error the SDK raised. */
export async function callGateway(
  f: GatewayFixture,
  caller: Caller,
  content: string,
  given: CallOptions = {},
): Promise<CallOutcome> {
  const model = given.model ?? MODEL_OF[caller];
  const messages = [{ role: 'user' as const, content }];
  const options = {
    headers: given.headers ?? {},
    ...(given.maxRetries === undefined ? {} : { maxRetries: given.maxRetries }),
  };
  try {
    if (caller === 'responses' || caller === 'responses-stream') {
      return await callResponses(f, caller === 'responses-stream', model, content, options);
    }
    if (caller === 'openai') {
      const answer = await f.openai.chat.completions.create({ model, messages }, options);
      return { ok: true, text: answer.choices[0]?.message.content ?? '' };
    }
    if (caller === 'openai-stream') {
      let text = '';
      const stream = await f.openai.chat.completions.create(
        { model, messages, stream: true },
        options,
      );
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
      return { ok: true, text };
    }
    if (caller === 'anthropic') {
      const answer = await f.anthropic.messages.create(
        { model, max_tokens: 200, messages },
        options,
      );
      return {
        ok: true,
        text: answer.content.map((b) => (b.type === 'text' ? b.text : '')).join(''),
      };
    }
    let text = '';
    const stream = await f.anthropic.messages.create(
      {
        model,
        max_tokens: 200,
        messages,
        stream: true,
      },
      options,
    );
    for await (const event of stream) {
      if (event.type === 'content_block_delta' && event.delta.type === 'text_delta')
        text += event.delta.text;
    }
    return { ok: true, text };
  } catch (err) {
    return { ok: false, error: callerError(err) };
  }
}

/**
 * The Responses API: a stream that fails ends with `error` and `response.failed` events, which the
 * SDK hands over as events rather than raising (as with OpenAI itself).
 */
async function callResponses(
  f: GatewayFixture,
  stream: boolean,
  model: string,
  input: string,
  options: { headers: Record<string, string>; maxRetries?: number },
): Promise<CallOutcome> {
  if (!stream) {
    const answer = await f.openai.responses.create({ model, input }, options);
    return { ok: true, text: answer.output_text };
  }
  let text = '';
  let failure: string | undefined;
  const events = await f.openai.responses.create({ model, input, stream: true }, options);
  for await (const event of events) {
    if (event.type === 'response.output_text.delta') text += event.delta;
    if (event.type === 'error') failure = event.message;
    if (event.type === 'response.failed') {
      const message = failure ?? event.response.error?.message ?? 'response.failed';
      return {
        ok: false,
        error: { status: undefined, type: undefined, message, retryAfter: null },
      };
    }
  }
  return { ok: true, text };
}

function callerError(err: unknown): CallerError {
  if (err instanceof OpenAI.APIError) {
    return {
      status: err.status,
      type: err.type ?? undefined,
      message: err.message,
      retryAfter: err.headers?.get('retry-after') ?? null,
      shouldRetry: err.headers?.get('x-should-retry') ?? null,
      code: err.code ?? null,
      param: err.param ?? null,
    };
  }
  if (err instanceof Anthropic.APIError) {
    const body = err.error as { error?: { type?: string; message?: string } } | undefined;
    return {
      status: err.status,
      type: body?.error?.type,
      message: body?.error?.message ?? err.message,
      retryAfter: err.headers?.get('retry-after') ?? null,
      shouldRetry: err.headers?.get('x-should-retry') ?? null,
    };
  }
  throw err;
}
