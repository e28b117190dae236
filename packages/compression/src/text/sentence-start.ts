// Whether a word opens a sentence: it starts a line (after list, quote and heading markers) or
// follows sentence-ending punctuation or a colon. A capitalised word anywhere else is a name.
const OPENERS = new Set([' ', '\t', '"', "'", '(', '[', '“', '‘', '*', '_', '#', '>', '-', '•']);
const ENDERS = new Set(['.', '!', '?', ':']);

export function isSentenceStart(text: string, index: number): boolean {
  let i = index - 1;
  while (i >= 0 && OPENERS.has(text[i] as string)) i -= 1;
  if (i < 0) return true;
  const c = text[i] as string;
  if (c === '\n' || ENDERS.has(c)) return true;
  // Numbered list markers: "1. ", "2) ".
  return c === ')' && /(^|\n)\s*\d+\)$/.test(text.slice(Math.max(0, i - 4), i + 1));
}
