import type { IncomingHttpHeaders } from 'node:http';

/** A provider's rate-limit headers, by name as it wrote them: passed on to the caller (decision 230). */
export type RateLimitHeaders = Record<string, string>;

// OpenAI's and Groq's `x-ratelimit-*`, Anthropic's `anthropic-ratelimit-*`; Gemini writes none
// (its 429 puts the wait in the body). Only these: a provider's other headers (cookies, its
// request ids, its organisation) are its business with the gateway, not the caller's.
const RATE_LIMIT = /^(?:x-ratelimit-|anthropic-ratelimit-)/;

/**
 * The names the providers write (OpenAI's and Groq's six; Anthropic's requests, tokens, input and
 * output tokens, each limit, remaining and reset), for the CORS list a browser caller reads them
 * by: CORS takes names, not a prefix (decision 108; review of 230).
 */
export const RATE_LIMIT_HEADER_NAMES: readonly string[] = [
  ...['limit', 'remaining', 'reset'].flatMap((what) =>
    ['requests', 'tokens'].map((unit) => `x-ratelimit-${what}-${unit}`),
  ),
  ...['requests', 'tokens', 'input-tokens', 'output-tokens'].flatMap((unit) =>
    ['limit', 'remaining', 'reset'].map((what) => `anthropic-ratelimit-${unit}-${what}`),
  ),
];

// A reading is a count, a duration ("6m0s") or an RFC 3339 date: a few dozen characters. The
// provider's header block may fill the 16 KiB the gateway reads, and passed on whole beside the
// gateway's own headers it overflowed the caller's client, which lost the answer (review of 230).
const MAX_VALUE_CHARS = 64;
// OpenAI and Groq write six, Anthropic twelve.
export const MAX_RATE_LIMIT_HEADERS = 24;

/**
 * The rate-limit headers of one provider answer, or undefined when it wrote none. One pass over
 * the header names; answers without any allocate nothing. A value too long to be a reading is
 * left out, and past MAX_RATE_LIMIT_HEADERS the rest are.
 */
export function rateLimitHeaders(headers: IncomingHttpHeaders): RateLimitHeaders | undefined {
  let found: RateLimitHeaders | undefined;
  let count = 0;
  for (const name in headers) {
    if (!RATE_LIMIT.test(name)) continue;
    const raw = headers[name];
    const value = Array.isArray(raw) ? raw.join(', ') : raw;
    if (value === undefined || value.length > MAX_VALUE_CHARS) continue;
    found ??= {};
    found[name] = value;
    if (++count === MAX_RATE_LIMIT_HEADERS) break;
  }
  return found;
}
