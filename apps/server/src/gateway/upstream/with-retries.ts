import { setTimeout as sleep } from 'node:timers/promises';
import { AttemptError, cancelled, transportFailure } from './attempt-error.ts';
import type { CancelSignal } from './caller-gone.ts';
import { pastDeadline } from './deadline.ts';
import { DEFAULT_RETRY_BASE_DELAY_MS, retryDelayMs } from './retry-policy.ts';

export interface RetryOptions {
  maxRetries: number;
  retryBaseDelayMs?: number;
  signal?: CancelSignal;
  /** No retry starts that could not begin before this time (epoch ms; a fallback's, decision 133). */
  deadlineAt?: number;
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
      if (delay === undefined || pastDeadline(opts, delay)) throw failure.error;
      const { signal } = opts;
      try {
        await sleep(delay, undefined, signal instanceof AbortSignal ? { signal } : {});
      } catch {
        throw cancelled();
      }
      // The gateway's CallerGone is no AbortSignal: a caller gone during the wait is seen here.
      if (signal?.aborted) throw cancelled();
    }
  }
}
