const numberFormat = new Intl.NumberFormat('en-US');
const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});

/** 1234567 → "1,234,567". */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** A list's size; a count the server stopped at is a floor: 1000, capped → "1,000+". */
export function formatTotal(value: number, capped = false): string {
  return `${formatNumber(value)}${capped ? '+' : ''}`;
}

/** Under a paged list: "Showing 1,050 of 1,234 total users", both counts with separators. */
export function formatShowing(shown: number, total: number, noun: string, capped = false): string {
  return `Showing ${formatNumber(shown)} of ${formatTotal(total, capped)} total ${noun}`;
}

/**
 * Dollars with a fixed number of decimals: 2 on most screens, 4 where cents hide the detail. A
 * negative amount (a saving that was an extra cost) reads "-$0.50"; one that rounds to zero has no sign.
 */
export function formatCurrency(value: number, decimals = 2): string {
  const digits = Math.abs(value).toLocaleString('en-US', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  return `${value < 0 && /[1-9]/.test(digits) ? '-' : ''}$${digits}`;
}

/** 12.345 → "12.3%", 1500 → "1,500.0%"; one that rounds to zero has no sign. */
export function formatPercent(value: number, decimals = 1): string {
  // Rounded first as toFixed does (on the stored binary value), as the eval reports print their
  // figures: Intl alone rounds the shortest decimal form, so 0.3765 × 100 (37.649999…) read
  // "37.7%" on /semantic-cache beside the eval's "37.6%".
  const digits = Number(value.toFixed(decimals)).toLocaleString('en-US', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    signDisplay: 'negative',
  });
  return `${digits}%`;
}

/**
 * A share of a quota to 1 decimal, rounded down, so the figure never shows a limit the account
 * has not reached: 29,999,999 of 30M reads 99.9%, not 100.0% (decision 088). The allowance takes
 * float noise off an exact share (80 computed as 79.99999999999999).
 */
export function quotaShare(percent: number): number {
  return Math.floor(percent * 10 + 1e-9) / 10;
}

/** An ISO timestamp as "Mar 5, 2025"; an unparseable one is shown as given. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}
