import { countChatTokens, type ModelInfo, type ModelNeeds } from '@tokenwise/pricing';
import type { ChatCompletionRequest } from './types.ts';

/** What a model must support to serve this request: routing never picks a model that lacks it. */
export function requestNeeds(request: ChatCompletionRequest, requested: ModelInfo): ModelNeeds {
  const hasImage = request.messages.some(
    (m) =>
      Array.isArray(m.content) &&
      m.content.some((p) => p.type === 'image_url' || p.type === 'image'),
  );
  const format = request.response_format?.type;
  const outputTokens = request.max_completion_tokens ?? request.max_tokens ?? 1_024;
  return {
    tools: (request.tools?.length ?? 0) > 0,
    vision: hasImage,
    jsonMode: format === 'json_object' || format === 'json_schema',
    minContext: countChatTokens(request.messages, requested) + outputTokens,
    // Reasoning models reject temperature/top_p/max_tokens; only route to one if one was asked for.
    samplingParams: !requested.capabilities.reasoning,
  };
}
