/** `part` as a percentage of `whole` with 2 decimals (a rate the dashboard shows); 0 of nothing is 0. */
export function percentOf(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 100;
}
