import type { PiiSpan } from '../pii-kinds.ts';
import { isAddressTld } from './email-tld.ts';
import { lineAfter, lineBefore } from './text-context.ts';

// Addresses written to dodge scrapers: "john[at]gmail[dot]com", "john (at) gmail (dot) com",
// "john at gmail dot com", "john@gmail .com". The whole written span is the value, so restoring
// gives the caller's spelling back.
const SP = '[ \\t]';
const OPEN = '[\\[({<]';
const CLOSE = '[\\])}>]';
const BRACKETED = (word: string) => `${SP}*${OPEN}${SP}*(?:${word})${SP}*${CLOSE}${SP}*`;
const AT = `${BRACKETED('at|@')}|${SP}+at${SP}+|${SP}*@${SP}*`;
// A spaced full stop counts only with a space before it: ". " alone ends a sentence.
const DOMAIN_DOT = `${BRACKETED('dot|\\.')}|${SP}+dot${SP}+|${SP}+\\.${SP}*|\\.`;
const LOCAL_DOT = `${BRACKETED('dot|\\.')}|${SP}+dot${SP}+|\\.`;
// Each word is taken whole (the lookaheads stop backtracking into it, which kept the scan slow).
const LOCAL_WORD = '[\\p{L}\\p{N}_][\\p{L}\\p{N}_%+\\-]{0,63}(?![\\p{L}\\p{N}_%+\\-])';
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?(?![\\p{L}\\p{N}])';
// An apostrophe inside a word ("I'm at work dot com") starts no address; a quote before one does.
const OBFUSCATED = new RegExp(
  `(?<![\\p{L}\\p{N}._%+\\-@]|\\p{L}['’])(?<local>${LOCAL_WORD}(?:(?:${LOCAL_DOT})${LOCAL_WORD}){0,4})` +
    `(?<at>${AT})(?<domain>${LABEL}(?:(?:${DOMAIN_DOT})${LABEL}){1,6})(?![\\p{L}\\p{N}@-])`,
  'giu',
);
const DOMAIN_DOTS = new RegExp(DOMAIN_DOT, 'giu');
// Every form holds one of these (a spelt-out "at" comes with a spelt-out, bracketed or spaced
// dot), so only the text around them is scanned.
const SIGN = `${OPEN}${SP}*(?:at|@|dot|\\.)${SP}*${CLOSE}|${SP}(?:dot${SP}|\\.|@)|@${SP}`;
const MAY_HOLD = new RegExp(SIGN, 'i');
const SIGNS = new RegExp(SIGN, 'gi');
// How far an address reaches from its sign: only that much of a long line is scanned.
const REACH = 320;
const WORD_GOES_ON = /[\p{L}\p{N}._%+@-]/u;

// Spelt-out words and a spaced '@' occur in prose ("meet at noon dot com", "a @ b.T" in NumPy),
// so those forms need a word about mail on the same line. Brackets are a deliberate disguise.
const EMAIL_CUE =
  /(?<![\p{L}\p{N}])(?:e-?mail\w*|mail(?:ed|ing)?|inbox|write (?:to|me|us)|contact\w*|address(?:es)?|reach (?:me|us|him|her|them|out)|courriel|correo|adresse|schreib\w*|message (?:me|us)|drop (?:me |us )?a (?:line|note))(?![\p{L}\p{N}])/iu;
const CUE_BEFORE = 80;
const CUE_AFTER = 40;
// Words that stand before "at" in ordinary sentences: "contact us at acme dot com" names a site.
const NOT_A_MAILBOX = new Set(
  `me us you him her them it we i she he they one someone anyone everyone somebody anybody
  everybody all both people team staff folks is are was were be been being am work works worked
  working live lives lived living based located stay stays staying stayed meet meeting met look
  looked looking available online offline here there home out up back now later found find see
  visit visited go going come coming sign signed registered listed posted hosted email mail
  e-mail contact write reach address message send sent`.split(/\s+/),
);

type Marker = 'bracket' | 'word' | 'spaced' | 'plain';

function markerKind(marker: string): Marker {
  if (/[[({<]/.test(marker)) return 'bracket';
  if (/[a-z]/i.test(marker)) return 'word';
  return /[ \t]/.test(marker) ? 'spaced' : 'plain';
}

/** True when `text` has any sign of an address written to dodge scrapers. */
export function mayContainObfuscatedEmail(text: string): boolean {
  return MAY_HOLD.test(text);
}

/** Addresses with a bracketed, spelt-out or spaced '@' or dot, each as its whole written span. */
export function findObfuscatedEmails(text: string): PiiSpan[] {
  const spans: PiiSpan[] = [];
  let from = 0;
  let to = -1;
  for (const sign of text.matchAll(SIGNS)) {
    const lineStart = text.lastIndexOf('\n', sign.index) + 1;
    const lineEnd = text.indexOf('\n', sign.index);
    const start = Math.max(lineStart, sign.index - REACH);
    const end = Math.min(lineEnd === -1 ? text.length : lineEnd, sign.index + REACH);
    if (start <= to) {
      to = Math.max(to, end);
      continue;
    }
    if (to >= 0) spans.push(...findInWindow(text, from, to));
    from = start;
    to = end;
  }
  if (to >= 0) spans.push(...findInWindow(text, from, to));
  return spans;
}

/** Matches within text[from, to), an address cut by either edge left out. */
function findInWindow(text: string, from: number, to: number): PiiSpan[] {
  const spans: PiiSpan[] = [];
  const window = text.slice(from, to);
  OBFUSCATED.lastIndex = 0;
  for (let match = OBFUSCATED.exec(window); match; match = OBFUSCATED.exec(window)) {
    const start = from + match.index;
    const end = start + match[0].length;
    const cut =
      (start === from && WORD_GOES_ON.test(text.charAt(from - 1))) ||
      (end === to && WORD_GOES_ON.test(text.charAt(to)));
    if (!cut && isObfuscatedAddress(text, start, end, match.groups ?? {})) {
      spans.push({ kind: 'email', start, end, value: match[0] });
    } else {
      // "me at jane dot doe at gmail dot com": a refused reading may hide one starting inside it.
      OBFUSCATED.lastIndex = match.index + 1;
    }
  }
  return spans;
}

function isObfuscatedAddress(
  text: string,
  start: number,
  end: number,
  { local = '', at = '', domain = '' }: Record<string, string>,
): boolean {
  const labels = domain.split(DOMAIN_DOTS);
  if (!isAddressTld(labels[labels.length - 1] ?? '')) return false;
  // "if (at) console.log(x)": a method call, not an address.
  if (text.charAt(end) === '(') return false;
  const atKind = markerKind(at);
  const domainDots = new Set([...domain.matchAll(DOMAIN_DOTS)].map((m) => markerKind(m[0])));
  const localDots = new Set([...local.matchAll(DOMAIN_DOTS)].map((m) => markerKind(m[0])));
  const kinds = new Set([atKind, ...domainDots, ...localDots]);
  if (kinds.size === 1 && kinds.has('plain')) return false; // the plain detector's address
  // "jo@example.com . thanks": a spaced stop after a plain dot ends a sentence.
  if (domainDots.has('spaced') && domainDots.size > 1) return false;
  if (kinds.has('bracket')) return true;
  if (atKind === 'plain' && !domainDots.has('word') && !localDots.has('word')) return true;
  if (atKind === 'word') {
    // "email the team at acme.com" names a site; only a spelt-out domain is disguised.
    if (domainDots.size === 1 && domainDots.has('plain')) return false;
    if (NOT_A_MAILBOX.has(local.toLowerCase())) return false;
  }
  return (
    EMAIL_CUE.test(lineBefore(text, start, CUE_BEFORE)) ||
    EMAIL_CUE.test(lineAfter(text, end, CUE_AFTER))
  );
}
