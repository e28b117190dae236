// The provider rate-limit headers the mock answers with, and how a test reads them back off an
// SDK response (decisions 230 and 242).
export const OPENAI_LIMITS = {
  'x-ratelimit-limit-requests': '10000',
  'x-ratelimit-remaining-requests': '9999',
  'x-ratelimit-reset-requests': '6ms',
  'x-ratelimit-limit-tokens': '200000',
  'x-ratelimit-remaining-tokens': '199950',
  'x-ratelimit-reset-tokens': '15ms',
};
export const ANTHROPIC_LIMITS = {
  'anthropic-ratelimit-requests-limit': '4000',
  'anthropic-ratelimit-requests-remaining': '3999',
  'anthropic-ratelimit-requests-reset': '2026-12-02T10:00:01Z',
  'anthropic-ratelimit-input-tokens-remaining': '399000',
};

type Headers = { get(name: string): string | null };
export const limitsOf = (headers: Headers, names: Record<string, string>) =>
  Object.fromEntries(Object.keys(names).map((name) => [name, headers.get(name)]));
