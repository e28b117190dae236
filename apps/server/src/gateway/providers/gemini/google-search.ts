import { checkWebSearchOptions } from '../shared/web-search-options.ts';

/**
 * Chat Completions' `web_search_options` → Gemini's Google Search grounding tool (decision 184):
 * `{googleSearch: {}}` from Gemini 2.0 on, as LiteLLM maps it (`_map_web_search_options`), and
 * `{googleSearchRetrieval: {}}` for 1.x models, the only form they took. Neither has a field for
 * `search_context_size` (Gemini decides how many queries to run) or for an approximate place
 * (its `retrievalConfig` takes coordinates only): both are checked and not sent, as LiteLLM drops
 * them. Undefined when the caller sent no option.
 */
export function googleSearchTool(
  options: unknown,
  model: string,
): Record<string, unknown> | undefined {
  if (options == null) return undefined;
  checkWebSearchOptions(options);
  return /^(models\/)?gemini-1\./.test(model)
    ? { googleSearchRetrieval: {} }
    : { googleSearch: {} };
}
