import type { IncomingHttpHeaders } from 'node:http';

/** The longest `retry-after` worth waiting for; beyond it the caller gets the 429 at once. */
export const MAX_RETRY_AFTER_MS = 10_000;
const MAX_BACKOFF_MS = 8_000;
export const DEFAULT_RETRY_BASE_DELAY_MS = 250;

export function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

/** `retry-after-ms` (OpenAI) or `retry-after` in seconds or as an HTTP date, in milliseconds. */
export function retryAfterMs(headers: IncomingHttpHeaders, now = Date.now()): number | undefined {
  const ms = Number(headers['retry-after-ms']);
  if (headers['retry-after-ms'] !== undefined && Number.isFinite(ms) && ms >= 0) return ms;
  const raw = headers['retry-after'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * Wait before retry `attempt` (1 = first retry): the provider's retry-after when it gave one (or
 * undefined, meaning give up, when it asks for longer than MAX_RETRY_AFTER_MS), else exponential
 * backoff with equal jitter so concurrent callers don't retry in lockstep.
 */
export function retryDelayMs(
  attempt: number,
  baseDelayMs: number,
  providerRetryAfterMs: number | undefined,
  random: () => number = Math.random,
): number | undefined {
  if (providerRetryAfterMs !== undefined) {
    return providerRetryAfterMs <= MAX_RETRY_AFTER_MS ? providerRetryAfterMs : undefined;
  }
  const ceiling = Math.min(MAX_BACKOFF_MS, baseDelayMs * 2 ** (attempt - 1));
  return ceiling / 2 + random() * (ceiling / 2);
}
