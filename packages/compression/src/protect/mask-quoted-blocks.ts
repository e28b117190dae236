// A letter, message or passage the user pasted between double quotes over several lines is the
// thing to read, not the user's own words: no stage may edit it (decision 240). The inline-span
// pass protects a quote on one line; this one takes a quote that opens a line, or follows the
// colon that introduces it ("I got this letter: "Dear tenant,"), and closes at the end of a
// later line ("… Patient ref: WGH-448120"), as a fenced block is, and a line that is one quote
// however long (a pasted review or complaint).
import type { SpanTable } from './span-table.ts';

/** Where a quote opens a line: after spaces, or after the words that introduce it and a colon. */
const OPENS = /^([ \t]*|[^\n"“”]*:[ \t]+)(["“])/;
const QUOTE_OPENS_A_LINE = /^(?:[ \t]*|[^\n"“”]*:[ \t]+)["“]/m;
/** What may follow a closing mark on its line: a sentence's end, a bracket, spaces. */
const TRAILING = new Set([...'.,;:!?) \t\r']);
/** Lines a quote may run over before it is read as something else (an unpaired mark). */
const MOST_LINES = 80;
/** A height or a length in feet and inches ("5' 11"", "6'2.5""): its mark closes no quote. */
const INCHES = /\d['’′] ?\d{1,2}(?:\.\d+)?"/g;
const ENDS_IN_INCHES = /\d['’′] ?\d{1,2}(?:\.\d+)?$/;

/** A quote found: from `column` of line `first` to the end of line `last`. */
export interface QuotedBlock {
  readonly first: number;
  readonly last: number;
  readonly column: number;
}

function count(line: string, mark: string): number {
  let n = 0;
  for (let at = line.indexOf(mark); at !== -1; at = line.indexOf(mark, at + 1)) n += 1;
  return n;
}

/** Straight marks that may open or close a quote: not the inch marks of a height. */
function quoteMarks(line: string): number {
  const all = count(line, '"');
  if (all === 0 || !/['’′]/.test(line)) return all;
  return all - (line.match(INCHES)?.length ?? 0);
}

/**
 * Whether `line` ends the quote `mark` opened: its closing mark ends the line, before a sentence
 * end at most. Straight marks inside come in pairs ("the "Gold" plan"), so the closing line holds
 * an odd number of them, or two when the quote opens on it.
 */
function closes(line: string, mark: string, opensHere: boolean): boolean {
  const close = mark === '"' ? '"' : '”';
  // Read back from the end, not with a regex anchored at "$", which retries along a long run.
  let end = line.length - 1;
  while (end >= 0 && TRAILING.has(line[end] as string)) end -= 1;
  if (line[end] !== close) return false;
  if (mark === '"') {
    const before = line.charCodeAt(end - 1);
    const digitBefore = before >= 48 && before <= 57;
    if (digitBefore && ENDS_IN_INCHES.test(line.slice(Math.max(0, end - 12), end))) return false;
    return opensHere ? quoteMarks(line) === 2 : quoteMarks(line) % 2 === 1;
  }
  return opensHere ? count(line, '”') === 1 && count(line, '“') === 1 : true;
}

/** Whether the line opening a quote leaves it open: its only mark is the opening one. */
function leavesOpen(line: string, mark: string): boolean {
  return mark === '"' ? quoteMarks(line) === 1 : count(line, '”') === 0;
}

/**
 * For each line, the first line from it on that closes a quote opened by `mark` earlier, or -1.
 * Built once, so a text whose every line opens a quote reads each line a bounded number of times
 * rather than once per open quote before it (2,048 lines of "“" held the loop 50-100 ms).
 */
function nextClosingLines(lines: readonly string[], mark: string): Int32Array {
  const next = new Int32Array(lines.length + 1).fill(-1);
  for (let k = lines.length - 1; k >= 0; k -= 1)
    next[k] = closes(lines[k] as string, mark, false) ? k : (next[k + 1] as number);
  return next;
}

export function findQuotedBlocks(lines: readonly string[]): QuotedBlock[] {
  const blocks: QuotedBlock[] = [];
  const closing = new Map<string, Int32Array>();
  for (let i = 0; i < lines.length; i += 1) {
    const open = OPENS.exec(lines[i] as string);
    if (!open) continue;
    const column = (open[1] as string).length;
    const mark = open[2] as string;
    const quote = (lines[i] as string).slice(column);
    let last = -1;
    if (closes(quote, mark, true)) last = i;
    else if (leavesOpen(quote, mark)) {
      const next = closing.get(mark) ?? nextClosingLines(lines, mark);
      closing.set(mark, next);
      const end = next[i + 1] as number;
      if (end !== -1 && end <= i + MOST_LINES) last = end;
    }
    if (last === -1) continue;
    blocks.push({ first: i, last, column });
    i = last;
  }
  return blocks;
}

export function maskQuotedBlocks(text: string, table: SpanTable): string {
  // Most texts with a quote hold it inside a line: one scan, before splitting into lines.
  if ((!text.includes('"') && !text.includes('“')) || !QUOTE_OPENS_A_LINE.test(text)) return text;
  const lines = text.split('\n');
  const blocks = findQuotedBlocks(lines);
  if (blocks.length === 0) return text;
  const out: string[] = [];
  let from = 0;
  for (const { first, last, column } of blocks) {
    out.push(...lines.slice(from, first));
    const line = lines[first] as string;
    const quote = [line.slice(column), ...lines.slice(first + 1, last + 1)].join('\n');
    out.push(line.slice(0, column) + table.protect(quote));
    from = last + 1;
  }
  out.push(...lines.slice(from));
  return out.join('\n');
}
