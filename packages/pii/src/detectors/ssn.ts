import type { PiiSpan } from '../pii-kinds.ts';
import {
  foldWideForms,
  isLabelledAsThingIdentifier,
  lineBefore,
  valuesAsWritten,
} from './text-context.ts';

// 123-45-6789, 123 45 6789 or 123.45.6789 (one separator style throughout), not inside a longer number or word.
const FORMATTED_SSN =
  /(?<![\p{L}\p{N}_\-./+]|\d )(\d{3})([-. ])(\d{2})\2(\d{4})(?![\p{L}\p{N}_]|[-./]\d| \d)/gu;
const BARE_SSN = /(?<![\p{L}\p{N}_\-./+])\d{9}(?![\p{L}\p{N}_]|[-./,]\d)/gu;
// Nine bare digits are an SSN only when the text says so nearby.
const SSN_CUE = /(?<![\p{L}\p{N}])(?:ssn|ss#|ss no|social security|social sec|soc\.? sec)/iu;

/** SSA rules: area not 000, 666 or 900-999; group not 00; serial not 0000. */
export function isValidSsn(area: string, group: string, serial: string): boolean {
  return area !== '000' && area !== '666' && area[0] !== '9' && group !== '00' && serial !== '0000';
}

export function findSsns(written: string): PiiSpan[] {
  const text = foldWideForms(written);
  const spans: PiiSpan[] = [];
  for (const match of text.matchAll(FORMATTED_SSN)) {
    const [value, area = '', , group = '', serial = ''] = match;
    const start = match.index;
    if (!isValidSsn(area, group, serial)) continue;
    if (isLabelledAsThingIdentifier(text, start) && !SSN_CUE.test(lineBefore(text, start, 40)))
      continue;
    spans.push({ kind: 'ssn', start, end: start + value.length, value });
  }
  for (const match of text.matchAll(BARE_SSN)) {
    const value = match[0];
    const start = match.index;
    if (!isValidSsn(value.slice(0, 3), value.slice(3, 5), value.slice(5))) continue;
    if (!SSN_CUE.test(lineBefore(text, start, 40))) continue;
    spans.push({ kind: 'ssn', start, end: start + value.length, value });
  }
  return valuesAsWritten(spans, written, text);
}
