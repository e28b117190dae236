import { isJsonObject } from '../../lib/json-shape.ts';
import { LOCATION_FIELDS } from '../providers/shared/web-search-options.ts';
import { invalidParam } from '../types.ts';

/** The Responses API's built-in web search tool, under its current and dated names. */
const WEB_SEARCH_TOOLS: readonly string[] = [
  'web_search',
  'web_search_2025_08_26',
  'web_search_preview',
  'web_search_preview_2025_03_11',
];

export const isWebSearchTool = (type: string) => WEB_SEARCH_TOOLS.includes(type);

/**
 * The Responses API's `web_search` tool as Chat Completions' `web_search_options`, which each
 * provider maps as it does for a Chat Completions caller (decisions 182, 184, 185): Claude's web
 * search tool, Gemini's Google Search, OpenAI's search models as sent, Mistral and Groq a 400.
 * The tool's flat `user_location` becomes Chat Completions' `{type, approximate: {…}}`; the field
 * checks stay with the providers' mapping. A domain filter or an image search no provider mapping
 * can honour is a 400, never dropped.
 */
export function webSearchOptionsOf(
  tool: Record<string, unknown>,
  at: string,
): Record<string, unknown> {
  const { search_context_size: size, user_location: location, filters } = tool;
  if (
    isJsonObject(filters) &&
    Array.isArray(filters.allowed_domains) &&
    filters.allowed_domains.length
  )
    throw invalidParam(
      `${at}.filters`,
      `${at}.filters: domain filters are not supported by the gateway's web search`,
      'unsupported_parameter',
    );
  const types = tool.search_content_types;
  if (Array.isArray(types) && types.some((t) => t !== 'text'))
    throw invalidParam(
      `${at}.search_content_types`,
      `${at}.search_content_types: the gateway's web search returns text only`,
      'unsupported_value',
    );
  const options: Record<string, unknown> = {};
  if (size != null) options.search_context_size = size;
  if (isJsonObject(location)) {
    const approximate: Record<string, unknown> = {};
    for (const field of LOCATION_FIELDS)
      if (location[field] != null) approximate[field] = location[field];
    options.user_location = { type: 'approximate', approximate };
  } else if (location != null) options.user_location = location;
  return options;
}

/**
 * OpenAI searches through Chat Completions only with its search models (gpt-5-search-api,
 * gpt-4o-search-preview and their dated names): a model merely named "research-…" is not one.
 */
const OPENAI_SEARCH_MODEL = /-search-(?:api|preview)(?:-|$)/;

export function refuseOpenAiWebSearch(model: string, at: string): void {
  if (OPENAI_SEARCH_MODEL.test(model)) return;
  throw invalidParam(
    at,
    `Unsupported parameter: the web_search tool is not supported with OpenAI model '${model}' through the gateway, which serves the Responses API with Chat Completions, where OpenAI searches only with its search models (gpt-5-search-api, gpt-4o-search-preview, gpt-4o-mini-search-preview). Web search through the gateway works with those, and with Claude and Gemini models.`,
    'unsupported_parameter',
  );
}

/**
 * Forcing the search is refused by name: Gemini has no way to force Google Search, and the
 * gateway does not map a forced search for Claude (decision 185).
 */
export function refuseForcedWebSearch(type: string): void {
  if (!isWebSearchTool(type)) return;
  throw invalidParam(
    'tool_choice',
    `tool_choice: forcing '${type}' is not supported by the gateway: use 'auto' and the model decides when to search`,
    'unsupported_value',
  );
}
