// Decision 054: two prompts that carry the same pasted text (a report, a log, a stack trace) are
// judged on what lies around it. The text outweighs the instruction in every score and fills the
// guards with numbers and names both sides share; taken out, the two instructions are a short pair.

/** From this many words in a row shared, a run is pasted text (the difference check's 20 too). */
export const MIN_SHARED_RUN = 20;
/** Words of an anchor: short enough to find a run's start, long enough to skip "of the" repeats. */
const ANCHOR = 4;
/** Places in the other text one anchor is tried at: repeated log lines must not make it quadratic. */
const MAX_ANCHOR_PLACES = 16;
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

export interface Word {
  key: string;
  start: number;
  end: number;
}

/**
 * The query's side of the search, worked out once per lookup: its words, and each word as a
 * number, so a candidate's words are only looked up, never numbered (decision 201).
 */
export interface QueryWords {
  readonly words: readonly Word[];
  /** One number per distinct word of the query. */
  readonly ids: ReadonlyMap<string, number>;
  /** The number of each word, in order. */
  readonly wordIds: readonly number[];
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
  b: readonly Word[] = wordsOf(cached),
): AroundSharedText | undefined {
  const runs = sharedRuns(a, b);
  if (runs.length === 0) return undefined;
  return {
    query: outside(query, a.words, runs, 'a'),
    cached: outside(cached, b, runs, 'b'),
    editedInside: runs.length > 1 || runs.some((run) => resumesPastEdge(a.words, b, run)),
  };
}

/** The query's words and their numbers, for every candidate of one lookup. */
export function queryWordsOf(query: string): QueryWords {
  const words = wordsOf(query);
  const ids = new Map<string, number>();
  const wordIds = words.map(({ key }) => {
    let id = ids.get(key);
    if (id === undefined) {
      id = ids.size;
      ids.set(key, id);
    }
    return id;
  });
  return { words, ids, wordIds };
}

/** The words of a text as the shared-run search compares them: lower case, edge punctuation off. */
export function wordsOf(text: string): Word[] {
  const words: Word[] = [];
  // Runs of non-space characters, as /\S+/g finds them, without a match object per word.
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const space = i === text.length || isSpace(text.charCodeAt(i));
    if (!space) {
      if (start < 0) start = i;
      continue;
    }
    if (start < 0) continue;
    const key = wordKey(text.slice(start, i).toLowerCase());
    if (key) words.push({ key, start, end: i });
    start = -1;
  }
  return words;
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
function sharedRuns(query: QueryWords, b: readonly Word[]): Run[] {
  const aIds = query.wordIds;
  if (aIds.length < MIN_SHARED_RUN || b.length < MIN_SHARED_RUN) return [];
  // Words are compared by number: the query's, or -1 for a word of b the query lacks. A run is
  // MIN_SHARED_RUN words of b in a row that the query has: a candidate without that many is done.
  const bIds: number[] = [];
  let inRow = 0;
  let longest = 0;
  for (const { key } of b) {
    const id = query.ids.get(key) ?? -1;
    bIds.push(id);
    inRow = id < 0 ? 0 : inRow + 1;
    if (inRow > longest) longest = inRow;
  }
  if (longest < MIN_SHARED_RUN) return [];
  const vocabulary = query.ids.size;
  const places = new Map<number | string, number[]>();
  for (let j = 0; j + ANCHOR <= b.length; j++) {
    const anchor = anchorAt(bIds, j, vocabulary);
    if (anchor === undefined) continue;
    const list = places.get(anchor);
    if (!list) places.set(anchor, [j]);
    else if (list.length < MAX_ANCHOR_PLACES) list.push(j);
  }
  const runs: Run[] = [];
  let fromB = 0;
  let i = 0;
  while (i + ANCHOR <= aIds.length) {
    let best: Run | undefined;
    const anchor = anchorAt(aIds, i, vocabulary);
    for (const j of (anchor !== undefined && places.get(anchor)) || []) {
      if (j < fromB) continue;
      let length = ANCHOR;
      while (i + length < aIds.length && aIds[i + length] === bIds[j + length]) length++;
      if (!best || length > best.length) best = { a: i, b: j, length };
    }
    if (best && best.length >= MIN_SHARED_RUN) {
      runs.push(best);
      i += best.length;
      fromB = best.b + best.length;
    } else i++;
  }
  return runs;
}

/** Below this many distinct words, ANCHOR ids packed in one double stay exact (9,741 for four). */
const PACKED_IDS = Math.floor(2 ** (53 / ANCHOR));

/**
 * The ANCHOR word ids from `at` as one key: a number while the ids fit one, else their text
 * (decision 058: no string per place for most texts). Undefined when one word is not in the query.
 */
function anchorAt(
  ids: readonly number[],
  at: number,
  vocabulary: number,
): number | string | undefined {
  let packed = 0;
  for (let k = 0; k < ANCHOR; k++) {
    const id = ids[at + k] ?? -1;
    if (id < 0) return undefined;
    packed = packed * vocabulary + id;
  }
  return vocabulary <= PACKED_IDS ? packed : ids.slice(at, at + ANCHOR).join(',');
}

/** The text with the runs cut out; the pieces left are joined by a line break. */
function outside(text: string, words: readonly Word[], runs: Run[], side: 'a' | 'b'): string {
  const pieces: string[] = [];
  let from = 0;
  for (const run of runs) {
    const first = words[run[side]];
    const last = words[run[side] + run.length - 1];
    if (!first || !last) continue;
    pieces.push(text.slice(from, first.start));
    from = last.end;
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
function resumesPastEdge(a: readonly Word[], b: readonly Word[], run: Run): boolean {
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
  a: readonly Word[],
  i: number,
  b: readonly Word[],
  j: number,
  step: 1 | -1,
  needed: number,
): boolean {
  const before = a[i - step];
  if (before && before.key === b[j - step]?.key) return false;
  return alikeFor(a, i, b, j, step) >= needed;
}

/** Equal words from the given places on, walking in `step` direction. */
function alikeFor(
  a: readonly Word[],
  i: number,
  b: readonly Word[],
  j: number,
  step: 1 | -1,
): number {
  let n = 0;
  while (a[i + n * step] && a[i + n * step]?.key === b[j + n * step]?.key) n++;
  return n;
}
