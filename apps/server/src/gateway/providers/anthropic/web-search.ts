import { invalidOption as invalid } from '../shared/web-search-options.ts';

/**
 * OpenAI's search_context_size as the most searches Claude may run for one answer: OpenAI sizes
 * the context a search brings, Anthropic counts searches. LiteLLM's mapping, so a caller moving
 * between the two gateways gets the same searches (decision 182).
 */
const MAX_USES = { low: 1, medium: 5, high: 10 } as const;

/** The fields of OpenAI's approximate location that Anthropic's `user_location` also has. */
const LOCATION_FIELDS = ['city', 'region', 'country', 'timezone'] as const;

/**
 * Chat Completions' `web_search_options` → Anthropic's web search server tool (decision 182):
 * `search_context_size` as `max_uses` (none: Anthropic's default, no limit), the approximate
 * `user_location` as Anthropic's. Undefined when the caller sent none.
 */
export function webSearchTool(options: unknown): Record<string, unknown> | undefined {
  if (options == null) return undefined;
  if (typeof options !== 'object' || Array.isArray(options))
    throw invalid('web_search_options', 'must be an object');
  const { search_context_size: size, user_location: location } = options as Record<string, unknown>;
  const tool: Record<string, unknown> = { type: 'web_search_20250305', name: 'web_search' };
  if (size != null) {
    // Own keys only: `in` would take 'toString' and send a tool with no limit.
    if (typeof size !== 'string' || !Object.hasOwn(MAX_USES, size))
      throw invalid(
        'web_search_options.search_context_size',
        `${JSON.stringify(size)} is not one of 'low', 'medium', 'high'`,
      );
    tool.max_uses = MAX_USES[size as keyof typeof MAX_USES];
  }
  const userLocation = anthropicLocation(location);
  if (userLocation) tool.user_location = userLocation;
  return tool;
}

function anthropicLocation(location: unknown): Record<string, unknown> | undefined {
  if (location == null) return undefined;
  const approximate = (location as { approximate?: unknown }).approximate;
  if (typeof location !== 'object' || (approximate != null && typeof approximate !== 'object'))
    throw invalid('web_search_options.user_location', "must be {type: 'approximate', approximate}");
  const fields = (approximate ?? {}) as Record<string, unknown>;
  const kept: Record<string, unknown> = { type: 'approximate' };
  for (const field of LOCATION_FIELDS) {
    const value = fields[field];
    if (value == null) continue;
    if (typeof value !== 'string')
      throw invalid(`web_search_options.user_location.approximate.${field}`, 'must be a string');
    kept[field] = value;
  }
  return Object.keys(kept).length > 1 ? kept : undefined;
}
