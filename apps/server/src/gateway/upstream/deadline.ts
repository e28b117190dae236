import { AttemptError, timedOut } from './attempt-error.ts';

/**
 * A call's timing: `timeoutMs` bounds each wait (headers, a plain answer's body, a silence in a
 * stream); `deadlineAt` (epoch ms), when set, is when the whole request's budget runs out. A
 * routed request's fallback gets one: it has only what the routed attempt left (decision 133).
 */
export interface Deadline {
  timeoutMs: number;
  deadlineAt?: number;
}

/** How long the next wait may last: the timeout, or what is left before the deadline. */
export function waitBudgetMs(opts: Deadline): number {
  if (opts.deadlineAt === undefined) return opts.timeoutMs;
  return Math.max(0, Math.min(opts.timeoutMs, opts.deadlineAt - Date.now()));
}

/** Whether a retry after `delayMs` would start with nothing left of the budget. */
export function pastDeadline(opts: Partial<Deadline>, delayMs = 0): boolean {
  return opts.deadlineAt !== undefined && Date.now() + delayMs >= opts.deadlineAt;
}

/**
 * Runs `work` (reading a stream up to its first words) under the deadline, when there is one:
 * past it the body is destroyed and the attempt fails as timed out, since the caller has seen
 * nothing yet. Without a deadline the body's idle timeout alone watches it, as before.
 */
export async function withinDeadline<T>(
  opts: Deadline,
  body: { destroy(): unknown },
  work: () => Promise<T>,
): Promise<T> {
  if (opts.deadlineAt === undefined) return work();
  let overdue = false;
  const timer = setTimeout(() => {
    overdue = true;
    body.destroy();
  }, waitBudgetMs(opts));
  try {
    const value = await work();
    if (overdue) throw new AttemptError(timedOut(), false);
    return value;
  } catch (err) {
    if (overdue) throw new AttemptError(timedOut(), false);
    throw err;
  } finally {
    clearTimeout(timer);
  }
}
