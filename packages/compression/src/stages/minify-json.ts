// JSON pasted as data (outside code fences) is re-emitted without insignificant whitespace, and
// only when it parses. The minifier copies every string and number literal byte for byte rather
// than re-serialising, so 1.0 stays 1.0 and big integers keep their digits.
import type { SpanTable } from '../protect/span-table.ts';
import { tabulateJson } from './tabulate-json.ts';

/** A JSON value may start at a line start or right after "label: " or "= ". */
const CANDIDATE_START = /(^[ \t]*|[:=][ \t]*\n?[ \t]*)[[{]/gm;
/** Give up on a text after this many candidates that do not close or parse (bounds the cost). */
const MAX_FAILED = 16;

/** Index of the bracket closing the one at `start`, skipping string contents; -1 if none. */
function findClose(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i += 1;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) depth += 1;
    else if (c === 125 || c === 93) {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
}

export function minifyJsonText(json: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < json.length; i += 1) {
    const c = json[i] as string;
    if (inString) {
      out += c;
      if (c === '\\') {
        out += json[i + 1] ?? '';
        i += 1;
      } else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
      out += c;
    } else if (c !== ' ' && c !== '\t' && c !== '\n' && c !== '\r') out += c;
  }
  return out;
}

function parses(json: string): boolean {
  try {
    JSON.parse(json);
    return true;
  } catch {
    return false;
  }
}

/**
 * Minifies each JSON object or array that parses and protects it, so no later stage touches it.
 * With `tabulate`, arrays of same-shaped records also become columns and rows.
 */
export function minifyJson(text: string, table: SpanTable, tabulate = false): string {
  if (!text.includes('{') && !text.includes('[')) return text;
  let out = '';
  let from = 0;
  let failed = 0;
  CANDIDATE_START.lastIndex = 0;
  for (
    let m = CANDIDATE_START.exec(text);
    m && failed < MAX_FAILED;
    m = CANDIDATE_START.exec(text)
  ) {
    const start = m.index + m[0].length - 1;
    if (start < from) continue;
    const end = findClose(text, start);
    if (end < 0) {
      failed += 1;
      continue;
    }
    const candidate = text.slice(start, end + 1);
    // Brackets without a colon or comma, such as "[2]" or "{name}", are citations and templates.
    if (!/[:,]/.test(candidate)) continue;
    if (!parses(candidate)) {
      failed += 1;
      continue;
    }
    const minified = minifyJsonText(candidate);
    const tabulated = tabulate ? tabulateJson(candidate) : minified;
    out +=
      text.slice(from, start) +
      table.protect(tabulated.length < minified.length ? tabulated : minified);
    from = end + 1;
    CANDIDATE_START.lastIndex = from;
  }
  return from === 0 ? text : out + text.slice(from);
}
