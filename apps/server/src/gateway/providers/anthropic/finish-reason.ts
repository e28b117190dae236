import type { FinishReason } from '../../types.ts';

/**
 * Anthropic stop_reason → OpenAI finish_reason. A `pause_turn` that reaches a caller (a stream, or
 * a turn still paused after the gateway's continuations) is an answer cut short by a limit, which
 * OpenAI's `length` says; `stop` would pass it off as whole (decision 187).
 */
export function finishFromStopReason(reason: unknown): FinishReason {
  switch (reason) {
    case 'max_tokens':
    case 'model_context_window_exceeded':
    case 'pause_turn':
      return 'length';
    case 'tool_use':
      return 'tool_calls';
    case 'refusal':
      return 'content_filter';
    default:
      return 'stop';
  }
}
