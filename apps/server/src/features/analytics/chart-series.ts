import type { AnalyticsChartPoint } from '@tokenwise/contracts';
import type { Database } from '@tokenwise/db';
import type { Kysely } from 'kysely';
import { money } from '../../domain/analytics/figures.ts';
import { aggregate, firstDay } from '../../domain/analytics/rollup-query.ts';
import { DAY_MS, floorTo, HOUR_MS, type Period } from '../../domain/analytics/time-range.ts';

/**
 * Requests and cost savings per hour (24h) or per UTC day, oldest first, with empty buckets as
 * zeros so the chart's x axis is continuous. 'all' starts at the account's first day of traffic.
 * A bucket is labelled by the UTC hour or day it starts at; the first and last ones hold only the
 * part of that hour or day inside the period (so "24h" has 25 hourly points, the oldest and the
 * newest partial), and their sum is the period's total. `rawFrom` is the retention cut-off, as for
 * the stats.
 */
export async function chartSeries(
  db: Kysely<Database>,
  accountId: string,
  period: Period,
  now: number,
  rawFrom: number,
): Promise<AnalyticsChartPoint[]> {
  const unit = period.bucket === 'hour' ? HOUR_MS : DAY_MS;
  const [rows, first] = await Promise.all([
    aggregate(db, accountId, period.current, { bucket: period.bucket, rawFrom }),
    period.current.from === 0 ? firstDay(db, accountId) : Promise.resolve(period.current.from),
  ]);
  const byBucket = new Map(rows.map((r) => [r.bucket, r]));
  const points: AnalyticsChartPoint[] = [];
  const last = floorTo(now, unit);
  for (let t = floorTo(first ?? now, unit); t <= last; t += unit) {
    const row = byBucket.get(t);
    points.push({
      date: new Date(t).toISOString(),
      // Fractional when the first hour is a share of its rollup (past the retention cut-off).
      requests: Math.round(row?.requests ?? 0),
      cost_savings: money(row?.cost_saved ?? 0),
    });
  }
  return points;
}
