import { MAX_RATE_LIMIT_HEADERS, type RateLimitHeaders } from './rate-limit-headers.ts';

// A limit's three readings share a unit: OpenAI and Groq put it last (`x-ratelimit-remaining-
// tokens`), Anthropic before the reading (`anthropic-ratelimit-input-tokens-remaining`). Other
// OpenAI-compatible vendors name none (`x-ratelimit-remaining`): one limit too (review of 242).
const OPENAI_NAME = /^(x-ratelimit)-(limit|remaining|reset)(-.+)?$/;
const ANTHROPIC_NAME = /^(anthropic-ratelimit-.+)-(limit|remaining|reset)$/;
// Number() reads '' and ' ' as 0 and '0x10' as 16: only decimal digits are a count.
const COUNT = /^\d+(?:\.\d+)?$/;

/** The limit a header reads, and whether it is that limit's remaining count. */
function limitOf(name: string): { limit: string; remaining: boolean } {
  const openai = OPENAI_NAME.exec(name);
  if (openai)
    return { limit: `${openai[1]}${openai[3] ?? ''}`, remaining: openai[2] === 'remaining' };
  const anthropic = ANTHROPIC_NAME.exec(name);
  if (anthropic?.[1]) return { limit: anthropic[1], remaining: anthropic[2] === 'remaining' };
  // A name of neither form is a limit of its own, with no count to compare.
  return { limit: name, remaining: false };
}

/**
 * One reading of several calls' rate-limit headers (a legacy completions request of several
 * prompts, decision 242): for each limit, the limit, remaining and reset of the call with the
 * least remaining, kept together so they describe one window, as the RateLimit header drafts ask
 * of a server under several policies (the one closest to exhaustion). A call that read no count
 * of a limit ranks after those that did; ties keep the earlier call (the earlier prompt).
 */
export function tightestRateLimits(
  readings: readonly (RateLimitHeaders | undefined)[],
): RateLimitHeaders | undefined {
  const tightest = new Map<string, { remaining: number; from: RateLimitHeaders }>();
  for (const reading of readings) {
    if (!reading) continue;
    for (const name in reading) {
      const { limit, remaining } = limitOf(name);
      const value = reading[name] as string;
      const rank = remaining && COUNT.test(value) ? Number(value) : Number.POSITIVE_INFINITY;
      const held = tightest.get(limit);
      if (!held || rank < held.remaining) tightest.set(limit, { remaining: rank, from: reading });
    }
  }
  if (tightest.size === 0) return undefined;
  const joined: RateLimitHeaders = {};
  let count = 0;
  for (const [limit, { from }] of tightest) {
    for (const name in from) {
      if (limitOf(name).limit !== limit) continue;
      joined[name] = from[name] as string;
      if (++count === MAX_RATE_LIMIT_HEADERS) return joined;
    }
  }
  return joined;
}
