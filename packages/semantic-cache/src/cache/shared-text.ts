// Decision 054: two prompts that carry the same pasted text (a report, a log, a stack trace) are
// judged on what lies around it. The text outweighs the instruction in every score and fills the
// guards with numbers and names both sides share; taken out, the two instructions are a short pair.

import { ANCHOR, anchorHash, placeAnchors, sameAnchor } from './shared-run-anchors.ts';
import { findAsciiWord, NOT_ASCII, type WordTable, wordTable } from './word-table.ts';

/** From this many words in a row shared, a run is pasted text (the difference check's 20 too). */
export const MIN_SHARED_RUN = 20;
/** Words a small edit inside the pasted text replaces on each side (a number, a name, a path). */
const EDIT_WIDTH = 3;
/** Shared words past a substitution that show the pasted text goes on after it. */
const RESUMES_AFTER_SWAP = 4;
/** Shared words past a word one side alone has: more, since an instruction may end in a few shared words. */
const RESUMES_AFTER_INSERT = 8;

export interface AroundSharedText {
  /** The query with its shared run(s) taken out: its instruction, and any edit inside the text. */
  query: string;
  cached: string;
  /**
   * The pasted text itself differs: two runs with something between them, or a few words
   * swapped or added just past a run's edge after which the text goes on alike.
   */
  editedInside: boolean;
}

/**
 * The words of a text, flat (decision 204: no object per word): word k spans
 * `starts[k]`..`ends[k]` and has the query's number `ids[k]` for it (-1: a word the query lacks).
 * The arrays may be longer than `count`.
 */
interface WordSpans {
  count: number;
  starts: Int32Array;
  ends: Int32Array;
  ids: Int32Array;
}

/**
 * The query's side of the search, worked out once per lookup: its words, and each word as a
 * number, so a candidate's words are only looked up, never numbered (decision 201). It is kept
 * across the lookup's awaits, so it owns its arrays.
 */
export interface QueryWords extends Readonly<WordSpans> {
  /** One number per distinct word of the query. */
  readonly vocabulary: ReadonlyMap<string, number>;
  /** The same words, for a candidate's ASCII words to be found by char code. */
  readonly table: WordTable;
}

interface Run {
  a: number;
  b: number;
  length: number;
}

/** Cheap test for whether a text can hold a shared run at all, so short prompts pay nothing. */
export function mayCarrySharedText(text: string): boolean {
  if (text.length < MIN_SHARED_RUN * 2) return false;
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const space = isSpace(text.charCodeAt(i));
    if (!space && !inWord && ++words >= MIN_SHARED_RUN) return true;
    inWord = !space;
  }
  return false;
}

/**
 * The two prompts without the text they share (runs of MIN_SHARED_RUN or more words in order,
 * case and punctuation aside), or undefined when they share no such run. A lookup compares one
 * query with several candidates: it passes the query's words, worked out once.
 */
export function aroundSharedText(
  query: string,
  cached: string,
  a: QueryWords = queryWordsOf(query),
): AroundSharedText | undefined {
  // The candidate's words go to scratch reused across calls: nothing here awaits, and what is
  // returned holds none of it.
  const b = readWords(cached, scratchSpans(cached.length), (text, start, end) =>
    candidateWordId(a, text, start, end),
  );
  const runs = sharedRuns(a, b);
  if (runs.length === 0) return undefined;
  return {
    query: outside(query, a, runs, 'a'),
    cached: outside(cached, b, runs, 'b'),
    editedInside: runs.length > 1 || runs.some((run) => resumesPastEdge(a, b, run)),
  };
}

/** The query's words and their numbers, for every candidate of one lookup. */
export function queryWordsOf(query: string): QueryWords {
  const vocabulary = new Map<string, number>();
  const read = readWords(query, scratchSpans(query.length), (text, start, end) => {
    const key = wordKey(text.slice(start, end).toLowerCase());
    if (!key) return undefined;
    let id = vocabulary.get(key);
    if (id === undefined) {
      id = vocabulary.size;
      vocabulary.set(key, id);
    }
    return id;
  });
  // Copied out of the scratch: the lookup keeps them across its awaits.
  return {
    count: read.count,
    starts: read.starts.slice(0, read.count),
    ends: read.ends.slice(0, read.count),
    ids: read.ids.slice(0, read.count),
    vocabulary,
    table: wordTable([...vocabulary.keys()]),
  };
}

function spans(capacity: number): WordSpans {
  return {
    count: 0,
    starts: new Int32Array(capacity),
    ends: new Int32Array(capacity),
    ids: new Int32Array(capacity),
  };
}

/** Texts up to this many characters are read into one scratch (~48 KB with the anchor table). */
const SCRATCH_CHARS = 4096;
/** A text has at most one word per two characters, plus one. */
const SCRATCH_WORDS = (SCRATCH_CHARS >> 1) + 1;
let scratch: WordSpans | undefined;

/** Spans for a text's words: the scratch, or their own for a long text. */
function scratchSpans(chars: number): WordSpans {
  if (chars > SCRATCH_CHARS) return spans((chars >> 1) + 1);
  scratch ??= spans(SCRATCH_WORDS);
  return scratch;
}

/**
 * The words of a text as the shared-run search compares them (lower case, edge punctuation off),
 * each with the number `idOf` gives the word from `start` to `end` (undefined: no word, all
 * punctuation). Runs of non-space characters, as /\S+/g finds them, by char code.
 */
function readWords(
  text: string,
  into: WordSpans,
  idOf: (text: string, start: number, end: number) => number | undefined,
): WordSpans {
  let count = 0;
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const space = i === text.length || isSpace(text.charCodeAt(i));
    if (!space) {
      if (start < 0) start = i;
      continue;
    }
    if (start < 0) continue;
    const id = idOf(text, start, i);
    if (id !== undefined) {
      into.starts[count] = start;
      into.ends[count] = i;
      into.ids[count] = id;
      count++;
    }
    start = -1;
  }
  into.count = count;
  return into;
}

/**
 * The query's number for a candidate's word, -1 for a word the query lacks. A word of ASCII
 * characters (most) is trimmed and looked up in place, as `wordKey` would trim it: its edges are
 * ASCII, so the regex is never asked. Any other word is made the key `wordKey` gives.
 */
function candidateWordId(
  a: QueryWords,
  text: string,
  start: number,
  end: number,
): number | undefined {
  let from = start;
  while (from < end && asciiPunctuation(text.charCodeAt(from))) from++;
  let to = end;
  while (to > from && asciiPunctuation(text.charCodeAt(to - 1))) to--;
  if (from === to) return undefined;
  const id = findAsciiWord(a.table, text, from, to);
  if (id !== NOT_ASCII) return id;
  const key = wordKey(text.slice(start, end).toLowerCase());
  return key ? (a.vocabulary.get(key) ?? -1) : undefined;
}

/**
 * A lower-cased word with the punctuation at its edges off, as
 * `/^[^\p{L}\p{N}]+|[^\p{L}\p{M}\p{N}]+$/gu` takes it off. Most words begin and end with an ASCII
 * letter or digit, and most others with ASCII punctuation ("city:", "(word", "2)."), which is
 * neither a letter, a mark nor a number: those edges are found by char code. The regex, ~60 runs a
 * lookup on the bench prompts before, now reads only a word whose trimmed edge is not ASCII.
 */
export function wordKey(lower: string): string {
  let from = 0;
  while (from < lower.length && asciiPunctuation(lower.charCodeAt(from))) from++;
  let to = lower.length;
  while (to > from && asciiPunctuation(lower.charCodeAt(to - 1))) to--;
  if (from === to) return '';
  if (lower.charCodeAt(from) >= 128 || lower.charCodeAt(to - 1) >= 128)
    return lower.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{M}\p{N}]+$/gu, '');
  return from === 0 && to === lower.length ? lower : lower.slice(from, to);
}

/** An ASCII character that is not a letter or a digit (nor any Unicode letter, mark or number). */
function asciiPunctuation(code: number): boolean {
  return code < 128 && !asciiAlnum(code) && !(code >= 65 && code <= 90);
}

/** What /\s/ matches, by char code: the ASCII cases inline, the rest asked of the regex. */
function isSpace(code: number): boolean {
  if (code < 128) return code === 32 || (code >= 9 && code <= 13);
  return SPACE.test(String.fromCharCode(code));
}
const SPACE = /\s/;

function asciiAlnum(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 48 && code <= 57);
}

/** Maximal runs of MIN_SHARED_RUN+ equal words, in the same order in both texts, found left to right. */
function sharedRuns(a: QueryWords, b: WordSpans): Run[] {
  if (a.count < MIN_SHARED_RUN || b.count < MIN_SHARED_RUN) return [];
  // A run is MIN_SHARED_RUN words of b in a row that the query has: a candidate without that
  // many is done before the anchors are placed.
  let inRow = 0;
  let longest = 0;
  for (let j = 0; j < b.count; j++) {
    inRow = (b.ids[j] ?? -1) < 0 ? 0 : inRow + 1;
    if (inRow > longest) longest = inRow;
  }
  if (longest < MIN_SHARED_RUN) return [];
  const places = placeAnchors(b.ids, b.count, SCRATCH_WORDS);
  const runs: Run[] = [];
  let fromB = 0;
  let i = 0;
  while (i + ANCHOR <= a.count) {
    let bestB = -1;
    let bestLength = 0;
    const bucket = anchorHash(a.ids, i) & places.mask;
    for (let j = places.heads[bucket] ?? -1; j >= 0; j = places.next[j] ?? -1) {
      if (j < fromB || !sameAnchor(a.ids, i, b.ids, j)) continue;
      let length = ANCHOR;
      while (
        i + length < a.count &&
        j + length < b.count &&
        a.ids[i + length] === b.ids[j + length]
      )
        length++;
      if (length > bestLength) {
        bestB = j;
        bestLength = length;
      }
    }
    if (bestLength >= MIN_SHARED_RUN) {
      runs.push({ a: i, b: bestB, length: bestLength });
      i += bestLength;
      fromB = bestB + bestLength;
    } else i++;
  }
  return runs;
}

/** The text with the runs cut out; the pieces left are joined by a line break. */
function outside(text: string, words: WordSpans, runs: Run[], side: 'a' | 'b'): string {
  const pieces: string[] = [];
  let from = 0;
  for (const run of runs) {
    pieces.push(text.slice(from, words.starts[run[side]]));
    from = words.ends[run[side] + run.length - 1] ?? text.length;
  }
  pieces.push(text.slice(from));
  return pieces
    .map((piece) => piece.trim())
    .filter(Boolean)
    .join('\n');
}

/**
 * Whether, a few words past either end of the run, both texts go on alike again: the pasted text
 * continues with a changed number or name in it. A swap on both sides needs fewer shared words
 * after it than words one side alone has ("… error log for me: [log]" against "… error log: [log]"
 * is a reworded instruction ending in the words the text starts with, not an edit).
 */
function resumesPastEdge(a: WordSpans, b: WordSpans, run: Run): boolean {
  for (let da = 0; da <= EDIT_WIDTH; da++) {
    for (let db = 0; db <= EDIT_WIDTH; db++) {
      if (da === 0 && db === 0) continue;
      const needed = da > 0 && db > 0 ? RESUMES_AFTER_SWAP : RESUMES_AFTER_INSERT;
      const endA = run.a + run.length;
      const endB = run.b + run.length;
      if (resumes(a, endA + da, b, endB + db, 1, needed)) return true;
      if (resumes(a, run.a - 1 - da, b, run.b - 1 - db, -1, needed)) return true;
    }
  }
  return false;
}

/**
 * `needed` equal words from the given places on, walking in `step` direction, where the words
 * one step back differ: otherwise the skipped words hold a shared one, and the smaller skip
 * already tells the edit ("log for me" / "log" is two words added, not three swapped for one).
 */
function resumes(
  a: WordSpans,
  i: number,
  b: WordSpans,
  j: number,
  step: 1 | -1,
  needed: number,
): boolean {
  if (sameWord(a, i - step, b, j - step)) return false;
  return alikeFor(a, i, b, j, step) >= needed;
}

/** Equal words from the given places on, walking in `step` direction. */
function alikeFor(a: WordSpans, i: number, b: WordSpans, j: number, step: 1 | -1): number {
  let n = 0;
  while (sameWord(a, i + n * step, b, j + n * step)) n++;
  return n;
}

/** Word i of the query and word j of b are there and the same (b's -1 is no word of the query). */
function sameWord(a: WordSpans, i: number, b: WordSpans, j: number): boolean {
  return i >= 0 && i < a.count && j >= 0 && j < b.count && a.ids[i] === b.ids[j];
}
