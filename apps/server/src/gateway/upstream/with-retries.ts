import { setTimeout as sleep } from 'node:timers/promises';
import { AttemptError, cancelled, transportFailure } from './attempt-error.ts';
import { DEFAULT_RETRY_BASE_DELAY_MS, retryDelayMs } from './retry-policy.ts';

export interface RetryOptions {
  maxRetries: number;
  retryBaseDelayMs?: number;
  signal?: AbortSignal;
}

/**
 * Runs `attempt` until it succeeds, fails for good, or retries run out. Attempts only ever fail
 * before anything reached the caller, so every retry is safe to make.
 */
export async function withRetries<T>(
  opts: RetryOptions,
  attempt: () => Promise<T>,
): Promise<{ value: T; attempts: number }> {
  for (let attempts = 1; ; attempts++) {
    try {
      return { value: await attempt(), attempts };
    } catch (err) {
      const failure = err instanceof AttemptError ? err : transportFailure(err, opts.signal);
      if (!failure.retryable || attempts > opts.maxRetries) throw failure.error;
      const base = opts.retryBaseDelayMs ?? DEFAULT_RETRY_BASE_DELAY_MS;
      const delay = retryDelayMs(attempts, base, failure.retryAfterMs);
      if (delay === undefined) throw failure.error;
      try {
        await sleep(delay, undefined, opts.signal ? { signal: opts.signal } : {});
      } catch {
        throw cancelled();
      }
    }
  }
}
