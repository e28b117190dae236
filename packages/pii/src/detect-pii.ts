import { findCreditCards } from './detectors/credit-card.ts';
import { findEmails, mayContainEmail } from './detectors/email.ts';
import { findIpAddresses } from './detectors/ip-address.ts';
import { findPhones } from './detectors/phone.ts';
import { findSecrets } from './detectors/secret.ts';
import { findSsns } from './detectors/ssn.ts';
import { isKindEnabled, type PiiConfig } from './pii-config.ts';
import type { PiiKind, PiiSpan } from './pii-kinds.ts';

interface Detector {
  kind: PiiKind;
  find: (text: string) => PiiSpan[];
  /** A cheap test that the text could hold this kind at all, to skip the full scan. */
  mayContain: (text: string) => boolean;
}

const HAS_DIGIT = /\d/;
// Phones may be typed in full-width digits ("０９０‐１２３４‐５６７８").
const HAS_ANY_WIDTH_DIGIT = /[\d\uFF10-\uFF19]/;
const HAS_HEX_COLON_OR_DIGIT = /\d|[0-9a-f]:/i;

// Ordered by precedence: when two findings overlap, the earlier kind wins. A secret or card is
// the more specific reading of digits that might also pass as a phone number.
const DETECTORS: readonly Detector[] = [
  { kind: 'secret', find: findSecrets, mayContain: (t) => t.length >= 16 },
  { kind: 'credit_card', find: findCreditCards, mayContain: (t) => HAS_DIGIT.test(t) },
  { kind: 'ssn', find: findSsns, mayContain: (t) => HAS_DIGIT.test(t) },
  { kind: 'email', find: findEmails, mayContain: mayContainEmail },
  { kind: 'phone', find: findPhones, mayContain: (t) => HAS_ANY_WIDTH_DIGIT.test(t) },
  { kind: 'ip_address', find: findIpAddresses, mayContain: (t) => HAS_HEX_COLON_OR_DIGIT.test(t) },
];

// JSON's and C's whitespace escapes, written out as two characters ("…\n415-555-2671"), and the
// '+' .NET's default JSON encoder writes as "\u002B" ("\u002B1 415 555 2671").
const ESCAPE = /\\[nrt]|\\u002[bB]/g;
const ESCAPE_READ_AS = (written: string) => (written.length === 2 ? '\\ ' : '     +');
const ESCAPED_PLUS = /^\\u002b$/i;

/** All findings of the enabled kinds, without overlaps, in text order. */
export function detectPii(text: string, config: PiiConfig): PiiSpan[] {
  if (typeof text !== 'string' || text.length === 0) return [];
  // Text that holds JSON (a tool's result, a pasted record) writes a line break as "\n", which
  // would glue the value after it to the "n": every detector refuses a number run on from a
  // letter. Read as "\ " (and "\u002B" as a '+' after spaces), same length, so offsets are the
  // text's; values are sliced from it, an escaped '+' whole.
  const read = text.includes('\\') ? text.replace(ESCAPE, ESCAPE_READ_AS) : text;
  const found: { span: PiiSpan; rank: number }[] = [];
  DETECTORS.forEach((detector, rank) => {
    if (!isKindEnabled(config, detector.kind) || !detector.mayContain(read)) return;
    for (const span of detector.find(read)) found.push({ span, rank });
  });
  const spans = withoutOverlaps(found);
  if (read === text) return spans;
  for (const span of spans) {
    if (span.start >= 5 && ESCAPED_PLUS.test(text.slice(span.start - 5, span.start + 1))) {
      span.start -= 5;
    }
    span.value = text.slice(span.start, span.end);
  }
  return spans;
}

function withoutOverlaps(found: { span: PiiSpan; rank: number }[]): PiiSpan[] {
  found.sort(
    (a, b) =>
      a.rank - b.rank ||
      b.span.end - b.span.start - (a.span.end - a.span.start) ||
      a.span.start - b.span.start,
  );
  // Kept spans stay sorted and disjoint, so a new span can only clash with its two neighbours.
  const kept: PiiSpan[] = [];
  for (const { span } of found) {
    let low = 0;
    let high = kept.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((kept[mid]?.start ?? 0) < span.start) low = mid + 1;
      else high = mid;
    }
    const before = kept[low - 1];
    const after = kept[low];
    if ((before && before.end > span.start) || (after && after.start < span.end)) continue;
    kept.splice(low, 0, span);
  }
  return kept;
}
