import { randomBytes } from 'node:crypto';
import type { TokenUsage, ToolCall } from '../../types.ts';
import { usageOf } from '../shared/chunk.ts';
import type { SegmentPart } from './grounding.ts';
import { extraContentOf, signatureOf } from './thought-signature.ts';

type Json = Record<string, unknown>;

/**
 * The answer text and function calls in one candidate's parts; thought summaries are skipped. A
 * functionCall part's signature rides on its tool call; one on any other answer part is the text's
 * `signature` (Gemini 3 puts it on the last part, at times an empty text part of its own).
 */
export function readCandidateParts(candidate: Json): {
  text: string;
  toolCalls: ToolCall[];
  signature?: string;
} {
  const parts = partsOf(candidate);
  let text = '';
  let textSignature: string | undefined;
  const toolCalls: ToolCall[] = [];
  for (const part of parts) {
    const signature = signatureOf(part);
    const call = part.functionCall as Json | undefined;
    if (!call && !part.thought) {
      if (isAnswerText(part)) text += part.text;
      textSignature = signature ?? textSignature;
    }
    if (call) {
      toolCalls.push({
        // Gemini rarely sends call ids; callers need one to answer the call.
        id:
          typeof call.id === 'string' && call.id
            ? call.id
            : `call_${randomBytes(12).toString('hex')}`,
        type: 'function',
        function: { name: String(call.name), arguments: JSON.stringify(call.args ?? {}) },
        ...(signature ? { extra_content: extraContentOf(signature) } : {}),
      });
    }
  }
  return { text, toolCalls, ...(textSignature ? { signature: textSignature } : {}) };
}

/**
 * Where each answer text part of a whole candidate starts in the choice's content (the parts
 * `readCandidateParts` joins), for grounding segments, which count from their part's start.
 */
export function answerTextParts(candidate: Json): SegmentPart {
  const parts = partsOf(candidate);
  const starts = new Map<number, { text: string; start: number }>();
  let at = 0;
  parts.forEach((part, index) => {
    if (!isAnswerText(part)) return;
    starts.set(index, { text: part.text, start: at });
    at += part.text.length;
  });
  return (index) => starts.get(index);
}

function partsOf(candidate: Json): Json[] {
  const content = (candidate.content ?? {}) as Json;
  return Array.isArray(content.parts) ? (content.parts as Json[]) : [];
}

/** A part whose text is the answer's: not a thought summary, not a function call. */
function isAnswerText(part: Json): part is Json & { text: string } {
  return !part.functionCall && !part.thought && typeof part.text === 'string';
}

/**
 * usageMetadata → OpenAI usage; thinking tokens are billed as output, so they count there (and
 * show as `completion_tokens_details.reasoning_tokens`, as OpenAI's reasoning models report). The
 * prompt tokens read from Gemini's context cache (implicit on 2.5 models) are billed at the cache
 * rate: they become OpenAI's `prompt_tokens_details.cached_tokens`, which the log prices as reads.
 */
export function geminiUsage(metadata: unknown): TokenUsage | undefined {
  if (!metadata || typeof metadata !== 'object') return undefined;
  const m = metadata as Json;
  const num = (v: unknown) => (typeof v === 'number' ? v : 0);
  if (typeof m.promptTokenCount !== 'number') return undefined;
  const thoughts = num(m.thoughtsTokenCount);
  const usage = usageOf(m.promptTokenCount, num(m.candidatesTokenCount) + thoughts);
  const cached = Math.min(num(m.cachedContentTokenCount), m.promptTokenCount);
  if (cached > 0) usage.prompt_tokens_details = { cached_tokens: cached };
  if (thoughts > 0) usage.completion_tokens_details = { reasoning_tokens: thoughts };
  return usage;
}
