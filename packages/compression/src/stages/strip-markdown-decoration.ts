// Markdown decoration that tells a model nothing the line breaks do not: a heading's "#" markers
// (the heading is a line of its own already), a thematic break, a line of "---", "***" or "___"
// between parts that blank lines already set apart, and a bulleted item's "-", "*", "+" or "•"
// (each item is a line of its own already; decision 163). Code is a placeholder by now, so a
// shell comment, a YAML document's "---" or a YAML list is never touched. Numbered items keep
// their numbers: a prompt refers to them ("answer (1)-(3) above").
import { closeGaps } from '../text/close-gaps.ts';

const HEADING_MARKER = /^#{1,6}[ \t]+(?=\S)/gm;
const THEMATIC_BREAK = /^[ \t]*([-*_])(?:[ \t]*\1){2,}[ \t]*$/gm;
// The marker and the spaces after it; an indent stays, as a nested item's only sign of nesting.
const BULLET = /^([ \t]*)[-*+•][ \t]+(?=\S)/gm;

/** With `bullets`, only the list markers go (balanced, decision 221); headings and breaks stay. */
export function stripMarkdownDecoration(text: string, what: 'all' | 'bullets' = 'all'): string {
  if (what === 'bullets') {
    return /^[ \t]*[-*+•]/m.test(text) ? text.replace(BULLET, '$1') : text;
  }
  if (!text.includes('#') && !/^[ \t]*[-*_+•]/m.test(text)) return text;
  return closeGaps(
    text
      .replace(HEADING_MARKER, '')
      // The break's line stays empty, so the parts it separated stay apart.
      .replace(THEMATIC_BREAK, '')
      .replace(BULLET, '$1'),
  );
}
