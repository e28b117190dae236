import type { AlertType } from '@tokenwise/contracts';

// The sign before the symbol ("-$1.50", not "$-1.50"), as on the screens; none on a figure that
// rounds to zero ("$0.00", "0%", never "-0%").
const sign = (n: number, digits: string) => (n < 0 && /[1-9]/.test(digits) ? '-' : '');
const dollars = (n: number) => {
  const digits = Math.abs(n).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return `${sign(n, digits)}$${digits}`;
};
const percent = (n: number) => {
  const digits = Math.abs(n).toLocaleString('en-US', { maximumFractionDigits: 1 });
  return `${sign(n, digits)}${digits}%`;
};
const tokens = (n: number) => `${Math.round(n).toLocaleString('en-US')} tokens`;

/** A figure of this alert type as the notification shows it. */
export function formatFigure(type: AlertType, value: number): string {
  switch (type) {
    case 'budget_limit':
      return dollars(value);
    case 'cost_spike':
    case 'error_rate':
      return percent(value);
    case 'token_quota':
      return tokens(value);
  }
}

export { dollars };

/** "about 6 hours", "about 1 hour", "less than an hour". */
export function aboutHours(hours: number): string {
  if (hours < 1) return 'less than an hour';
  const n = Math.round(hours);
  return `about ${n} hour${n === 1 ? '' : 's'}`;
}
