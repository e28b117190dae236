// Idioms that ask for an explanation in parts, read as the words they stand for (decision 215).

/** "walk me through", "talk us through": a person guided through a thing is an explanation. */
const GUIDE_VERBS = new Set(['walk', 'talk']);
const GUIDED = new Set(['me', 'us', 'him', 'her', 'them', 'everyone']);
/**
 * "piece by piece", "bit by bit" go through a thing in parts, as "step by step" does, whose words
 * the question frames already drop. Not "line by line" or "one by one": a reading per line and a
 * count of members narrow the answer.
 */
const IN_PARTS = new Set(['piece', 'bit', 'part']);

/**
 * Whether the token at `i` belongs to such an idiom and, like "explain" and "step by step", names
 * no content: "walk me through this formula piece by piece" / "explain this formula step by step".
 * "walk through every file in a folder" (no one guided) iterates, and keeps its words.
 * "bit by bit" / "piece by piece" drop only after a walk-through: elsewhere they say how a thing is
 * done ("a bit by bit copy of a disk", "read a large file piece by piece"), not how to explain it
 * (decision 215's review). Returned as a reader per token list, which finds the first walk-through
 * once: a search per "piece" made a prompt of them cost tokens × tokens.
 */
export function guideIdiomReader(tokens: readonly string[]): (i: number) => boolean {
  let guidedFrom: number | undefined;
  return (i) => {
    const token = tokens[i] ?? '';
    if (GUIDE_VERBS.has(token)) return guideAt(tokens, i);
    if (token === 'through') return guideAt(tokens, i - 2);
    if (!IN_PARTS.has(token)) return false;
    const inParts =
      (tokens[i + 1] === 'by' && tokens[i + 2] === token) ||
      (tokens[i - 1] === 'by' && tokens[i - 2] === token);
    if (!inParts) return false;
    guidedFrom ??= firstGuide(tokens);
    return guidedFrom < i;
  };
}

/** "walk me through" starting at `i`. */
function guideAt(tokens: readonly string[], i: number): boolean {
  return (
    GUIDE_VERBS.has(tokens[i] ?? '') && GUIDED.has(tokens[i + 1] ?? '') && tokens[i + 2] === 'through'
  );
}

function firstGuide(tokens: readonly string[]): number {
  for (let i = 0; i < tokens.length; i++) if (guideAt(tokens, i)) return i;
  return Number.POSITIVE_INFINITY;
}
