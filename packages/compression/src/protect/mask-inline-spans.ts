// Inline spans no stage may change: URLs, e-mail addresses, markup tags, quoted strings,
// template variables, code-like identifiers (snake_case, camelCase, dotted names, calls, flags,
// paths), numbers with their units, and capitalised names.
//
// Two passes keep this cheap: spans that can hold spaces (quotes, tags, templates, call
// arguments) are found with one regex anchored on their opening character; everything else lies
// inside one whitespace-separated chunk, and chunks made only of lower-case letters (most of
// prose) are skipped without running a regex at all.
import { isSentenceStart } from '../text/sentence-start.ts';
import { COURTESY_WORDS, NEGATED_CONTRACTION } from '../text/word-lists.ts';
import { wordRank } from '../word-information.ts';
import type { SpanTable } from './span-table.ts';

const MULTI_WORD = new RegExp(
  [
    /<!--[\s\S]*?-->|<\/?[A-Za-z][\w:.-]*(?:\s[^<>\n]*)?\/?>/,
    // Lookbehinds come after the opening character so the regex engine can skip ahead to it.
    /"[^"\n]{1,300}"|“[^”\n]{1,300}”|‘[^’\n]{1,200}’|'(?<![\w'’]')[^'\n]{1,120}'(?![\w'])/,
    /\{\{[^{}\n]{1,80}\}\}|\{[A-Za-z_][\w.]{0,40}\}|\[[A-Za-z][\w .-]{0,30}\]/,
    // Call arguments; the callee's name before the bracket is taken in by extendCallee.
    /\((?<=[\w$]\()[^()\n]{0,80}\)/,
  ]
    .map((p) => p.source)
    .join('|'),
  'g',
);

const IN_CHUNK = new RegExp(
  [
    /(?:https?|ftp|wss?|file):\/\/[^\s<>"'`]*[^\s<>"'`.,;:!?)\]]/,
    /\bwww\.[^\s<>"'`]*[^\s<>"'`.,;:!?)\]]/,
    /(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+/,
    // A dotted name takes in its hyphens: "customer-data-retention.pdf" is one file name.
    /\b\w*_\w+\b|\b[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)+\b|\b[a-z]+[A-Z][A-Za-z0-9]*\b/,
    // Paths, the relative ones too ("charts/api-gateway/Chart.yaml"): a path cut at a slash
    // leaves its tail to be glued onto whatever word the pruner keeps before it.
    /(?<![\w/.-])--?[a-z][\w-]*|(?<![\w.])(?:~|\.{1,2})?\/[\w.@-]+(?:\/[\w.@-]*)*|(?<![\w./-])[\w.-]*[A-Za-z][\w.-]*(?:\/[\w.@-]+)+|\b[A-Z]:\\[^\s]+/,
    /(?:[$€£¥#]|\b[A-Za-z]+[-_]?)?\d(?:[\w%°]|[.,:/+-](?=\w))*/,
    // A name may open with, or hold, a letter outside ASCII ("Łukasz", "Zoë"; decision 127).
    /(?<![\p{L}\p{M}\p{N}])\p{Lu}[\p{L}\p{M}\p{N}_'’-]*/u,
  ]
    .map((p) => p.source)
    .join('|'),
  'gu',
);

const CAPITALISED = /^\p{Lu}[\p{L}\p{M}\p{N}_'’-]*$/u;
const OPENING_PUNCTUATION = new Set([40, 34, 0x201c, 91]);
const CLOSING_PUNCTUATION = new Set([44, 46, 59, 58, 33, 63, 41, 34, 0x201d, 93]);
/** Sentence-initial words this common are ordinary words unless the text uses them as names. */
const COMMON_RANK = 3000;

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 9 || c === 13;
}

function isPronounI(word: string): boolean {
  return /^I(['’](m|ll|ve|d))?$/.test(word);
}

/** Characters a chunk may hold and still be plain prose: lower-case letters and punctuation. */
const PLAIN = new Uint8Array(128);
for (const c of 'abcdefghijklmnopqrstuvwxyz\',.;!?()"-') PLAIN[c.charCodeAt(0)] = 1;

function isLowerLetter(c: number): boolean {
  return c >= 97 && c <= 122;
}

function isPlain(c: number, atChunkStart: boolean): boolean {
  if (c < 128) return PLAIN[c] === 1 && !(c === 45 && atChunkStart); // "-v" is a flag
  return c === 0x2019 || c === 0x201c || c === 0x201d;
}

/**
 * Where the chunk text[start, end) holds one capitalised word ("Lisbon", "(Lisbon),"): its start,
 * with its end in `capitalisedEnd`; -1 if the chunk is anything else. Two numbers, where a
 * [word, at] pair and an array around it were built for each such chunk (decision 205).
 */
function capitalisedWordAt(text: string, start: number, end: number): number {
  let a = start;
  while (a < end && OPENING_PUNCTUATION.has(text.charCodeAt(a))) a += 1;
  let b = end;
  while (b > a && CLOSING_PUNCTUATION.has(text.charCodeAt(b - 1))) b -= 1;
  const first = text.charCodeAt(a);
  if (b - a < 2 || first < 65 || first > 90) return -1;
  for (let k = a + 1; k < b; k += 1) {
    const c = text.charCodeAt(k);
    if (c < 97 || c > 122) return -1;
  }
  capitalisedEnd = b;
  return a;
}
let capitalisedEnd = 0;

function maskMultiWordSpans(text: string, table: SpanTable): string {
  let out = '';
  let from = 0;
  MULTI_WORD.lastIndex = 0;
  for (let m = MULTI_WORD.exec(text); m; m = MULTI_WORD.exec(text)) {
    let start = m.index;
    if (m[0].startsWith('('))
      while (start > from && /[\w$.]/.test(text[start - 1] as string)) start -= 1;
    out += text.slice(from, start) + table.protect(text.slice(start, m.index + m[0].length));
    from = m.index + m[0].length;
  }
  return from === 0 ? text : out + text.slice(from);
}

/** What maskInlineSpans has built so far: the text in pieces, up to `from`. */
interface Masking {
  readonly masked: string;
  readonly table: SpanTable;
  readonly pieces: string[];
  /** The pieces that are sentence-initial common words, decided once every mid-sentence name is known. */
  readonly pending: number[];
  readonly midSentenceNames: Set<string>;
  from: number;
}

/**
 * Takes the span found at `at`. `plainName`: a capitalised word read without the regex, not "I"
 * and not all capitals: two letters or more, the first upper case and the rest lower case. Its
 * tests are known.
 */
function takeSpan(state: Masking, span: string, at: number, plainName: boolean): void {
  const { masked, pieces, table } = state;
  pieces.push(masked.slice(state.from, at));
  state.from = at + span.length;
  if (!plainName && !CAPITALISED.test(span)) {
    pieces.push(table.protect(span));
  } else if (!plainName && isPronounI(span)) {
    pieces.push(span);
  } else if (
    (!plainName && span.length > 1 && span === span.toUpperCase()) ||
    !isSentenceStart(masked, at)
  ) {
    state.midSentenceNames.add(span);
    pieces.push(table.protect(span));
  } else {
    state.pending.push(pieces.length);
    pieces.push(span);
  }
}

export function maskInlineSpans(text: string, table: SpanTable): string {
  const masked = maskMultiWordSpans(text, table);
  const state: Masking = {
    masked,
    table,
    pieces: [],
    pending: [],
    midSentenceNames: new Set<string>(),
    from: 0,
  };
  const { pieces, pending, midSentenceNames } = state;
  let i = 0;
  const n = masked.length;
  while (i < n) {
    if (isSpace(masked.charCodeAt(i))) {
      i += 1;
      continue;
    }
    const start = i;
    let plain = true;
    for (; i < n; i += 1) {
      const c = masked.charCodeAt(i);
      if (isSpace(c)) break;
      if (plain && !isPlain(c, i === start)) plain = false;
      // A dot between letters joins a dotted name ("user.email", "main.py"), not two sentences.
      if (c === 46 && isLowerLetter(masked.charCodeAt(i + 1))) plain = false;
    }
    if (plain) continue;
    // Fast path for the commonest non-plain chunk, a capitalised word ("Lisbon,"): no regex.
    const wordAt = capitalisedWordAt(masked, start, i);
    if (wordAt !== -1) {
      takeSpan(state, masked.slice(wordAt, capitalisedEnd), wordAt, true);
      continue;
    }
    const chunk = masked.slice(start, i);
    IN_CHUNK.lastIndex = 0;
    for (let m = IN_CHUNK.exec(chunk); m; m = IN_CHUNK.exec(chunk))
      takeSpan(state, m[0], start + m.index, false);
  }
  if (state.from === 0 && pieces.length === 0) return masked;
  pieces.push(masked.slice(state.from));
  for (const piece of pending) {
    const word = pieces[piece] as string;
    const lower = word.toLowerCase();
    const apostrophe = Math.max(lower.indexOf("'"), lower.indexOf('’'));
    const rank = wordRank(apostrophe === -1 ? lower : lower.slice(0, apostrophe));
    // "Don't" opening a rule is a negation, never a name ("don" is not in the word list).
    const common =
      (rank !== undefined && rank <= COMMON_RANK) ||
      COURTESY_WORDS.has(lower) ||
      NEGATED_CONTRACTION.test(lower);
    const ordinary = common && !midSentenceNames.has(word);
    if (!ordinary) pieces[piece] = table.protect(word);
  }
  return pieces.join('');
}
