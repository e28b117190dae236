// A letter, message or passage the user pasted between double quotes over several lines is the
// thing to read, not the user's own words: no stage may edit it (decision 240). The inline-span
// pass protects a quote on one line; this one takes a quote that opens a line and closes at the
// end of a later one ("Dear Mrs Halvorsen, … Patient ref: WGH-448120"), as a fenced block is, and
// a line that is one quote however long (a pasted review or complaint).
import type { SpanTable } from './span-table.ts';

/** A line that opens a quote: a straight or curly opening mark first. */
const OPENS = /^[ \t]*["“]/;
const QUOTE_OPENS_A_LINE = /^[ \t]*["“]/m;
/** What may follow a closing mark on its line: a sentence's end, a bracket, spaces. */
const TRAILING = new Set([...'.,;:!?) \t\r']);
/** Lines a quote may run over before it is read as something else (an unpaired mark). */
const MOST_LINES = 80;

function count(line: string, mark: string): number {
  let n = 0;
  for (const c of line) if (c === mark) n += 1;
  return n;
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
  if (mark === '"') return opensHere ? count(line, '"') === 2 : count(line, '"') % 2 === 1;
  return opensHere ? count(line, '”') === 1 && count(line, '“') === 1 : true;
}

/** Whether the line opening a quote leaves it open: its only mark is the opening one. */
function leavesOpen(line: string, mark: string): boolean {
  return mark === '"' ? count(line, '"') === 1 : count(line, '”') === 0;
}

export function maskQuotedBlocks(text: string, table: SpanTable): string {
  // Most texts with a quote hold it inside a line: one scan, before splitting into lines.
  if ((!text.includes('"') && !text.includes('“')) || !QUOTE_OPENS_A_LINE.test(text)) return text;
  const lines = text.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] as string;
    const mark = OPENS.test(line) ? (line.trimStart()[0] as string) : '';
    let end = -1;
    if (mark !== '' && closes(line, mark, true)) end = i;
    else if (mark !== '' && leavesOpen(line, mark))
      for (let j = i + 1; j < lines.length && j <= i + MOST_LINES; j += 1)
        if (closes(lines[j] as string, mark, false)) {
          end = j;
          break;
        }
    if (end === -1) {
      out.push(line);
      continue;
    }
    out.push(table.protect(lines.slice(i, end + 1).join('\n')));
    i = end;
  }
  return out.join('\n');
}
