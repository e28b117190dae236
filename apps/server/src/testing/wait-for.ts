import { setTimeout as pause } from 'node:timers/promises';

/**
 * Polls `check` until it returns something other than undefined or false, and returns that.
 * Fails with `what` after a deadline generous enough for a loaded 2-core machine.
 */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  deadlineMs = 60_000,
): Promise<T> {
  const giveUpAt = Date.now() + deadlineMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > giveUpAt) throw new Error(`Timed out waiting for ${what}`);
    await pause(20);
  }
}
