import type { TokenUsage } from '../../types.ts';
import { usageOf } from '../shared/chunk.ts';

/** Token counts as Anthropic reports them: input_tokens leaves out cache reads and writes. */
export interface AnthropicTokenCounts {
  input?: number;
  output?: number;
  cacheRead?: number;
  cacheWrite?: number;
  /** Searches Claude's web search tool ran (`server_tool_use.web_search_requests`). */
  webSearches?: number;
}

/**
 * The counts an Anthropic usage object names, over the earlier ones: a stream reports input and
 * cache figures in message_start and output (sometimes all of them again) in message_delta.
 */
export function readAnthropicUsage(
  raw: unknown,
  earlier: AnthropicTokenCounts = {},
): AnthropicTokenCounts {
  if (!raw || typeof raw !== 'object') return earlier;
  const usage = raw as Record<string, unknown>;
  const count = (value: unknown, fallback: number | undefined) =>
    typeof value === 'number' ? value : fallback;
  return {
    input: count(usage.input_tokens, earlier.input),
    output: count(usage.output_tokens, earlier.output),
    cacheRead: count(usage.cache_read_input_tokens, earlier.cacheRead),
    cacheWrite: count(usage.cache_creation_input_tokens, earlier.cacheWrite),
    webSearches: count(
      (usage.server_tool_use as { web_search_requests?: unknown } | undefined)?.web_search_requests,
      earlier.webSearches,
    ),
  };
}

/**
 * OpenAI's prompt_tokens includes what Anthropic counts apart, so cache reads and writes are added
 * back; when there were any they also show as prompt_tokens_details (OpenAI's `cached_tokens`;
 * writes have no OpenAI name, OpenRouter's `cache_write_tokens` is used). Web searches keep
 * Anthropic's `server_tool_use` (decision 182).
 */
export function toTokenUsage(counts: AnthropicTokenCounts): TokenUsage {
  const read = counts.cacheRead ?? 0;
  const write = counts.cacheWrite ?? 0;
  const usage = usageOf((counts.input ?? 0) + read + write, counts.output ?? 0);
  if (read || write)
    usage.prompt_tokens_details = { cached_tokens: read, cache_write_tokens: write };
  if (counts.webSearches) usage.server_tool_use = { web_search_requests: counts.webSearches };
  return usage;
}
