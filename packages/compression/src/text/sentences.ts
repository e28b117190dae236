// Sentence pieces of a (masked) text: runs up to and including . ! ? or the end of a line.
// Placeholders never contain those characters, so numbers like 1.5 do not split a sentence.
export const SENTENCE = /[^\s.!?][^\n.!?]*(?:[.!?]+(?=\s|$|["'”’)\]])["'”’)\]]?|(?=\n)|$)/g;

export function firstWord(sentence: string): string {
  return /^[^A-Za-z]*([A-Za-z]+)/.exec(sentence)?.[1]?.toLowerCase() ?? '';
}

/** Lower-case words of a sentence, placeholders and punctuation left out. */
export function wordsOf(sentence: string): string[] {
  return sentence.toLowerCase().match(/[a-z][a-z'’]*/g) ?? [];
}
