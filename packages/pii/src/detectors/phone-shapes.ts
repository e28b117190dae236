// Shapes of digit groups that are something other than a phone number, and the check that a
// number's grouping follows how that country writes its numbers.
import type { DigitGroup } from './phone-candidates.ts';

const DATE_SEPARATOR = /^ ?[-./] ?$/;
const SPACED_DATE_SEPARATOR = /^[ \u00A0]$/;

function inRange(digits: string, low: number, high: number): boolean {
  const n = Number(digits);
  return n >= low && n <= high;
}

/** 2024-03-15, 15.03.2024, 03/15/2024, 15/03/24 at the start of the groups (a time may follow). */
export function startsWithDate(groups: readonly DigitGroup[]): boolean {
  const [a, b, c, d] = groups;
  if (!a || !b || !c) return false;
  if (b.separatorBefore !== c.separatorBefore) return false;
  // "22 12 2024": spaced only with its full year, so "22 12 34 56" (Oslo) stays a phone.
  const spaced = SPACED_DATE_SEPARATOR.test(b.separatorBefore) && c.digits.length === 4;
  if (!spaced && !DATE_SEPARATOR.test(b.separatorBefore)) return false;
  // "01-27-63-16-61" runs on in the same style, which no date does.
  if (d && d.separatorBefore === c.separatorBefore) return false;
  if (a.digits.length === 4) {
    return (
      inRange(a.digits, 1900, 2099) &&
      b.digits.length <= 2 &&
      c.digits.length <= 2 &&
      inRange(b.digits, 1, 12) &&
      inRange(c.digits, 1, 31)
    );
  }
  if (a.digits.length > 2 || b.digits.length > 2) return false;
  const fullYear = c.digits.length === 4 && inRange(c.digits, 1900, 2099);
  if (c.digits.length !== 2 && !fullYear) return false;
  const dayMonth = inRange(a.digits, 1, 31) && inRange(b.digits, 1, 12);
  const monthDay = inRange(a.digits, 1, 12) && inRange(b.digits, 1, 31);
  return dayMonth || monthDay;
}

function isDayAndMonth(a: string, b: string): boolean {
  if (a.length > 2 || b.length > 2) return false;
  return (inRange(a, 1, 31) && inRange(b, 1, 12)) || (inRange(a, 1, 12) && inRange(b, 1, 31));
}

/**
 * "08-25 2025", "2025 08-11", "2024 03 01", "10-12 11-03": a run made only of day-months (joined
 * by a dash, dot or slash, or by a space right after a year) and years, with at least one
 * day-month. Swedish and Danish numbers can be written so too, so this is a date only where a
 * date word is near (decision 180).
 */
export function isDateInPieces(groups: readonly DigitGroup[]): boolean {
  let dayMonths = 0;
  let afterYear = false;
  for (let i = 0; i < groups.length; ) {
    const group = groups[i] as DigitGroup;
    if (group.digits.length === 4 && inRange(group.digits, 1900, 2099)) {
      afterYear = true;
      i += 1;
      continue;
    }
    const next = groups[i + 1];
    const joined =
      next !== undefined &&
      (DATE_SEPARATOR.test(next.separatorBefore) ||
        (afterYear && SPACED_DATE_SEPARATOR.test(next.separatorBefore)));
    if (!joined || !isDayAndMonth(group.digits, next.digits)) return false;
    dayMonths += 1;
    afterYear = false;
    i += 2;
  }
  return dayMonths > 0;
}

/** "0123456/2024": a file or protocol number with its year, as Italian and German offices write. */
export function isNumberOfYear(groups: readonly DigitGroup[]): boolean {
  const [, year] = groups;
  return (
    groups.length === 2 &&
    year?.separatorBefore === '/' &&
    year.digits.length === 4 &&
    inRange(year.digits, 1900, 2099)
  );
}

/** "chmod 0755 0644 0600": Unix file modes; no plan starts every group of a number with 0. */
export function isFileModes(groups: readonly DigitGroup[]): boolean {
  return groups.length >= 2 && groups.every((g) => /^0[0-7]{3}$/.test(g.digits));
}

/** 192.168.10.200 */
export function isDottedQuad(groups: readonly DigitGroup[]): boolean {
  return (
    groups.length === 4 &&
    groups.every(
      (g, i) =>
        g.digits.length <= 3 && Number(g.digits) <= 255 && (i === 0 || g.separatorBefore === '.'),
    )
  );
}

/** 123-45-6789: the US SSN layout, which no phone plan we read uses. */
export function isSsnShaped(groups: readonly DigitGroup[]): boolean {
  const [a, b, c] = groups;
  return (
    groups.length === 3 &&
    a?.digits.length === 3 &&
    b?.digits.length === 2 &&
    c?.digits.length === 4 &&
    b.separatorBefore === c.separatorBefore
  );
}

/** "612 345 678", "1 234 567": thousands grouping, the way amounts and counts are written. */
export function isThousandsGrouped(groups: readonly DigitGroup[]): boolean {
  const separator = groups[1]?.separatorBefore;
  return (
    groups.length >= 2 &&
    (groups[0]?.digits.length ?? 0) <= 3 &&
    groups.every((g, i) => i === 0 || (g.digits.length === 3 && g.separatorBefore === separator))
  );
}

/**
 * "016 977 3629", "061-9813-412": a number typed in chunks of two to five digits in one style.
 * Three or more such chunks are how people write phone numbers when they don't follow the
 * national layout; identifiers in chunks are either longer (cards, parcels) or labelled. Dots
 * don't count: dotted digits are as often versions, addresses or amounts ("827.11.195.80").
 */
export function isTypedInChunks(groups: readonly DigitGroup[]): boolean {
  if (groups.length < 3) return false;
  const separator = groups[1]?.separatorBefore;
  if (separator === undefined || separator.includes('.')) return false;
  // Six or more pairs are lottery draws and tables; no plan writes more than five ("06 12 34 56 78").
  if (groups.length > 5 && groups.every((g) => g.digits.length === 2)) return false;
  return groups.every(
    (g, i) =>
      g.digits.length >= 2 && g.digits.length <= 5 && (i === 0 || g.separatorBefore === separator),
  );
}

/** Group boundaries counted in digits from the end, which lines up numbers with and without prefixes. */
function boundariesFromEnd(groupLengths: readonly number[]): number[] {
  const boundaries: number[] = [];
  let fromEnd = 0;
  for (let i = groupLengths.length - 1; i > 0; i -= 1) {
    fromEnd += groupLengths[i] ?? 0;
    boundaries.push(fromEnd);
  }
  return boundaries;
}

/**
 * True when every break the writer put inside the national number is also a break in one of the
 * country's own layouts, with at most one pair of groups joined: "415 5552671" passes, while
 * "41 555 52671" (split elsewhere) and the ZIP+4 "94107-1234" (Spain's "941 07 12 34" with two
 * joins) do not. Breaks before the national number (country code, trunk prefix) don't count.
 */
export function followsNationalGrouping(
  writtenGroups: readonly string[],
  nationalNumberLength: number,
  layouts: readonly string[],
): boolean {
  const written = boundariesFromEnd(writtenGroups.map((g) => g.length)).filter(
    (b) => b < nationalNumberLength,
  );
  // With no break inside the national number ("0 583376") the writer grouped nothing.
  if (written.length === 0) return false;
  return layouts.some((layout) => {
    const allowed = boundariesFromEnd(
      layout
        .split(/\D+/)
        .filter(Boolean)
        .map((g) => g.length),
    ).filter((b) => b < nationalNumberLength);
    return allowed.length - written.length <= 1 && written.every((b) => allowed.includes(b));
  });
}

/** "051 28 40": degrees (up to 180), minutes and seconds, as a coordinate is written before its N/S/E/W. */
export function isDegreesMinutesSeconds(groups: readonly DigitGroup[]): boolean {
  const [degrees, minutes, seconds] = groups;
  return (
    groups.length === 3 &&
    (degrees?.digits.length ?? 0) <= 3 &&
    inRange(degrees?.digits ?? '', 0, 180) &&
    minutes?.digits.length === 2 &&
    seconds?.digits.length === 2 &&
    inRange(minutes.digits, 0, 59) &&
    inRange(seconds.digits, 0, 59)
  );
}
