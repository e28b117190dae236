import { countChatTokens, type ModelInfo, type ModelNeeds } from '@tokenwise/pricing';
import type { ChatCompletionRequest } from '../types.ts';

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

/**
 * Why this request must stay on the model it named, if it must. Anthropic keeps its prompt cache
 * per model, so a switch between turns pays for the whole prefix again; and thinking blocks are
 * signed by the model that wrote them, while the smaller Claude models have no extended thinking.
 */
export function modelBoundFeatures(request: ChatCompletionRequest): string[] {
  const features: string[] = [];
  const thinking =
    (request.thinking !== undefined && request.thinking.type !== 'disabled') ||
    request.messages.some((m) => (m.thinking_blocks?.length ?? 0) > 0);
  if (thinking) features.push('extended thinking');
  if (usesPromptCaching(request)) features.push('prompt caching');
  return features;
}

/** Whether any message part, tool message, tool call or tool carries a cache_control breakpoint. */
export function usesPromptCaching(request: ChatCompletionRequest): boolean {
  const marked = (x: object) => 'cache_control' in x && Boolean(x.cache_control);
  return (
    (request.tools ?? []).some(marked) ||
    request.messages.some(
      (m) =>
        marked(m) ||
        (m.tool_calls ?? []).some(marked) ||
        (Array.isArray(m.content) && m.content.some(marked)),
    )
  );
}
