import { setTimeout as sleep } from 'node:timers/promises';
import type { GatewayError } from '../types.ts';
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
      if (!failure.retryable || attempts > opts.maxRetries) throw givenUp(failure, attempts);
      const base = opts.retryBaseDelayMs ?? DEFAULT_RETRY_BASE_DELAY_MS;
      const delay = retryDelayMs(attempts, base, failure.retryAfterMs);
      if (delay === undefined || pastDeadline(opts, delay)) throw givenUp(failure, attempts);
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

/**
 * The error to answer with once retrying stops. After more than one attempt the gateway has done
 * the retrying a caller's SDK would do, so it says so (decision 141); an error tried once (a 429
 * asking for a longer wait than the gateway makes, a 400, retries set to 0) stays the caller's to
 * retry.
 */
function givenUp(failure: AttemptError, attempts: number): GatewayError {
  if (attempts > 1) failure.error.retriedUpstream = true;
  return failure.error;
}
