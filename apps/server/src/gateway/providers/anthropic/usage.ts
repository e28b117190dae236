/**
 * Anthropic counts cache writes and reads apart from `input_tokens`; OpenAI's prompt_tokens
 * includes them, so they are added back.
 */
export function anthropicPromptTokens(usage: Record<string, unknown>): number | undefined {
  if (typeof usage.input_tokens !== 'number') return undefined;
  const num = (v: unknown) => (typeof v === 'number' ? v : 0);
  return (
    usage.input_tokens + num(usage.cache_creation_input_tokens) + num(usage.cache_read_input_tokens)
  );
}
