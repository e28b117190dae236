// A document's running footer or header ("© 2025 Acme Ltd.", "Acme Ltd | 2025") repeats who
// published it and when. Where every word and number of such a line is said elsewhere in the
// text, the line tells nothing new and goes; a footer that alone gives a year or a name stays.
import { closeGaps } from '../text/close-gaps.ts';

const FOOTER = /^[ \t]*(?:©|\(c\)|copyright\b)|^[ \t]*\p{Lu}[^|\n]*\|[ \t]*(?:19|20)\d\d[ \t]*$/iu;
const ITEM = /[\p{L}\p{N}]+/gu;

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether `word` stands in `text` as a word of its own, with the same case. */
function says(text: string, word: string): boolean {
  return new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegex(word)}(?![\\p{L}\\p{N}])`, 'u').test(text);
}

export function dropRestatedFooters(text: string): string {
  if (!text.includes('©') && !text.includes('|') && !/copyright|\(c\)/i.test(text)) return text;
  const lines = text.split('\n');
  const dropped = new Set<number>();
  lines.forEach((line, i) => {
    if (!FOOTER.test(line)) return;
    // Read against the lines still kept, so two footers never vouch for each other.
    const rest = lines.filter((_, j) => j !== i && !dropped.has(j)).join('\n');
    const items = line.match(ITEM) ?? [];
    if (items.every((item) => /^copyright$/i.test(item) || says(rest, item))) dropped.add(i);
  });
  if (dropped.size === 0) return text;
  return closeGaps(lines.filter((_, i) => !dropped.has(i)).join('\n'));
}
