import type { AlertPeriod, AlertType } from '@tokenwise/contracts';
import type { Database } from '@tokenwise/db';
import type { Kysely } from 'kysely';
import { requestFigures } from '../../domain/analytics/request-figures.ts';
import { aggregate, totals } from '../../domain/analytics/rollup-query.ts';
import { type PeriodWindow, periodWindow, previousWindow } from './alert-period.ts';

export interface Measurement {
  window: PeriodWindow;
  /** What the threshold is compared with: dollars, percent or tokens by type. */
  value: number;
  /** For a spike: the previous period's cost over the same elapsed span. */
  previous?: number;
  /** For an error rate: the counts behind the percentage. */
  errors?: number;
  requests?: number;
  /** Dollars or quota tokens so far, the base of a forecast (budget and token alerts only). */
  accrued?: number;
}

// A partial hour is read from its hourly rollup scaled by the share covered, never from the raw
// request log: the evaluator runs every minute for every alert and must stay a rollup read.
const ROLLUPS_ONLY = { rawFrom: Number.MAX_SAFE_INTEGER };

/** The alert's figure at `now`, read from the analytics rollups. */
export async function measure(
  db: Kysely<Database>,
  alert: { account_id: string; alert_type: AlertType; period: AlertPeriod },
  now: number,
): Promise<Measurement> {
  const window = periodWindow(alert.period, now);
  const current = { from: window.start, to: window.end };
  switch (alert.alert_type) {
    case 'budget_limit': {
      const sums = await totals(db, alert.account_id, current, ROLLUPS_ONLY);
      return { window, value: sums.actual_cost, accrued: sums.actual_cost };
    }
    case 'token_quota': {
      // The quota bar's own figure (decision 102): prompt tokens of optimized requests, not
      // answers, passthrough, baseline or failed calls, so the alert and the bar agree.
      const f = await requestFigures(db, alert.account_id, current, ROLLUPS_ONLY);
      return { window, value: f.optimizedTokens, accrued: f.optimizedTokens };
    }
    case 'cost_spike': {
      const before = previousWindow(alert.period, window);
      // The same elapsed span of the previous period: a fair comparison at any minute.
      const span = {
        from: before.start,
        to: Math.min(before.end, before.start + (now - window.start)),
      };
      const [cur, prev] = await Promise.all([
        totals(db, alert.account_id, current, ROLLUPS_ONLY),
        totals(db, alert.account_id, span, ROLLUPS_ONLY),
      ]);
      // No spend before means no baseline to spike from (not an infinite increase).
      const value =
        prev.actual_cost > 0 ? ((cur.actual_cost - prev.actual_cost) / prev.actual_cost) * 100 : 0;
      return { window, value, previous: prev.actual_cost, accrued: cur.actual_cost };
    }
    case 'error_rate': {
      const rows = await aggregate(db, alert.account_id, current, {
        ...ROLLUPS_ONLY,
        groupBy: ['status'],
      });
      const requests = rows.reduce((n, r) => n + r.requests, 0);
      const errors = rows.filter((r) => r.status === 'error').reduce((n, r) => n + r.requests, 0);
      return { window, value: requests > 0 ? (errors / requests) * 100 : 0, errors, requests };
    }
  }
}
