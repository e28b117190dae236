import type { AlertPeriod } from '@tokenwise/contracts';
import type { AlertRow } from '@tokenwise/db';
import type { Firing } from './alert-decision.ts';
import { aboutHours, dollars, formatFigure } from './alert-format.ts';
import type { Measurement } from './alert-measure.ts';
import { PERIOD_NAMES } from './alert-period.ts';

type AlertFacts = Pick<AlertRow, 'alert_type' | 'threshold' | 'period'>;

const QUANTITY = { budget_limit: 'the budget', token_quota: 'the token quota' } as const;

/** The one sentence a notification and its history entry carry. */
export function alertSentence(alert: AlertFacts, m: Measurement, firing: Firing): string {
  const period = `this ${PERIOD_NAMES[alert.period as AlertPeriod]}`;
  const value = formatFigure(alert.alert_type, m.value);
  const threshold = formatFigure(alert.alert_type, alert.threshold);
  switch (alert.alert_type) {
    case 'budget_limit':
    case 'token_quota': {
      const what = alert.alert_type === 'budget_limit' ? 'Spend' : 'Quota token use';
      if (firing.kind === 'forecast') {
        return `${what} ${period} is ${value} of ${threshold}: at this rate ${QUANTITY[alert.alert_type]} is reached in ${aboutHours(firing.hours)}.`;
      }
      return `${what} ${period} is ${value}, over ${threshold}.`;
    }
    case 'cost_spike':
      return `Spend ${period} is ${dollars(m.accrued ?? 0)}, ${value} above the same part of the previous ${PERIOD_NAMES[alert.period as AlertPeriod]} (${dollars(m.previous ?? 0)}); the limit is ${threshold}.`;
    case 'error_rate':
      // Reaching the threshold is the breach (decision 131): "over 100%" would not be true.
      return `${value} of requests ${period} failed (${m.errors ?? 0} of ${m.requests ?? 0}); the limit is ${threshold}.`;
  }
}
