import type { AlertPeriod, AlertType } from '@tokenwise/contracts';
import type { Database } from '@tokenwise/db';
import { resolveServedModel } from '@tokenwise/pricing';
import type { Kysely } from 'kysely';
import { requestFigures } from '../../domain/analytics/request-figures.ts';
import { aggregate, totals } from '../../domain/analytics/rollup-query.ts';
import type { Window } from '../../domain/analytics/time-range.ts';
import { type PeriodWindow, periodWindow, previousWindow } from './alert-period.ts';

/** Provider answers in the window from models with no listed price, counted at $0 (decision 146). */
export interface UnpricedSpend {
  requests: number;
  tokens: number;
  /** `provider/model`, most tokens first. */
  models: string[];
}

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
  /** Budget and spike alerts: spend in the window the dollars leave out, when there is some. */
  unpriced?: UnpricedSpend;
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
      const { cost, unpriced } = await spend(db, alert.account_id, current);
      return { window, value: cost, accrued: cost, ...(unpriced ? { unpriced } : {}) };
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
        spend(db, alert.account_id, current),
        totals(db, alert.account_id, span, ROLLUPS_ONLY),
      ]);
      // No spend before means no baseline to spike from (not an infinite increase).
      const value =
        prev.actual_cost > 0 ? ((cur.cost - prev.actual_cost) / prev.actual_cost) * 100 : 0;
      const unpriced = cur.unpriced ? { unpriced: cur.unpriced } : {};
      return { window, value, previous: prev.actual_cost, accrued: cur.cost, ...unpriced };
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

/**
 * Dollars spent in the window, and what of it has no price: the same rollup read as the plain
 * totals, split by model. A model counts as unpriced when it has none now; one priced since
 * (a pricing update) is not named, though its earlier requests were logged at $0.
 */
async function spend(
  db: Kysely<Database>,
  accountId: string,
  window: Window,
): Promise<{ cost: number; unpriced?: UnpricedSpend }> {
  const rows = await aggregate(db, accountId, window, {
    ...ROLLUPS_ONLY,
    groupBy: ['provider', 'model', 'cache_hit'],
  });
  let cost = 0;
  const unpricedTokens = new Map<string, number>();
  let requests = 0;
  for (const row of rows) {
    cost += row.actual_cost;
    const tokens = row.tokens_in + row.tokens_out;
    // A cache hit costs nothing whatever the model: only provider answers are spend.
    if (Number(row.cache_hit) === 1 || tokens === 0) continue;
    const name = `${row.provider}/${row.model}`;
    if (resolveServedModel(name)?.priced !== false) continue;
    requests += row.requests;
    unpricedTokens.set(name, (unpricedTokens.get(name) ?? 0) + tokens);
  }
  if (requests === 0) return { cost };
  const ranked = [...unpricedTokens].sort((a, b) => b[1] - a[1]);
  const tokens = ranked.reduce((n, [, t]) => n + t, 0);
  return { cost, unpriced: { requests, tokens, models: ranked.map(([name]) => name) } };
}
