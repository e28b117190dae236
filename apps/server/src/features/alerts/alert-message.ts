import type { AlertPeriod } from '@tokenwise/contracts';
import type { AlertRow } from '@tokenwise/db';
import type { Firing } from './alert-decision.ts';
import { aboutHours, dollars, formatFigure } from './alert-format.ts';
import type { Measurement, UnpricedSpend } from './alert-measure.ts';
import { PERIOD_NAMES } from './alert-period.ts';

type AlertFacts = Pick<AlertRow, 'alert_type' | 'threshold' | 'period'>;

const QUANTITY = { budget_limit: 'the budget', token_quota: 'the token quota' } as const;

/**
 * What a notification and its history entry say: the figure against the threshold and, for
 * spend, what the dollars leave out (decision 155).
 */
export function alertSentence(alert: AlertFacts, m: Measurement, firing: Firing): string {
  const sentence = figureSentence(alert, m, firing);
  return m.unpriced ? `${sentence} ${unpricedSentence(alert, m.unpriced)}` : sentence;
}

/**
 * Spend on models with no listed price is logged at $0 (decision 146), so a budget can be passed
 * before the alert says so: the reader is told how much was left out, and which models.
 */
function unpricedSentence(alert: AlertFacts, u: UnpricedSpend): string {
  const shown = u.models.slice(0, MODELS_NAMED);
  const more = u.models.length - shown.length;
  const models = `${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
  const requests = `${u.requests.toLocaleString('en-US')} request${u.requests === 1 ? '' : 's'}`;
  return `Not included: ${requests} (${Math.round(u.tokens).toLocaleString('en-US')} tokens) this ${PERIOD_NAMES[alert.period as AlertPeriod]} to models with no listed price (${models}), counted as $0, so actual spend is higher.`;
}

const MODELS_NAMED = 3;

function figureSentence(alert: AlertFacts, m: Measurement, firing: Firing): string {
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
