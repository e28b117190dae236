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

const LINE_BULLET = /^([ \t]*)([-*+•])[ \t]+\S/;

/**
 * A break that ends the text separates it from nothing: the close of a part pasted between
 * rules (decision 249). At balanced too, where the breaks between parts stay.
 */
const BREAK_LINE = /^[ \t]*([-*_])(?:[ \t]*\1){2,}[ \t]*$/;

/** The text without a break on its last line (read from the end: no scan of every line). */
function dropClosingBreak(text: string): string {
  const end = text.trimEnd();
  const at = end.lastIndexOf('\n');
  return at >= 0 && BREAK_LINE.test(end.slice(at + 1)) ? end.slice(0, at).trimEnd() : text;
}
/**
 * A title between rules ("--- Standup, Tue 14 May ---", "=== Results ==="): the rules set apart
 * a line that is one already (decision 249). Aggressive only, with the headings' "#".
 */
const FRAMED_TITLE = /^[ \t]*([-*_=])\1{2,}[ \t]+(\S(?:[^\n]*\S)?)[ \t]+\1{3,}[ \t]*$/gm;

/** Emphasis ("*word*", "**word**"), taken out before looking for a footnote's star. */
const EMPHASIS = /(\*{1,2})(?=\S)[^*\n]*?\S\1/g;
/** A star after a word or number that no emphasis opened: "Desk £40*" points at a footnote. */
const FOOTNOTE_MARK = /[^\s*]\*(?!\*)/;

/**
 * Whether the markers say more than "an item starts here" (review of decision 221): "+" and "-"
 * side by side are a diff's added and removed lines, or pros and cons; an item wrapped onto a
 * line of its own ("- Email Tom the new\ncontract") is told from the next item only by them; and
 * "* excluding VAT" under "Desk £40*" is the footnote of one price, not a line about all of them.
 */
function markersCarryMeaning(text: string): boolean {
  const lines = text.split('\n');
  const markersAtIndent = new Map<string, string>();
  // Read once, and only for a list marked with stars: every line is searched for a footnote.
  let footnoted: boolean | undefined;
  for (let i = 0; i < lines.length; i += 1) {
    const bullet = LINE_BULLET.exec(lines[i] as string);
    if (!bullet) continue;
    const [, indent = '', marker = ''] = bullet;
    if (marker === '*') {
      footnoted ??= lines.some(footnoteMark);
      if (footnoted) return true;
    }
    const seen = markersAtIndent.get(indent);
    if (seen !== undefined && seen !== marker && (seen === '+' || marker === '+')) return true;
    markersAtIndent.set(indent, marker);
    const next = lines[i + 1];
    const wrapped = next !== undefined && /^[ \t]*[a-z]/.test(next) && !LINE_BULLET.test(next);
    if (wrapped && (/^[ \t]*/.exec(next)?.[0].length ?? 0) <= indent.length) return true;
  }
  return false;
}

function footnoteMark(line: string): boolean {
  return FOOTNOTE_MARK.test(line.replace(/^[ \t]*[-*+•][ \t]+/, '').replace(EMPHASIS, ''));
}

/** With `bullets`, only the list markers go (balanced, decision 221); headings and breaks stay. */
export function stripMarkdownDecoration(text: string, what: 'all' | 'bullets' = 'all'): string {
  const closed = dropClosingBreak(text);
  const bullets = /^[ \t]*[-*+•]/m.test(closed) && !markersCarryMeaning(closed);
  if (what === 'bullets') return bullets ? closed.replace(BULLET, '$1') : closed;
  if (!closed.includes('#') && !/^[ \t]*[-*_+•=]/m.test(closed)) return closed;
  const undecorated = closed
    .replace(FRAMED_TITLE, '$2')
    .replace(HEADING_MARKER, '')
    // The break's line stays empty, so the parts it separated stay apart.
    .replace(THEMATIC_BREAK, '');
  return closeGaps(bullets ? undecorated.replace(BULLET, '$1') : undecorated);
}
