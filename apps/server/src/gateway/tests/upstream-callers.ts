import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import type { ProviderId } from '../types.ts';
import type { GatewayFixture } from './gateway-fixture.ts';

/** The four ways a caller talks to the gateway: each official SDK, plain and streamed. */
export const CALLERS = ['openai', 'openai-stream', 'anthropic', 'anthropic-stream'] as const;
export type Caller = (typeof CALLERS)[number];

/** Each SDK is pointed at its own vendor's model, so the mock answers in that vendor's format. */
export const UPSTREAM_OF: Record<Caller, ProviderId> = {
  openai: 'openai',
  'openai-stream': 'openai',
  anthropic: 'anthropic',
  'anthropic-stream': 'anthropic',
};

const MODEL_OF: Record<Caller, string> = {
  openai: 'openai/gpt-4o-mini',
  'openai-stream': 'openai/gpt-4o-mini',
  anthropic: 'claude-3-5-haiku-latest',
  'anthropic-stream': 'claude-3-5-haiku-latest',
};

export interface CallerError {
  /** HTTP status; undefined when the error came as an event inside a stream that had started. */
  status: number | undefined;
  /** The error type in the caller's own format (OpenAI `error.type`, Anthropic `error.error.type`). */
  type: string | undefined;
  message: string;
  retryAfter: string | null;
}

export type CallOutcome = { ok: true; text: string } | { ok: false; error: CallerError };

export const isStream = (caller: Caller) => caller.endsWith('-stream');

/** One request through the caller's SDK: the answer's text, or the error the SDK raised. */
export async function callGateway(
  f: GatewayFixture,
  caller: Caller,
  content: string,
  headers: Record<string, string> = {},
): Promise<CallOutcome> {
  const model = MODEL_OF[caller];
  const messages = [{ role: 'user' as const, content }];
  const options = { headers };
  try {
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

function callerError(err: unknown): CallerError {
  if (err instanceof OpenAI.APIError) {
    return {
      status: err.status,
      type: err.type ?? undefined,
      message: err.message,
      retryAfter: err.headers?.get('retry-after') ?? null,
    };
  }
  if (err instanceof Anthropic.APIError) {
    const body = err.error as { error?: { type?: string; message?: string } } | undefined;
    return {
      status: err.status,
      type: body?.error?.type,
      message: body?.error?.message ?? err.message,
      retryAfter: err.headers?.get('retry-after') ?? null,
    };
  }
  throw err;
}
