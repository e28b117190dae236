import { withFields } from '../../../lib/with-fields.ts';
import type { FinishReason, TokenUsage } from '../../types.ts';
import { usageOf } from '../shared/chunk.ts';

/**
 * Message or delta content as a plain string. Mistral's reasoning models answer with an array of
 * `text`/`thinking` chunks; only the text is the answer.
 */
export function flattenContent(content: unknown): string | null | undefined {
  if (!Array.isArray(content)) return content as string | null | undefined;
  return content
    .map((c) => {
      const part = c as { type?: unknown; text?: unknown };
      return part.type === 'text' && typeof part.text === 'string' ? part.text : '';
    })
    .join('');
}

/** Vendors add their own reasons (Mistral `model_length`, legacy `function_call`). */
export function normalizeFinishReason(reason: unknown): FinishReason {
  switch (reason) {
    case null:
    case undefined:
      return null;
    case 'length':
    case 'model_length':
      return 'length';
    case 'tool_calls':
    case 'function_call':
      return 'tool_calls';
    case 'content_filter':
      return 'content_filter';
    default:
      return 'stop';
  }
}

/** Usage from an answer or chunk: `usage`, or Groq's `x_groq.usage` on the last stream chunk. */
export function usageFrom(event: Record<string, unknown>): TokenUsage | undefined {
  const groq = event.x_groq as { usage?: unknown } | undefined;
  const raw = (event.usage ?? groq?.usage) as Record<string, unknown> | null | undefined;
  if (!raw || typeof raw.prompt_tokens !== 'number') return undefined;
  const completion = typeof raw.completion_tokens === 'number' ? raw.completion_tokens : 0;
  // Keep vendor details such as prompt_tokens_details.cached_tokens alongside the three totals.
  return withFields(raw, usageOf(raw.prompt_tokens, completion));
}
