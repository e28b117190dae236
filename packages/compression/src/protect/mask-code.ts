// Code is never compressed: fenced blocks, inline code and code pasted without fences are swapped
// for placeholders before any stage runs, so they come back byte-identical.

import { looksLikeCode } from './looks-like-code.ts';
import { PLACEHOLDER_CHARS, type SpanTable } from './span-table.ts';

const FENCE_OPEN = /^[ \t]*(`{3,}|~{3,})/;
const INLINE_CODE = /``[^\n]+?``|`[^`\n]+`/g;

/** Input that already holds placeholder characters is protected first, so restore stays exact. */
export function maskPlaceholderLookalikes(text: string, table: SpanTable): string {
  return text.replace(PLACEHOLDER_CHARS, (run) => table.protectVerbatim(run));
}

export function maskFencedCode(text: string, table: SpanTable): string {
  if (!text.includes('```') && !text.includes('~~~')) return text;
  const lines = text.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const fence = FENCE_OPEN.exec(lines[i] ?? '')?.[1];
    if (!fence) {
      out.push(lines[i] ?? '');
      continue;
    }
    // An unclosed fence runs to the end of the text, as Markdown renders it.
    let end = lines.length - 1;
    for (let j = i + 1; j < lines.length; j += 1) {
      const closing = (lines[j] ?? '').trim();
      if (closing.startsWith(fence) && /^(`+|~+)$/.test(closing)) {
        end = j;
        break;
      }
    }
    out.push(table.protect(lines.slice(i, end + 1).join('\n')));
    i = end;
  }
  return out.join('\n');
}

export function maskInlineCode(text: string, table: SpanTable): string {
  if (!text.includes('`')) return text;
  return text.replace(INLINE_CODE, (code) => table.protect(code));
}

/**
 * Code pasted without fences: runs of non-blank lines (blank lines inside a run of code are kept
 * with it) where enough lines look like code are protected whole, indentation included.
 */
export function maskUnfencedCode(text: string, table: SpanTable): string {
  const lines = text.split('\n');
  const isCode = lines.map((l) => looksLikeCode(l));
  if (!isCode.includes(true)) return text;
  const out: string[] = [];
  let i = 0;
  while (i < lines.length) {
    if (!isCode[i]) {
      out.push(lines[i] ?? '');
      i += 1;
      continue;
    }
    // Grow the block backwards over the run's leading lines and forwards while code continues.
    let start = i;
    while (
      start > 0 &&
      out.length > 0 &&
      (lines[start - 1] ?? '').trim() !== '' &&
      belongsToCode(lines[start - 1] ?? '')
    ) {
      start -= 1;
      out.pop();
    }
    let end = i;
    let j = i + 1;
    while (j < lines.length) {
      const line = lines[j] ?? '';
      if (isCode[j] || (line.trim() !== '' && belongsToCode(line))) end = j;
      else if (line.trim() === '' && isCode[j + 1]) end = j;
      else break;
      j += 1;
    }
    out.push(table.protect(lines.slice(start, end + 1).join('\n')));
    i = end + 1;
  }
  return out.join('\n');
}

/** Lines that are not code on their own but are when they sit inside code: indented or bracketed. */
function belongsToCode(line: string): boolean {
  return (
    (/^[ \t]+\S/.test(line) && !/^[ \t]*([-*+]|\d+[.)])\s/.test(line)) || /^[ \t]*[)}\]]/.test(line)
  );
}
