// Layout normalisation that keeps meaning: line endings, invisible characters, trailing spaces,
// runs of spaces, runs of blank lines, Markdown table padding, and prose that a PDF extractor or
// a mail client hard-wrapped at a fixed width. Code and JSON are already placeholders here.
import { closeGaps } from '../text/close-gaps.ts';

// Zero-width joiners and non-joiners are left: they join emoji sequences (a family, a flag of a
// region) and spell words in Persian and Indic scripts, where removing them changes the word.
const INVISIBLE = /[\u200B\u2060\uFEFF\u00AD]/g;
// Thai, Lao, Khmer and Burmese write no spaces between words; a zero-width space is where one word
// ends, for line breaking, search and the reader's tokeniser. Next to a letter of those scripts
// it is kept (decision 093); elsewhere it is a stray from copy and paste ("Hel\u200Blo").
const UNSPACED_SOUTHEAST_ASIAN =
  /[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

function dropInvisible(text: string): string {
  return text.replace(INVISIBLE, (c, at: number) =>
    c === '\u200B' &&
    (UNSPACED_SOUTHEAST_ASIAN.test(text.charAt(at - 1)) ||
      UNSPACED_SOUTHEAST_ASIAN.test(text.charAt(at + 1)))
      ? c
      : '',
  );
}
const UNICODE_SPACE = /[\u00A0\u2000-\u200A\u202F\u205F\u3000]/g;
const TABLE_ROW = /^\s*\|.*\|\s*$/;
const TABLE_RULE = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;
const STRUCTURAL = /^\s*([-*+>#|]|\d+[.)]\s|\uE000)/;

/** Where the text after each run of two or more spaces starts: a column, if a neighbour shares it. */
function cellStarts(line: string): number[] {
  const starts: number[] = [];
  for (const run of line.matchAll(/\S( {2,})(?=\S)/g))
    starts.push((run.index ?? 0) + run[0].length);
  return starts;
}

/**
 * Collapses padding, except in lines laid out as aligned columns, where spacing is the layout:
 * several wide runs, and a neighbouring line with a cell starting at the same place. A lone line
 * of prose with runs of spaces ("Summarize.    It is    important.") is padding, not a table.
 */
function collapseSpaces(line: string, neighbours: number[][]): string {
  if (!line.includes('  ')) return line;
  if (TABLE_ROW.test(line)) return line.replace(/ {2,}\|/g, ' |').replace(/\| {2,}/g, '| ');
  const runs = line.trimStart().match(/ {2,}/g);
  if (runs && runs.length >= 2 && runs.some((r) => r.length >= 3)) {
    const starts = cellStarts(line);
    if (neighbours.some((other) => other.some((at) => starts.includes(at)))) return line;
  }
  return line.replace(/(\S) {2,}/g, '$1 ');
}

function shortenTableRule(line: string): string {
  return line.replace(/-{3,}/g, '---').replace(/\s+/g, '');
}

/**
 * Two lines are one wrapped sentence when the first is long and stops mid-sentence and the second
 * carries on in lower case: Markdown renders them joined anyway, and " word" costs a token less
 * than "\nword". A capitalised next line may be a heading or a new item, so it is never joined.
 */
function continuesLine(line: string, next: string): boolean {
  if (line.length < 40 || next.length === 0) return false;
  const last = line.charCodeAt(line.length - 1);
  const first = next.charCodeAt(0);
  const endsMidSentence =
    (last >= 97 && last <= 122) || (last >= 48 && last <= 57) || last === 44 || last === 41;
  const startsLower = (first >= 97 && first <= 122) || first === 40;
  return endsMidSentence && startsLower && !STRUCTURAL.test(line) && !STRUCTURAL.test(next);
}

/** Anything this stage could change: nothing of it, nothing to do. */
const NEEDS_WORK = /[\r\n\t\u00A0\u00AD\u2000-\u200B\u202F\u205F\u2060\u3000\uFEFF]| {2}| $/;

export function normaliseWhitespace(text: string): string {
  if (!NEEDS_WORK.test(text)) return text;
  const lines = dropInvisible(text.replace(/\r\n?/g, '\n'))
    .replace(UNICODE_SPACE, ' ')
    .split('\n')
    .map((l) => l.trimEnd())
    .map((l, i, all) =>
      collapseSpaces(l, [cellStarts(all[i - 1] ?? ''), cellStarts(all[i + 1] ?? '')]),
    )
    .map((l) =>
      l.includes('|') && l.includes('---') && TABLE_RULE.test(l) ? shortenTableRule(l) : l,
    );
  const out: string[] = [];
  for (const line of lines) {
    const previous = out[out.length - 1];
    if (previous !== undefined && continuesLine(previous, line))
      out[out.length - 1] = `${previous} ${line}`;
    else out.push(line);
  }
  return closeGaps(out.join('\n'));
}
