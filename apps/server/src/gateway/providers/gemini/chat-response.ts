import type { ChatCompletionResponse, UpstreamTarget } from '../../types.ts';
import { usageOf } from '../shared/chunk.ts';
import { asObject } from '../shared/http-spec.ts';
import { geminiUsage, readCandidateParts } from './candidate.ts';
import { finishFromGemini } from './finish-reason.ts';
import { extraContentOf } from './thought-signature.ts';

type Json = Record<string, unknown>;

/** GenerateContentResponse → OpenAI answer. A blocked prompt has no candidates: one empty choice. */
export function fromGeminiResponse(
  body: unknown,
  target: UpstreamTarget,
  requestId: string,
): ChatCompletionResponse {
  const response = asObject(body, 'Gemini');
  const candidates = Array.isArray(response.candidates) ? (response.candidates as Json[]) : [];
  const blocked = Boolean((response.promptFeedback as Json | undefined)?.blockReason);
  const choices: ChatCompletionResponse['choices'] = candidates.map((candidate, position) => {
    const { text, toolCalls, signature } = readCandidateParts(candidate);
    const finish = finishFromGemini(
      candidate.finishReason,
      toolCalls.length > 0,
      candidate.finishMessage,
    );
    return {
      index: typeof candidate.index === 'number' ? candidate.index : position,
      message: {
        role: 'assistant',
        content: text || (toolCalls.length ? null : ''),
        ...(toolCalls.length ? { tool_calls: toolCalls } : {}),
        ...(signature ? { extra_content: extraContentOf(signature) } : {}),
      },
      finish_reason: finish ?? 'stop',
    };
  });
  if (choices.length === 0) {
    choices.push({
      index: 0,
      message: { role: 'assistant', content: '' },
      finish_reason: blocked ? 'content_filter' : 'stop',
    });
  }
  return {
    id: requestId,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: typeof response.modelVersion === 'string' ? response.modelVersion : target.model,
    choices,
    usage: geminiUsage(response.usageMetadata) ?? usageOf(0, 0),
  };
}
