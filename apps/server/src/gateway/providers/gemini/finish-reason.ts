import type { FinishReason } from '../../types.ts';

const FILTERED = new Set([
  'SAFETY',
  'RECITATION',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'IMAGE_SAFETY',
]);

/** Gemini finishReason → OpenAI finish_reason; undefined while a stream candidate is unfinished. */
export function finishFromGemini(reason: unknown, calledTools: boolean): FinishReason | undefined {
  if (typeof reason !== 'string' || reason === 'FINISH_REASON_UNSPECIFIED') return undefined;
  if (reason === 'MAX_TOKENS') return 'length';
  if (FILTERED.has(reason)) return 'content_filter';
  return calledTools ? 'tool_calls' : 'stop';
}
