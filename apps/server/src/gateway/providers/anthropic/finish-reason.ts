import type { FinishReason } from '../../types.ts';

/** Anthropic stop_reason → OpenAI finish_reason. */
export function finishFromStopReason(reason: unknown): FinishReason {
  switch (reason) {
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'tool_use':
      return 'tool_calls';
    case 'refusal':
      return 'content_filter';
    default:
      return 'stop';
  }
}
