// The same thing said to be someone else's, or of another age: "take my version" / "take their
// version", "migrate an existing app" / "for a new app", "lost my old phone" / "got a new phone"
// (decision 056). The mark is read on the word right after it, so marks on different things
// ("add a column to an existing table" / "add a new column") are no conflict.

/**
 * Mark words by kind and side. "my" and "your" are one side: the asker writes "my password" where
 * a how-to writes "your password". A third person's thing is another one.
 */
const MARKERS = new Map<string, { kind: string; side: string }>([
  ...'my mine our ours your yours'
    .split(' ')
    .map((w) => [w, { kind: 'owner', side: 'asker' }] as const),
  ...'his her hers their theirs'
    .split(' ')
    .map((w) => [w, { kind: 'owner', side: 'other' }] as const),
  ['new', { kind: 'age', side: 'new' }],
  ['old', { kind: 'age', side: 'old' }],
  ['existing', { kind: 'age', side: 'old' }],
]);

const BOTH = 'both';

/** Each marked word with its side, keyed by the mark's kind and the word: "age:phone" → "old". */
export function markedWords(words: readonly string[]): Map<string, string> {
  const marks = new Map<string, string>();
  for (let i = 0; i + 1 < words.length; i++) {
    const marker = MARKERS.get(words[i] ?? '');
    if (!marker) continue;
    const key = `${marker.kind}:${words[i + 1]}`;
    const seen = marks.get(key);
    // Both marks on one side ("from the old phone to the new phone") compare with neither.
    marks.set(key, seen === undefined || seen === marker.side ? marker.side : BOTH);
  }
  return marks;
}

/** The same word marked on one side and marked the other way on the other. */
export function marksDiffer(a: Map<string, string>, b: Map<string, string>): boolean {
  for (const [word, side] of a) {
    const other = b.get(word);
    if (other !== undefined && other !== side && other !== BOTH && side !== BOTH) return true;
  }
  return false;
}
