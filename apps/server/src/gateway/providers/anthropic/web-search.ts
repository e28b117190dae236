import { checkWebSearchOptions, LOCATION_FIELDS } from '../shared/web-search-options.ts';

/**
 * OpenAI's search_context_size as the most searches Claude may run for one answer: OpenAI sizes
 * the context a search brings, Anthropic counts searches. LiteLLM's mapping, so a caller moving
 * between the two gateways gets the same searches (decision 182).
 */
const MAX_USES = { low: 1, medium: 5, high: 10 } as const;

/**
 * Chat Completions' `web_search_options` → Anthropic's web search server tool (decision 182):
 * `search_context_size` as `max_uses` (none: Anthropic's default, no limit), the approximate
 * `user_location` as Anthropic's. Undefined when the caller sent none.
 */
export function webSearchTool(options: unknown): Record<string, unknown> | undefined {
  if (options == null) return undefined;
  checkWebSearchOptions(options);
  const { search_context_size: size, user_location: location } = options as Record<string, unknown>;
  const tool: Record<string, unknown> = { type: 'web_search_20250305', name: 'web_search' };
  // Checked above: one of the three sizes, so an own key of MAX_USES.
  if (size != null) tool.max_uses = MAX_USES[size as keyof typeof MAX_USES];
  const userLocation = anthropicLocation(location);
  if (userLocation) tool.user_location = userLocation;
  return tool;
}

function anthropicLocation(location: unknown): Record<string, unknown> | undefined {
  if (location == null) return undefined;
  const fields = ((location as { approximate?: unknown }).approximate ?? {}) as Record<
    string,
    unknown
  >;
  const kept: Record<string, unknown> = { type: 'approximate' };
  for (const field of LOCATION_FIELDS) if (fields[field] != null) kept[field] = fields[field];
  return Object.keys(kept).length > 1 ? kept : undefined;
}
