/** Rounding and ratios shared by every figure the dashboard shows. */

/** Dollars to a millionth: hides float noise from summing doubles, keeps per-request costs exact. */
export const money = (n: number) => Math.round(n * 1e6) / 1e6;

export const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/**
 * Signed percent change with one decimal; null when there is nothing to compare against. Measured
 * against the size of `previous`, so a rise from a negative figure (savings that were an extra
 * cost, decision 084) is positive.
 */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return oneDecimal(((current - previous) / Math.abs(previous)) * 100);
}

export function average(total: number, count: number): number {
  return count === 0 ? 0 : oneDecimal(total / count);
}
