import { tooManyRequests } from '../errors/app-error.ts';
import { type CounterStore, limitNow } from './counter-store.ts';
import { describeWait } from './describe-wait.ts';

/**
 * Counts one more against `key`'s window and refuses it with a 429 (its Retry-After the window's
 * rest) when that passes `limit`, or this instance's share of it while Redis is lost (decision
 * 136). `refusal` words the message from the limit in force and the wait.
 */
export async function countWithinLimit(
  counters: CounterStore,
  key: string,
  windowMs: number,
  limit: number,
  refusal: (limit: number, wait: string) => string,
): Promise<void> {
  const count = await counters.increment(key, windowMs);
  const inForce = limitNow(counters, limit);
  if (count <= inForce) return;
  const wait = await counters.remainingMs(key);
  throw tooManyRequests(refusal(inForce, describeWait(wait)), wait);
}
