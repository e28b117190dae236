import type { Savings } from '@tokenwise/contracts';
import type { Database } from '@tokenwise/db';
import type { Kysely } from 'kysely';
import { aggregate, firstRequestHour } from './rollup-query.ts';
import { computeSavings, type DayGroup } from './savings-math.ts';
import { DAY_MS, floorTo, type Window } from './time-range.ts';

/**
 * The savings of a window (the /savings screen's period, or a billing period): successful
 * requests summed per UTC day and kind from the rollups, then `computeSavings`. The one place the
 * cost saved and the savings percentage are computed (docs/metrics.md).
 */
export async function savingsOver(
  db: Kysely<Database>,
  accountId: string,
  window: Window,
  now: number,
  /** The retention cut-off: a partial first hour older than it is a share of its rollup. */
  rawFrom?: number,
): Promise<Savings> {
  const [rows, firstTraffic] = await Promise.all([
    aggregate(db, accountId, window, {
      filter: { status: 'success' },
      groupBy: ['is_baseline', 'is_passthrough', 'cache_hit', 'was_routed'],
      bucket: 'day',
      rawFrom,
    }),
    firstRequestHour(db, accountId),
  ]);
  const groups: DayGroup[] = rows.map((r) => ({
    day: r.bucket ?? 0,
    isBaseline: Number(r.is_baseline) === 1,
    isPassthrough: Number(r.is_passthrough) === 1,
    cacheHit: Number(r.cache_hit) === 1,
    wasRouted: Number(r.was_routed) === 1,
    requests: r.requests,
    cost: r.actual_cost,
    costSq: r.actual_cost_sq,
    costSaved: r.cost_saved,
    tokensSaved: r.tokens_saved,
  }));
  const end = window.to ?? now;
  // The last instant inside the window: `to` is exclusive, an open window ends now.
  const last = window.to === null ? now : window.to - 1;
  const days: number[] = [];
  for (let d = floorTo(window.from, DAY_MS); d <= floorTo(last, DAY_MS); d += DAY_MS) days.push(d);
  // Project from the hour of the account's first request, or from the window's start for an
  // account older than it: quiet days inside the window are days of the average, not before it.
  // From that hour, not the UTC midnight before it: a day-old account's 30 hours are 1.25 days,
  // not 1.6 (decision 130).
  const elapsedDays = (end - Math.max(window.from, firstTraffic ?? end)) / DAY_MS;
  return computeSavings(groups, days, elapsedDays);
}
