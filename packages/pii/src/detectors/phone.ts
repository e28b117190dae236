import type { PiiSpan } from '../pii-kinds.ts';
import { CandidateContext } from './phone-candidate-context.ts';
import { type DigitGroup, findPhoneCandidates, type PhoneCandidate } from './phone-candidates.ts';
import { hasClearEdges, isGlued, isOperand, isPersonsPhone, spanStart } from './phone-edges.ts';
import {
  isDegreesMinutesSeconds,
  isDottedQuad,
  isFileModes,
  isNumberOfYear,
  isSsnShaped,
  isThousandsGrouped,
  startsWithDate,
} from './phone-shapes.ts';
import { judgeNumber, withoutBracketedTrunk, writesInternationalPrefix } from './phone-verdict.ts';
import { foldWideForms, isLabelledAsIdentifier, valuesAsWritten } from './text-context.ts';

const EXTENSION =
  /^[ \u00A0]*[,;]?[ \u00A0]*(?:ext|extn|extension|x|#|durchwahl|dw|poste|доб|wew)\.?[ \u00A0]*:?[ \u00A0]*\d{1,6}(?!\d)/iu;
// "051 28 40 N": a coordinate's hemisphere, but not a signature's "E:" (email) after a phone.
const COMPASS_AFTER = /^[ \u00A0]?[NSEWO](?![\p{L}\p{N}:])/u;
const PURE_SPACE = /^[ \u00A0]$/;
// "1-800-273-8255 (24/7)": a bracket after a space opens an aside, where a number may end.
const SPACE_THEN_BRACKET = /^[ \u00A0]\($/;
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
  if (isNumberOfYear(groups) || isFileModes(groups)) return undefined;

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
