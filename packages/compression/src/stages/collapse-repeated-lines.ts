// Aggressive level: short lines repeated within one text, such as the running header of every
// extracted PDF page or the footer of every scraped article, keep their first copy only. (The
// conservative duplicate stage leaves lines this short alone, because short lines also repeat
// legitimately: list items, table rows, log lines.) Nothing is lost that the text does not still
// hold once.
import { closeGaps } from '../text/close-gaps.ts';

const MIN_LENGTH = 10;
const MAX_LENGTH = 60;
const STRUCTURAL = /^\s*([-*+>#|]|\d+[.)]\s)/;

export function collapseRepeatedLines(text: string): string {
  const seen = new Set<string>();
  const lines = text.split('\n');
  const kept: string[] = [];
  for (const line of lines) {
    const trimmed = line.trim();
    const running =
      trimmed.length >= MIN_LENGTH &&
      trimmed.length <= MAX_LENGTH &&
      !trimmed.startsWith('\uE000') &&
      !STRUCTURAL.test(trimmed);
    if (running && seen.has(trimmed)) continue;
    if (running) seen.add(trimmed);
    kept.push(line);
  }
  if (kept.length === lines.length) return text;
  return closeGaps(kept.join('\n'));
}
