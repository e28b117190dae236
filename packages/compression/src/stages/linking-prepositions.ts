// The aggressive level drops a preposition only with its object (decision 053). Its words are
// chosen cheapest first, before anyone knows whether the noun after a preposition will stay; this
// pass runs once they are chosen and gives back each preposition that would hang its kept object
// on the kept word before it ("respond with care" → "respond care"), and takes each kept
// preposition whose whole object went ("version 2.4.1 of noticed" → "version 2.4.1 noticed"): a
// preposition goes with its object or stays with it, never on its own (decision 068).

import {
  FUNCTION_WORDS,
  LOGIC_WORDS,
  OTHER_PREPOSITIONS,
  RELATION_WORDS,
} from '../text/word-lists.ts';
import { spacesOnly } from './fact-labels.ts';

/** A word of prose, or a placeholder standing for a protected span (which counts as a word). */
export const PROSE_TOKEN = /\uE000[\uE010-\uE04F]+\uE001|[A-Za-z][A-Za-z'’-]*/g;

function isAsciiLetter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

/**
 * Where the PROSE_TOKEN that starts at `at` ends, or -1 where none starts there: read by character
 * code (decision 174), as the regex matches from a place. A placeholder is its opening mark, one
 * digit character or more and its closing mark; a word an ASCII letter and the letters,
 * apostrophes and hyphens after it.
 */
export function proseTokenEnd(line: string, at: number): number {
  const c = line.charCodeAt(at);
  let end = at + 1;
  if (c === 0xe000) {
    while (end < line.length && line.charCodeAt(end) >= 0xe010 && line.charCodeAt(end) <= 0xe04f)
      end += 1;
    return end > at + 1 && line.charCodeAt(end) === 0xe001 ? end + 1 : -1;
  }
  if (!isAsciiLetter(c)) return -1;
  for (; end < line.length; end += 1) {
    const d = line.charCodeAt(end);
    if (!isAsciiLetter(d) && d !== 39 && d !== 0x2019 && d !== 45) break;
  }
  return end;
}

const PREPOSITIONS = new Set([
  ...[...RELATION_WORDS].filter((word) => !LOGIC_WORDS.has(word) && word !== 'and'),
  ...OTHER_PREPOSITIONS,
]);
/** What may sit between a preposition and its object: "in the morning", "for our team". */
const OBJECT_DETERMINERS = new Set(
  'the a an this these those that my our your his her its their some any each'.split(' '),
);

export interface Token {
  readonly start: number;
  readonly end: number;
  readonly word: string;
}

/** The last line read and its tokens: both passes below read the same line, one after the other. */
let lastLine: string | undefined;
let lastTokens: readonly Token[] = [];

function tokensOf(line: string): readonly Token[] {
  if (line === lastLine) return lastTokens;
  const tokens: Token[] = [];
  for (let at = 0; at < line.length; ) {
    const end = proseTokenEnd(line, at);
    if (end === -1) {
      at += 1;
      continue;
    }
    tokens.push({ start: at, end, word: line.slice(at, end).toLowerCase() });
    at = end;
  }
  lastLine = line;
  lastTokens = tokens;
  return tokens;
}

/** A word an object is made of: a noun, its modifiers, or a placeholder (a name, a number). */
function isObjectWord(word: string): boolean {
  return !FUNCTION_WORDS.has(word) && !RELATION_WORDS.has(word) && !LOGIC_WORDS.has(word);
}
/** Longest run of words read as one object: "the billing service", "total revenue". */
const OBJECT_RUN = 4;

/**
 * The kept prepositions of `line`, with the kept determiners after them, whose object (the run of
 * object words after them) was dropped whole: left alone they would dangle before the next
 * clause's verb or at a clause end. A preposition with no object word after it ("what it is
 * for?") is the source's own and stays.
 */
export function prepositionsWithoutObject(line: string, dropped: ReadonlySet<number>): Token[] {
  const tokens = tokensOf(line);
  const isDropped = (i: number) => dropped.has((tokens[i] as Token).start);
  const joined = (i: number) =>
    spacesOnly(line, (tokens[i - 1] as Token).end, (tokens[i] as Token).start);
  const orphans: Token[] = [];
  for (let i = 0; i < tokens.length - 1; i += 1) {
    const token = tokens[i] as Token;
    if (isDropped(i) || !PREPOSITIONS.has(token.word)) continue;
    let j = i + 1;
    while (j < tokens.length && joined(j) && OBJECT_DETERMINERS.has((tokens[j] as Token).word))
      j += 1;
    const head = j;
    let allDropped = true;
    while (j < tokens.length && j < head + OBJECT_RUN && joined(j)) {
      const word = (tokens[j] as Token).word;
      if (!isObjectWord(word) || word.charCodeAt(0) === PLACEHOLDER) break;
      if (!isDropped(j)) allDropped = false;
      j += 1;
    }
    if (j === head || !allDropped) continue;
    for (let k = i; k < head; k += 1) if (!isDropped(k)) orphans.push(tokens[k] as Token);
  }
  return orphans;
}
const PLACEHOLDER = 0xe000;

/**
 * The start offsets of the dropped prepositions of `line` that sit right after a kept word and
 * before their kept object, with only dropped determiners between: those must stay.
 */
export function linkingPrepositions(line: string, dropped: ReadonlySet<number>): Set<number> {
  const tokens = tokensOf(line);
  const isDropped = (i: number) => dropped.has((tokens[i] as Token).start);
  // Two neighbouring words with nothing but spaces between them: no clause or sentence break.
  const joined = (i: number) =>
    spacesOnly(line, (tokens[i - 1] as Token).end, (tokens[i] as Token).start);
  const linking = new Set<number>();
  for (let i = 1; i < tokens.length; i += 1) {
    const token = tokens[i] as Token;
    if (!isDropped(i) || !PREPOSITIONS.has(token.word) || isDropped(i - 1) || !joined(i)) continue;
    let j = i + 1;
    while (
      j < tokens.length &&
      isDropped(j) &&
      OBJECT_DETERMINERS.has((tokens[j] as Token).word) &&
      joined(j)
    )
      j += 1;
    // Past dropped modifiers to the head they modify: "to the archive bucket" must not leave
    // "backups bucket" when "archive" went.
    const head = j;
    while (
      j < tokens.length &&
      j < head + OBJECT_RUN - 1 &&
      isDropped(j) &&
      joined(j) &&
      isObjectWord((tokens[j] as Token).word)
    )
      j += 1;
    if (
      j < tokens.length &&
      !isDropped(j) &&
      joined(j) &&
      (j === head || isObjectWord((tokens[j] as Token).word))
    )
      linking.add(token.start);
  }
  return linking;
}
