// Which number a run of digit groups is: valid in a plan, written as a phone, or neither.
import type { PhoneNumber } from 'libphonenumber-js/max';
import type { CandidateContext } from './phone-candidate-context.ts';
import type { DigitGroup } from './phone-candidates.ts';
import {
  layoutsOf,
  mayBeCityNumber,
  mayBeNamedCountryNumber,
  nationalReadings,
  possibleInternational,
  validateInternational,
} from './phone-numbering.ts';
import { followsNationalGrouping, isDateInPieces, isTypedInChunks } from './phone-shapes.ts';

/** A phone whose country the text does not show: labelled by its digits as written. */
const UNPLACED = { number: undefined } as const;

/** Eight digits written "4 4", as Singapore and Hong Kong write them. */
function isCityLayout(written: readonly string[]): boolean {
  return written.length === 2 && written[0]?.length === 4 && mayBeCityNumber(written.join(''));
}

export function judgeNumber(
  context: CandidateContext,
  groups: readonly DigitGroup[],
  plus: boolean,
  { hasExtension, isQuantity }: { hasExtension: boolean; isQuantity: boolean },
): PhoneNumber | typeof UNPLACED | 'valid_without_evidence' | undefined {
  const digits = groups.map((g) => g.digits).join('');
  if (plus || writesInternationalPrefix(groups)) {
    // A country code is strong evidence on its own: accept any valid number, however grouped.
    const international = plus ? digits : digits.slice(2);
    const valid = validateInternational(international);
    if (valid) return valid;
    // A number of the right length in a range the plan holds back (fictional, unassigned) is
    // still a phone where a word says so or where it is laid out in groups as phones are.
    return context.hasPhoneCue || groups.length >= 2
      ? possibleInternational(international)
      : undefined;
  }
  if (digits.length > 15) return undefined;
  // A number a chapter, section, page or room names is that part's number, however it is
  // grouped; only a phone word or an extension makes it a phone (decision 165).
  // A noun right after it does the same ("… in the appendix", "… rows"), and a date word near a
  // run of day-months and years makes it a date (decision 180).
  if (!hasExtension && !context.hasPhoneCue) {
    if (context.isNamedAsReference) return undefined;
    const end = groups[groups.length - 1]?.end ?? context.candidate.end;
    if (context.isNamedAfter(end)) return undefined;
    if (isDateInPieces(groups) && context.hasDateWordAround(groups)) return undefined;
  }
  // A bare or oddly grouped run of digits is a phone only when the text says so, with a word or
  // an extension ("0219248815 ext. 412"). This is settled before the costlier plan lookup.
  const said = isTypedInChunks(groups) || hasExtension || context.hasPhoneCue;
  if (!said && groups.length === 1 && CHINESE_MOBILE.test(digits) && context.touchesChinese) {
    return chineseReading(digits);
  }
  // "0.583376" and "365.259641" are decimals, and thousands followed by a word a quantity
  // ("612 345 678 visites"), unless the text says otherwise.
  if (!said && (groups.length === 1 || isDecimal(groups))) return undefined;
  if (isQuantity && !hasExtension && !context.hasPhoneCue) return undefined;
  const written = groups.map((g) => g.digits);
  // The reading whose country writes the number this way wins over plan order: "612 345 678" is
  // Polish (Spain writes "612 34 56 78"), so its two spellings share one placeholder (decision 135).
  let firstValid: PhoneNumber | undefined;
  const city = mayBeCityNumber(digits) ? context.region : undefined;
  const country = !city && mayBeNamedCountryNumber(digits) ? context.country : undefined;
  const bracketed = groups.some((g, i) => i > 0 && g.separatorBefore.includes(')'));
  for (const phone of nationalReadings(digits, {
    script: context.script,
    city,
    country,
    bracketed,
  })) {
    if (followsNationalGrouping(written, phone.nationalNumber.length, layoutsOf(phone))) {
      return phone;
    }
    firstValid ??= phone;
  }
  if (firstValid === undefined) return undefined;
  if (!said) return 'valid_without_evidence';
  // "Phone: 9123 4567": Singapore's and Hong Kong's layout, with neither city named, read in
  // Norway's plan only because it comes first (Oslo writes "91 23 45 67"). A phone from a country
  // the text does not show: labelled by its digits, not by a guess (decision 173).
  return city === undefined && isCityLayout(written) ? UNPLACED : firstValid;
}

// A mainland-China mobile (1, then 3-9, then nine digits) is how Chinese text writes a phone
// number, unspaced and without a word for it ("有事找我13812345678"): written right next to Chinese
// it is one (decision 101). Elsewhere an 11-digit run stays as likely an ID as a bare US number.
const CHINESE_MOBILE = /^1[3-9]\d{9}$/;

function chineseReading(digits: string): PhoneNumber | undefined {
  for (const phone of nationalReadings(digits, { script: 'cjk' })) {
    if (phone.country === 'CN') return phone;
  }
  return undefined;
}

// A decimal has no leading zero unless it is "0." itself; "030.901820" is a Berlin number.
function isDecimal(groups: readonly DigitGroup[]): boolean {
  const whole = groups[0]?.digits ?? '';
  return (
    groups.length === 2 &&
    groups[1]?.separatorBefore === '.' &&
    (whole === '0' || !whole.startsWith('0'))
  );
}

/**
 * "00 44 20 …": the international prefix, written as the start of one group. "0.031 0.027" is
 * two decimals, not "00 31 …".
 */
export function writesInternationalPrefix(groups: readonly DigitGroup[]): boolean {
  const head = groups[0]?.digits ?? '';
  // "000…" is no country code.
  const zeroAfter = head.startsWith('000') || (head === '00' && groups[1]?.digits.startsWith('0'));
  return head.startsWith('00') && !zeroAfter;
}

/** "+44 (0)20 ...": the bracketed trunk zero is dropped when the country code is written. */
export function withoutBracketedTrunk(groups: readonly DigitGroup[]): DigitGroup[] {
  return groups.filter(
    (g, i) =>
      !(
        g.digits === '0' &&
        g.separatorBefore.endsWith('(') &&
        groups[i + 1]?.separatorBefore.startsWith(')')
      ),
  );
}
