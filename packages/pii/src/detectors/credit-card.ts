import type { PiiSpan } from '../pii-kinds.ts';
import { foldWideForms, isLabelledAsIdentifier, valuesAsWritten } from './text-context.ts';

// 12-19 digits, optionally grouped by single spaces or dashes, and not part of a longer number.
const CARD_CANDIDATE =
  /(?<![\p{L}\p{N}_\-.+]|\d[ -])\d(?:[ -]?\d){11,18}(?![\p{L}\p{N}_]|[-.]?\d|[ -]\d)/gu;

interface CardNetwork {
  /** Inclusive ranges of the leading digits (compared on the first `digits` digits). */
  prefixes: readonly (readonly [number, number])[];
  digits: number;
  lengths: readonly number[];
}

// Issuer identification ranges of the networks in wide use (ISO/IEC 7812 registrations as
// published by each network).
const NETWORKS: readonly CardNetwork[] = [
  { prefixes: [[4, 4]], digits: 1, lengths: [13, 16, 19] }, // Visa
  { prefixes: [[51, 55]], digits: 2, lengths: [16] }, // Mastercard
  { prefixes: [[2221, 2720]], digits: 4, lengths: [16] }, // Mastercard 2-series
  {
    prefixes: [
      [34, 34],
      [37, 37],
    ],
    digits: 2,
    lengths: [15],
  }, // American Express
  { prefixes: [[6011, 6011]], digits: 4, lengths: [16, 17, 18, 19] }, // Discover
  { prefixes: [[644, 649]], digits: 3, lengths: [16, 17, 18, 19] }, // Discover
  { prefixes: [[65, 65]], digits: 2, lengths: [16, 17, 18, 19] }, // Discover
  { prefixes: [[3528, 3589]], digits: 4, lengths: [16, 17, 18, 19] }, // JCB
  {
    prefixes: [
      [300, 305],
      [309, 309],
    ],
    digits: 3,
    lengths: [14, 15, 16, 17, 18, 19],
  }, // Diners
  {
    prefixes: [
      [36, 36],
      [38, 39],
    ],
    digits: 2,
    lengths: [14, 15, 16, 17, 18, 19],
  }, // Diners
  {
    prefixes: [
      [62, 62],
      [81, 81],
    ],
    digits: 2,
    lengths: [16, 17, 18, 19],
  }, // UnionPay
  {
    prefixes: [
      [50, 50],
      [56, 58],
      [60, 69],
    ],
    digits: 2,
    lengths: [12, 13, 14, 15, 16, 17, 18, 19],
  }, // Maestro
  { prefixes: [[2200, 2204]], digits: 4, lengths: [16, 17, 18, 19] }, // Mir
];

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function hasKnownIssuer(digits: string): boolean {
  return NETWORKS.some(
    (network) =>
      network.lengths.includes(digits.length) &&
      network.prefixes.some(([low, high]) => {
        const lead = Number(digits.slice(0, network.digits));
        return lead >= low && lead <= high;
      }),
  );
}

export function findCreditCards(written: string): PiiSpan[] {
  const text = foldWideForms(written);
  const spans: PiiSpan[] = [];
  for (const match of text.matchAll(CARD_CANDIDATE)) {
    const value = match[0];
    // Mixed separators ("4111 1111-1111 1111") are how tables of numbers run together, not cards.
    if (value.includes(' ') && value.includes('-')) continue;
    const digits = value.replace(/[ -]/g, '');
    if (!hasKnownIssuer(digits) || !passesLuhn(digits)) continue;
    if (isLabelledAsIdentifier(text, match.index)) continue;
    spans.push({ kind: 'credit_card', start: match.index, end: match.index + value.length, value });
  }
  return valuesAsWritten(spans, written, text);
}
