// Markdown decoration that tells a model nothing the line breaks do not: a heading's "#" markers
// (the heading is a line of its own already) and a thematic break, a line of "---", "***" or
// "___" between parts that blank lines already set apart. Code is a placeholder by now, so a
// shell comment or a YAML document's "---" is never touched.
import { closeGaps } from '../text/close-gaps.ts';

const HEADING_MARKER = /^#{1,6}[ \t]+(?=\S)/gm;
const THEMATIC_BREAK = /^[ \t]*([-*_])(?:[ \t]*\1){2,}[ \t]*$/gm;

export function stripMarkdownDecoration(text: string): string {
  if (!text.includes('#') && !/^[ \t]*[-*_]/m.test(text)) return text;
  return closeGaps(
    text
      .replace(HEADING_MARKER, '')
      // The break's line stays empty, so the parts it separated stay apart.
      .replace(THEMATIC_BREAK, ''),
  );
}
