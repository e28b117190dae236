/**
 * CSV cells for files people open in spreadsheets. A text cell starting with = + - @ tab, CR or a
 * null character (ASVS 5.0 V1.2.10) would be run as a formula (CSV injection), so it gets a
 * leading single quote; any cell with a quote, comma or line break is quoted with inner quotes
 * doubled (RFC 4180). Numbers are written as is: they are not user text, and a negative amount
 * must stay a number.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(withoutFloatNoise(value));
  if (typeof value !== 'string') return String(value);
  const safe = /^[=+\-@\t\r\0]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvLine(cells: readonly (string | number | boolean | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * Sums of prices carry binary noise (0.1 + 0.2 is 0.30000000000000004; a cost read
 * 1.5000000000000026e-7): twelve significant digits keep every real digit of a price and drop the
 * noise a spreadsheet would show.
 */
export function withoutFloatNoise(value: number): number {
  return Number.isInteger(value) || !Number.isFinite(value) ? value : Number(value.toPrecision(12));
}
