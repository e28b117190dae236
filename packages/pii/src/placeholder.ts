import type { PiiKind } from './pii-kinds.ts';

const LABEL_BY_KIND: Record<PiiKind, string> = {
  email: 'EMAIL',
  phone: 'PHONE',
  ssn: 'SSN',
  credit_card: 'CREDIT_CARD',
  ip_address: 'IP_ADDRESS',
  secret: 'SECRET',
};
const KIND_BY_LABEL = new Map(
  Object.entries(LABEL_BY_KIND).map(([kind, label]) => [label, kind as PiiKind]),
);
const MAX_NUMBER_DIGITS = 9;

/** Matches every placeholder this package can issue, e.g. '[EMAIL_REDACTED_1]'. */
export const PLACEHOLDER_PATTERN = new RegExp(
  `\\[(${Object.values(LABEL_BY_KIND).join('|')})_REDACTED_([1-9]\\d{0,${MAX_NUMBER_DIGITS - 1}})\\]`,
  'g',
);

/**
 * A placeholder percent-encoded as in a URL ('%5BEMAIL_REDACTED_1%5D', hex in either case); group 1
 * is the placeholder's label and number, as in '[EMAIL_REDACTED_1]' between the brackets.
 */
export const ENCODED_PLACEHOLDER_PATTERN = new RegExp(
  `%5B((?:${Object.values(LABEL_BY_KIND).join('|')})_REDACTED_[1-9]\\d{0,${MAX_NUMBER_DIGITS - 1}})%5D`,
  'gi',
);

export function formatPlaceholder(kind: PiiKind, n: number): string {
  return `[${LABEL_BY_KIND[kind]}_REDACTED_${n}]`;
}

/** Every placeholder-shaped token in `text`, with its kind and number. */
export function findPlaceholders(text: string): { kind: PiiKind; n: number }[] {
  const found: { kind: PiiKind; n: number }[] = [];
  for (const match of text.matchAll(PLACEHOLDER_PATTERN)) {
    const kind = KIND_BY_LABEL.get(match[1] ?? '');
    if (kind) found.push({ kind, n: Number(match[2]) });
  }
  return found;
}

const PREFIXES = Object.values(LABEL_BY_KIND).map((label) => `${label}_REDACTED_`);
/** The longest text that can still grow into a placeholder: '[' + prefix + digits. */
export const MAX_PARTIAL_PLACEHOLDER_LENGTH =
  1 + Math.max(...PREFIXES.map((p) => p.length)) + MAX_NUMBER_DIGITS;

/**
 * True when `tail` (starting with '[') could be the beginning of a placeholder whose end has not
 * arrived yet: '[', '[EMAIL_RED', '[PHONE_REDACTED_1'. False once it can no longer become one.
 */
export function isPartialPlaceholder(tail: string): boolean {
  if (!tail.startsWith('[') || tail.length > MAX_PARTIAL_PLACEHOLDER_LENGTH) return false;
  const body = tail.slice(1);
  return PREFIXES.some((prefix) => {
    if (body.length <= prefix.length) return prefix.startsWith(body);
    if (!body.startsWith(prefix)) return false;
    const digits = body.slice(prefix.length);
    return digits.length <= MAX_NUMBER_DIGITS && /^[1-9]\d*$/.test(digits);
  });
}
