import type { IncomingHttpHeaders } from 'node:http';

/** A provider's rate-limit headers, by name as it wrote them: passed on to the caller (decision 230). */
export type RateLimitHeaders = Record<string, string>;

// OpenAI's and Groq's `x-ratelimit-*`, Anthropic's `anthropic-ratelimit-*`; Gemini writes none
// (its 429 puts the wait in the body). Only these: a provider's other headers (cookies, its
// request ids, its organisation) are its business with the gateway, not the caller's.
const RATE_LIMIT = /^(?:x-ratelimit-|anthropic-ratelimit-)/;

/**
 * The rate-limit headers of one provider answer, or undefined when it wrote none. One pass over
 * the header names; answers without any allocate nothing.
 */
export function rateLimitHeaders(headers: IncomingHttpHeaders): RateLimitHeaders | undefined {
  let found: RateLimitHeaders | undefined;
  for (const name in headers) {
    if (!RATE_LIMIT.test(name)) continue;
    const value = headers[name];
    if (value === undefined) continue;
    found ??= {};
    found[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return found;
}
