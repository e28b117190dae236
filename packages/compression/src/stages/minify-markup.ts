// Pretty-printed HTML or XML pasted as data loses the indentation and line breaks between its
// tags, which renderers and parsers ignore. Blocks holding whitespace-sensitive elements are left
// alone, and so is markup that merely frames prose (document wrappers in RAG prompts), which is
// not indented.
import type { SpanTable } from '../protect/span-table.ts';

const TAG_LINE = /^[ \t]*<[/!?]?[A-Za-z][^\n]*>[ \t]*$/;
const INDENTED_TAG = /^[ \t]+</;
const INDENTED = /^[ \t]+\S/;
const WHITESPACE_SENSITIVE = /<(pre|textarea|script|style|code)\b/i;
const MIN_LINES = 3;

function minifyBlock(lines: string[]): string {
  return lines
    .map((l) => l.trim())
    .join('\n')
    .replace(/>\n</g, '><')
    .replace(/\n/g, ' ');
}

export function minifyMarkup(text: string, table: SpanTable): string {
  if (!text.includes('<')) return text;
  const lines = text.split('\n');
  const out: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const first = lines[i] ?? '';
    if (!TAG_LINE.test(first)) {
      out.push(first);
      i += 1;
      continue;
    }
    let end = i + 1;
    while (
      end < lines.length &&
      (TAG_LINE.test(lines[end] ?? '') || INDENTED.test(lines[end] ?? ''))
    )
      end += 1;
    const block = lines.slice(i, end);
    const tags = block.filter((l) => TAG_LINE.test(l)).length;
    const isData =
      block.length >= MIN_LINES &&
      tags * 2 >= block.length &&
      block.some((l) => INDENTED_TAG.test(l)) &&
      !WHITESPACE_SENSITIVE.test(block.join('\n'));
    if (isData) out.push(table.protect(minifyBlock(block)));
    else out.push(...block);
    i = end;
  }
  return out.join('\n');
}
