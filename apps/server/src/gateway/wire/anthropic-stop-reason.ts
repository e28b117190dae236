import type { FinishReason } from '../types.ts';

/** OpenAI finish_reason → Anthropic stop_reason (the reverse of the Anthropic adapter's mapping). */
export function stopReasonFor(finish: FinishReason): string {
  switch (finish) {
    case 'length':
      return 'max_tokens';
    case 'tool_calls':
      return 'tool_use';
    case 'content_filter':
      return 'refusal';
    default:
      return 'end_turn';
  }
}

/** Anthropic message ids start with `msg_`; the gateway's request id follows it. */
export function anthropicMessageId(id: string): string {
  return id.startsWith('msg_') ? id : `msg_${id.replace(/^chatcmpl-/, '')}`;
}

/** Tool input as Anthropic wants it: an object, even when the model's JSON was broken. */
export function toolInput(args: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(args || '{}');
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {
    // Falls through: a model can emit arguments that are not JSON.
  }
  return {};
}
