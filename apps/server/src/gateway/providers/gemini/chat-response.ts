import type { ChatCompletionResponse, UpstreamTarget } from '../../types.ts';
import { usageOf } from '../shared/chunk.ts';
import { asObject } from '../shared/http-spec.ts';
import { answerTextParts, geminiUsage, readCandidateParts } from './candidate.ts';
import { finishFromGemini } from './finish-reason.ts';
import { groundingAnnotations, webSearchQueries, withSearches } from './grounding.ts';
import { extraContentOf } from './thought-signature.ts';

type Json = Record<string, unknown>;

/**
 * GenerateContentResponse → OpenAI answer. A blocked prompt has no candidates: one empty choice.
 * A candidate grounded in Google Search gets its pages as url_citations, and the usage its
 * searches (decision 184); its queries are kept for the Responses API's web_search_call items
 * (decision 185).
 */
export function fromGeminiResponse(
  body: unknown,
  target: UpstreamTarget,
  requestId: string,
): ChatCompletionResponse {
  const response = asObject(body, 'Gemini');
  const candidates = Array.isArray(response.candidates) ? (response.candidates as Json[]) : [];
  const blocked = Boolean((response.promptFeedback as Json | undefined)?.blockReason);
  let searches = 0;
  const choices: ChatCompletionResponse['choices'] = candidates.map((candidate, position) => {
    const { text, toolCalls, signature } = readCandidateParts(candidate);
    const grounding = candidate.groundingMetadata;
    const queries = webSearchQueries(grounding);
    searches += queries.length;
    const annotations = grounding
      ? groundingAnnotations(grounding, answerTextParts(candidate))
      : [];
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
        ...(annotations.length ? { annotations } : {}),
        ...(queries.length ? { web_search_queries: queries } : {}),
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
    usage: withSearches(geminiUsage(response.usageMetadata) ?? usageOf(0, 0), searches),
  };
}
