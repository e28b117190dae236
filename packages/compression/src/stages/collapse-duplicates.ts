// Repeated blocks within one message: a retrieved chunk returned twice, a banner repeated on
// every scraped page, the sentences where two overlapping chunks meet. The first copy stays where
// it was. Blocks made only of code or data are never collapsed (code is left exactly as sent), and
// neither are short lines or sentences, which repeat legitimately (table rows, list items, logs).
import { isPlaceholderOnly } from '../protect/span-table.ts';
import { SENTENCE } from '../text/sentences.ts';

const MIN_PARAGRAPH = 40;
const MIN_LINE = 60;
const MIN_LINE_WORDS = 8;

function countWords(text: string): number {
  let words = 1;
  for (let i = text.indexOf(' '); i !== -1; i = text.indexOf(' ', i + 1)) words += 1;
  return words;
}

function isProseLine(line: string): boolean {
  return line.length >= MIN_LINE && !line.startsWith('|') && countWords(line) >= MIN_LINE_WORDS;
}

/** Removes every repeat of a sentence of at least `minWords` words, with the spaces after it. */
function dropRepeatedSentences(text: string, minWords: number): string {
  const seen = new Set<string>();
  let out = '';
  let from = 0;
  SENTENCE.lastIndex = 0;
  // A sentence of n words has at least 2n - 1 characters: shorter ones are skipped unread.
  const minLength = 2 * minWords - 1;
  for (let m = SENTENCE.exec(text); m; m = SENTENCE.exec(text)) {
    const sentence = m[0];
    if (sentence.length < minLength) continue;
    // Exact repeats only; case is ignored because a copy may start a line where the original did not.
    const key = sentence.toLowerCase();
    if (!seen.has(key)) {
      seen.add(key);
      continue;
    }
    // Only a repeat is checked for length in words: most sentences never repeat.
    if (countWords(sentence) < minWords || isPlaceholderOnly(sentence)) continue;
    out += text.slice(from, m.index);
    from = m.index + m[0].length;
    while (text[from] === ' ') from += 1;
  }
  return from === 0 ? text : (out + text.slice(from)).replace(/(\S) +$/gm, '$1');
}

/** `minSentenceWords`: shorter repeated sentences are taken for intended repetition and kept. */
export function collapseDuplicates(text: string, minSentenceWords: number): string {
  // Block copies come as separate blocks (chunks, pages, pasted twice): a one-line text has only
  // sentence copies.
  if (!text.includes('\n')) return dropRepeatedSentences(text, minSentenceWords);
  const paragraphs = text.split(/\n{2,}/);
  const seenParagraphs = new Set<string>();
  const seenLines = new Set<string>();
  const kept: string[] = [];
  for (const paragraph of paragraphs) {
    const key = paragraph.trim();
    const collapsible = key.length >= MIN_PARAGRAPH && !isPlaceholderOnly(key);
    if (collapsible && seenParagraphs.has(key)) continue;
    if (collapsible) seenParagraphs.add(key);
    if (!paragraph.includes('\n')) {
      kept.push(paragraph);
      continue;
    }
    const lines: string[] = [];
    for (const line of paragraph.split('\n')) {
      const k = line.trim();
      const repeated = isProseLine(k) && !isPlaceholderOnly(k) && seenLines.has(k);
      if (!repeated) lines.push(line);
      if (isProseLine(k)) seenLines.add(k);
    }
    if (lines.length > 0) kept.push(lines.join('\n'));
  }
  return dropRepeatedSentences(kept.join('\n\n'), minSentenceWords);
}
