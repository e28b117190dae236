// Where a phone number may start and end: not glued to a word, an amount, a sum or an identifier.
import type { DigitGroup, PhoneCandidate } from './phone-candidates.ts';
import { isDigitAt, isPersonNamedAlone, isWordCharAt } from './text-context.ts';

// A dash or a bracket in a number: a phone's layout, never an amount's.
const DASH_OR_BRACKET = /[-()]/;
// Chinese and Japanese put no space between words, and Korean particles follow a number
// directly ("010-1234-5678로"): a letter of these scripts does not glue a number to a word.
export const UNSPACED_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** A letter, digit or underscore the number would run into, CJK letters aside. */
function isGlueAt(text: string, index: number): boolean {
  return isWordCharAt(text, index) && !UNSPACED_SCRIPT.test(text.charAt(index));
}

// "$415.555.2671" is an amount and "#4155552671" a reference, whatever the digits.
const PRICE_OR_REFERENCE_MARK = '$€£¥₹#@&=\\';
// "650 000 000 €", "412 300 000 USD": a currency after the digits makes them an amount.
const CURRENCY_AFTER =
  /^[ \u00A0]?(?:[$€£¥₹円元원]|(?:eur|euros?|usd|gbp|chf|inr|brl|dollars?|pounds?|rupees?|reais|zł|zl|pln|kr|nok|sek|dkk|kroner|rub|руб\p{L}*|р)(?!\p{L})|₽)/iu;
// "HK$ 2345 6789", "€ 0612 345 678": a currency sign and a space before the digits.
const CURRENCY_BEFORE = /[$€£¥₹][ \u00A0]$/;

// "123 456 789 + 987 654 321", "612 345 678 * 2": operands, not phones. A '+' after a digit is
// the operator, not a country code.
const OPERATOR_BEFORE = /\d[ \u00A0]*[+*×÷=][ \u00A0]*$/;
// "789 + 987" or "789+987", but not "option 2 +44 20 …", whose '+' is glued to its digits.
const DIGIT_BEFORE_PLUS = /\d$/;
const SPACE_AFTER_PLUS = /^\+[ \u00A0]/;
const OPERATOR_AFTER = /^[ \u00A0]*[+*×÷=][ \u00A0]*[\d(]/;

export function isGlued(text: string, candidate: PhoneCandidate): boolean {
  return isGlueAt(text, candidate.start - 1) || isGlueAt(text, candidate.end);
}

/**
 * "Customer: (415) 555-2671": a person named alone before a number laid out as a phone names
 * whose number it is, where "Customer No." or "Member ID" before it would name an identifier.
 * (A number with its country code is a phone after any label: no identifier is written "+1 …".)
 */
export function isPersonsPhone(text: string, start: number, end: number): boolean {
  return DASH_OR_BRACKET.test(text.slice(start, end)) && isPersonNamedAlone(text, start);
}

export function spanStart(
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
export function isOperand(text: string, start: number, end: number, plus: boolean): boolean {
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
export function hasClearEdges(text: string, start: number, end: number): boolean {
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
