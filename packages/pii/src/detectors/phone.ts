import type { PhoneNumber } from 'libphonenumber-js/max';
import type { PiiSpan } from '../pii-kinds.ts';
import { type DigitGroup, findPhoneCandidates, type PhoneCandidate } from './phone-candidates.ts';
import { hasPhoneCueAround } from './phone-cues.ts';
import {
  layoutsOf,
  mayBeCityNumber,
  mayBeNamedCountryNumber,
  nationalReadings,
  possibleInternational,
  validateInternational,
} from './phone-numbering.ts';
import { isNamedAsReference } from './phone-references.ts';
import {
  countryNamedAround,
  type NamedCountry,
  type NamedRegion,
  regionNamedAround,
} from './phone-regions.ts';
import {
  followsNationalGrouping,
  isDegreesMinutesSeconds,
  isDottedQuad,
  isNumberOfYear,
  isSsnShaped,
  isThousandsGrouped,
  isTypedInChunks,
  startsWithDate,
} from './phone-shapes.ts';
import {
  foldWideForms,
  isDigitAt,
  isLabelledAsIdentifier,
  isPersonNamedAlone,
  isWordCharAt,
  lineAfter,
  lineBefore,
  valuesAsWritten,
} from './text-context.ts';

// A dash or a bracket in a number: a phone's layout, never an amount's.
const DASH_OR_BRACKET = /[-()]/;
// Chinese and Japanese put no space between words, and Korean particles follow a number
// directly ("010-1234-5678로"): a letter of these scripts does not glue a number to a word.
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

const HANGUL = /\p{Script=Hangul}/u;
const HAN = /^\p{Script=Han}$/u;
const NEXT_TO_BEFORE = /(.)[\s:：,，、]*$/u;
const NEXT_TO_AFTER = /^[\s,，。、;；!！?？)）]*(.)/u;

/** A letter, digit or underscore the number would run into, CJK letters aside. */
function isGlueAt(text: string, index: number): boolean {
  return isWordCharAt(text, index) && !UNSPACED_SCRIPT.test(text.charAt(index));
}

const EXTENSION =
  /^[ \u00A0]*[,;]?[ \u00A0]*(?:ext|extn|extension|x|#|durchwahl|dw|poste|доб|wew)\.?[ \u00A0]*:?[ \u00A0]*\d{1,6}(?!\d)/iu;
// "$415.555.2671" is an amount and "#4155552671" a reference, whatever the digits.
const PRICE_OR_REFERENCE_MARK = '$€£¥₹#@&=\\';
// "650 000 000 €", "412 300 000 USD": a currency after the digits makes them an amount.
const CURRENCY_AFTER =
  /^[ \u00A0]?(?:[$€£¥₹円元원]|(?:eur|euros?|usd|gbp|chf|inr|brl|dollars?|pounds?|rupees?|reais|zł|zl|pln|kr|nok|sek|dkk|kroner|rub|руб\p{L}*|р)(?!\p{L})|₽)/iu;
// "HK$ 2345 6789", "€ 0612 345 678": a currency sign and a space before the digits.
const CURRENCY_BEFORE = /[$€£¥₹][ \u00A0]$/;
// "051 28 40 N": a coordinate's hemisphere, but not a signature's "E:" (email) after a phone.
const COMPASS_AFTER = /^[ \u00A0]?[NSEWO](?![\p{L}\p{N}:])/u;
const PURE_SPACE = /^[ \u00A0]$/;
// "1-800-273-8255 (24/7)": a bracket after a space opens an aside, where a number may end.
const SPACE_THEN_BRACKET = /^[ \u00A0]\($/;
// "123 456 789 + 987 654 321", "612 345 678 * 2": operands, not phones. A '+' after a digit is
// the operator, not a country code.
const OPERATOR_BEFORE = /\d[ \u00A0]*[+*×÷=][ \u00A0]*$/;
// "789 + 987" or "789+987", but not "option 2 +44 20 …", whose '+' is glued to its digits.
const DIGIT_BEFORE_PLUS = /\d$/;
const SPACE_AFTER_PLUS = /^\+[ \u00A0]/;
const OPERATOR_AFTER = /^[ \u00A0]*[+*×÷=][ \u00A0]*[\d(]/;
const WORD_AFTER = /^[ \u00A0]+\p{L}{3}/u;
const MAX_GROUPS = 8;
const MAX_DIGITS = 17;

type Reading = PiiSpan | 'valid_without_evidence' | undefined;

/** Phone numbers in international and national formats, validated against numbering plans. */
export function findPhones(text: string): PiiSpan[] {
  const folded = foldWideForms(text);
  const spans: PiiSpan[] = [];
  for (const candidate of findPhoneCandidates(folded)) phonesIn(folded, candidate, spans);
  return valuesAsWritten(spans, text, folded);
}

// "+49 30 123456 / 06 12 34 56 78": a slash with a space either side lists two numbers.
const LIST_SLASH = /^[ \u00A0]\/[ \u00A0]$/;

function phonesIn(text: string, candidate: PhoneCandidate, spans: PiiSpan[]): void {
  const context = new CandidateContext(text, candidate);
  const last = candidate.groups.length - 1;
  const whole = phoneInGroups(context, 0, last);
  if (typeof whole === 'object') {
    spans.push(whole);
    return;
  }
  // Read apart, each number of a list is whole: none takes digits of the next.
  const listed = splitAtListSlashes(candidate);
  if (listed.length > 1) {
    for (const part of listed) phonesIn(text, part, spans);
    return;
  }
  // Digits that form a valid number only as a whole are one oddly grouped number, and digits
  // glued to letters are an identifier (IBAN, serial): neither has a phone inside it.
  if (whole === 'valid_without_evidence' || isGlued(text, candidate)) return;
  let first = 0;
  while (first <= last) {
    const found = longestPhoneFrom(context, first);
    if (found) {
      spans.push(found.span);
      first = found.lastGroup + 1;
    } else {
      first += 1;
    }
  }
}

/** The candidate cut at each spaced slash; the parts after the first have no '+' before them. */
function splitAtListSlashes(candidate: PhoneCandidate): PhoneCandidate[] {
  const parts: PhoneCandidate[] = [];
  let from = 0;
  const { groups } = candidate;
  for (let i = 1; i <= groups.length; i += 1) {
    if (i < groups.length && !LIST_SLASH.test(groups[i]?.separatorBefore ?? '')) continue;
    const part = groups.slice(from, i);
    const head = part[0] as DigitGroup;
    parts.push({
      start: from === 0 ? candidate.start : head.start,
      end: part[part.length - 1]?.end ?? head.end,
      plus: from === 0 && candidate.plus,
      groups: [{ ...head, separatorBefore: '' }, ...part.slice(1)],
    });
    from = i;
  }
  return parts;
}

/** Per-candidate facts computed once, only when a check needs them. */
class CandidateContext {
  #cue: boolean | undefined;
  #reference: boolean | undefined;
  #region: NamedRegion | undefined | null = null;
  #country: NamedCountry | undefined | null = null;
  #script: 'korean' | 'cjk' | undefined | null = null;
  constructor(
    readonly text: string,
    readonly candidate: PhoneCandidate,
  ) {}
  /** The East Asian script of the line around the number, whose national plans come first. */
  get script(): 'korean' | 'cjk' | undefined {
    if (this.#script === null) {
      const around =
        lineBefore(this.text, this.candidate.start, 24) +
        lineAfter(this.text, this.candidate.end, 24);
      this.#script = HANGUL.test(around)
        ? 'korean'
        : UNSPACED_SCRIPT.test(around)
          ? 'cjk'
          : undefined;
    }
    return this.#script;
  }
  /**
   * Whether a Chinese character stands right before or after the number, past spaces and the
   * punctuation that sets a number off in a sentence ("号码：…", "…，李四").
   */
  get touchesChinese(): boolean {
    const before = NEXT_TO_BEFORE.exec(lineBefore(this.text, this.candidate.start, 4));
    const after = NEXT_TO_AFTER.exec(lineAfter(this.text, this.candidate.end, 4));
    return HAN.test(before?.[1] ?? '') || HAN.test(after?.[1] ?? '');
  }
  get hasPhoneCue(): boolean {
    this.#cue ??= hasPhoneCueAround(this.text, this.candidate.start, this.candidate.end);
    return this.#cue;
  }
  /** A chapter, section, page or room names the number ("Kapitel 030 123 4567"). */
  get isNamedAsReference(): boolean {
    this.#reference ??= isNamedAsReference(this.text, this.candidate.start);
    return this.#reference;
  }
  /** Singapore or Hong Kong, named on the line, whose eight-digit plans are read then. */
  get region(): NamedRegion | undefined {
    if (this.#region === null) {
      this.#region = regionNamedAround(this.text, this.candidate.start, this.candidate.end);
    }
    return this.#region;
  }
  /** A country whose plan is read late, named on the line ("Sydney", "Dublin"). */
  get country(): NamedCountry | undefined {
    if (this.#country === null) {
      this.#country = countryNamedAround(this.text, this.candidate.start, this.candidate.end);
    }
    return this.#country;
  }
}

function isGlued(text: string, candidate: PhoneCandidate): boolean {
  return isGlueAt(text, candidate.start - 1) || isGlueAt(text, candidate.end);
}

/** The longest phone number among the groups from `first` on, short of the whole candidate. */
function longestPhoneFrom(
  context: CandidateContext,
  first: number,
): { span: PiiSpan; lastGroup: number } | undefined {
  const { groups } = context.candidate;
  // A number may only start or stop where the writer left a plain space, so a phone is never
  // carved out of a dashed or dotted identifier.
  if (first > 0 && !PURE_SPACE.test(groups[first]?.separatorBefore ?? '')) return undefined;
  const plusAnchored = first === 0 && context.candidate.plus;
  const lastPossible = Math.min(groups.length, first + MAX_GROUPS) - 1;
  for (let last = lastPossible; last >= first; last -= 1) {
    if (first === 0 && last === groups.length - 1) continue;
    const next = groups[last + 1]?.separatorBefore ?? '';
    if (last < groups.length - 1 && !PURE_SPACE.test(next) && !SPACE_THEN_BRACKET.test(next)) {
      continue;
    }
    // Cutting at a space is only safe when the number inside uses another separator (or none):
    // "415-555-2671 24/7". In "4551 0740 5491 9521" every space is alike and nothing is cut out.
    const inner = groups.slice(first + 1, last + 1);
    // An aside in brackets after the number marks where it ends as well.
    const aside = SPACE_THEN_BRACKET.test(next);
    if (!plusAnchored && !aside && inner.some((g) => PURE_SPACE.test(g.separatorBefore))) continue;
    const reading = phoneInGroups(context, first, last);
    if (typeof reading === 'object') return { span: reading, lastGroup: last };
  }
  return undefined;
}

function phoneInGroups(context: CandidateContext, first: number, last: number): Reading {
  const { text, candidate } = context;
  const groups = candidate.groups.slice(first, last + 1);
  const digits = groups.map((g) => g.digits).join('');
  if (digits.length < 7 || digits.length > MAX_DIGITS) return undefined;
  if (startsWithDate(groups) || isDottedQuad(groups) || isSsnShaped(groups)) return undefined;
  if (isNumberOfYear(groups)) return undefined;

  const start = spanStart(text, candidate, first, groups);
  const end = groups[groups.length - 1]?.end ?? start;
  const extension = EXTENSION.exec(text.slice(end, end + 24));
  const spanEnd = end + (extension ? extension[0].length : 0);
  if (!hasClearEdges(text, start, spanEnd)) return undefined;
  if (isDegreesMinutesSeconds(groups) && COMPASS_AFTER.test(text.slice(spanEnd, spanEnd + 3))) {
    return undefined;
  }
  const plus = first === 0 && candidate.plus;
  if (isOperand(text, start, spanEnd, plus)) return undefined;
  if (!plus && isLabelledAsIdentifier(text, start) && !isPersonsPhone(text, start, spanEnd)) {
    return undefined;
  }

  const written =
    plus || writesInternationalPrefix(groups) ? withoutBracketedTrunk(groups) : groups;
  const verdict = judgeNumber(context, written, plus, {
    hasExtension: extension !== null,
    isQuantity: isThousandsGrouped(groups) && WORD_AFTER.test(text.slice(spanEnd, spanEnd + 8)),
  });
  if (verdict === undefined || verdict === 'valid_without_evidence') return verdict;
  const extensionDigits = extension?.[0].replace(/\D/g, '');
  return {
    kind: 'phone',
    start,
    end: spanEnd,
    value: text.slice(start, spanEnd),
    normalized:
      verdict.number && extensionDigits ? `${verdict.number}x${extensionDigits}` : verdict.number,
  };
}

/** A phone whose country the text does not show: labelled by its digits as written. */
const UNPLACED = { number: undefined } as const;

/** Eight digits written "4 4", as Singapore and Hong Kong write them. */
function isCityLayout(written: readonly string[]): boolean {
  return written.length === 2 && written[0]?.length === 4 && mayBeCityNumber(written.join(''));
}

function judgeNumber(
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
  if (!hasExtension && !context.hasPhoneCue && context.isNamedAsReference) return undefined;
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

/**
 * "Customer: (415) 555-2671": a person named alone before a number laid out as a phone names
 * whose number it is, where "Customer No." or "Member ID" before it would name an identifier.
 * (A number with its country code is a phone after any label: no identifier is written "+1 …".)
 */
function isPersonsPhone(text: string, start: number, end: number): boolean {
  return DASH_OR_BRACKET.test(text.slice(start, end)) && isPersonNamedAlone(text, start);
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
function writesInternationalPrefix(groups: readonly DigitGroup[]): boolean {
  const head = groups[0]?.digits ?? '';
  // "000…" is no country code.
  const zeroAfter = head.startsWith('000') || (head === '00' && groups[1]?.digits.startsWith('0'));
  return head.startsWith('00') && !zeroAfter;
}

/** "+44 (0)20 ...": the bracketed trunk zero is dropped when the country code is written. */
function withoutBracketedTrunk(groups: readonly DigitGroup[]): DigitGroup[] {
  return groups.filter(
    (g, i) =>
      !(
        g.digits === '0' &&
        g.separatorBefore.endsWith('(') &&
        groups[i + 1]?.separatorBefore.startsWith(')')
      ),
  );
}

function spanStart(
  text: string,
  candidate: PhoneCandidate,
  first: number,
  groups: readonly DigitGroup[],
): number {
  const firstGroupStart = groups[0]?.start ?? candidate.start;
  if (first > 0) return firstGroupStart;
  // An opening bracket belongs to the number only when it is closed inside it: in
  // "(+49 (0)30 901820)" the first bracket wraps the number and stays outside.
  const end = groups[groups.length - 1]?.end ?? candidate.end;
  const written = text.slice(candidate.start, end);
  const unclosed = written.split('(').length - written.split(')').length;
  if (text.charAt(candidate.start) === '(' && unclosed > 0) {
    return text.charAt(candidate.start + 1) === '+' ? candidate.start + 1 : firstGroupStart;
  }
  return candidate.start;
}

/** A term of a sum or product: an operator, then a digit, on either side. */
function isOperand(text: string, start: number, end: number, plus: boolean): boolean {
  const before = text.slice(Math.max(0, start - 4), start);
  const operatorPlus =
    DIGIT_BEFORE_PLUS.test(before) ||
    (/\d[ \u00A0]$/.test(before) && SPACE_AFTER_PLUS.test(text.slice(start, start + 2)));
  if (plus ? operatorPlus : OPERATOR_BEFORE.test(before)) return true;
  return OPERATOR_AFTER.test(text.slice(end, end + 4));
}

/**
 * The number must not continue into a word, price, decimal, time or longer identifier. A comma
 * with a digit beyond it continues a number ('1,234', '12,5'), but not one written with a dash or
 * a bracket, which no amount is: there it ends a field ('jane,415-555-2671,94103').
 */
function hasClearEdges(text: string, start: number, end: number): boolean {
  const before = text.charAt(start - 1);
  const field = DASH_OR_BRACKET.test(text.slice(start, end));
  if (isGlueAt(text, start - 1)) return false;
  // "?phone=+14158623307": a country code after '=' is a query string's phone, not an amount.
  const queryValue = before === '=' && text.charAt(start) === '+';
  if (before !== '' && PRICE_OR_REFERENCE_MARK.includes(before) && !queryValue) return false;
  if (CURRENCY_BEFORE.test(text.slice(Math.max(0, start - 2), start))) return false;
  if (before === ',' && isDigitAt(text, start - 2) && !field) return false;
  if (before === '.' && isDigitAt(text, start - 2)) return false;
  if ((before === '-' || before === '/') && isWordCharAt(text, start - 2)) return false;
  if (before === ':' && isDigitAt(text, start - 2)) return false;

  const after = text.charAt(end);
  if (isGlueAt(text, end)) return false;
  if (CURRENCY_AFTER.test(text.slice(end, end + 9))) return false;
  if (after === '%' || after === '@') return false;
  if (after === ',' && isDigitAt(text, end + 1) && !field) return false;
  if ((after === '.' || after === ':') && isDigitAt(text, end + 1)) return false;
  if ((after === '-' || after === '/') && isWordCharAt(text, end + 1)) return false;
  return true;
}
