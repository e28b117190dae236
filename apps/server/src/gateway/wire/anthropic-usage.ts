import type { TokenUsage } from '../types.ts';

export interface AnthropicUsage {
  input_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  output_tokens: number;
}

/**
 * Canonical usage → Anthropic's: its input_tokens leaves out the tokens read from or written to
 * the prompt cache, which get their own counts (0 when the provider reported no caching).
 */
export function toAnthropicUsage(usage: TokenUsage | undefined): AnthropicUsage {
  const read = usage?.prompt_tokens_details?.cached_tokens ?? 0;
  const write = usage?.prompt_tokens_details?.cache_write_tokens ?? 0;
  const prompt = usage?.prompt_tokens ?? 0;
  return {
    input_tokens: Math.max(0, prompt - read - write),
    cache_creation_input_tokens: write,
    cache_read_input_tokens: read,
    output_tokens: usage?.completion_tokens ?? 0,
  };
}
