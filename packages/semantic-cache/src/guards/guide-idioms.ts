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
 */
export function inGuideIdiom(tokens: readonly string[], i: number): boolean {
  const token = tokens[i] ?? '';
  if (GUIDE_VERBS.has(token)) return GUIDED.has(tokens[i + 1] ?? '') && tokens[i + 2] === 'through';
  if (token === 'through')
    return GUIDED.has(tokens[i - 1] ?? '') && GUIDE_VERBS.has(tokens[i - 2] ?? '');
  if (!IN_PARTS.has(token)) return false;
  return (
    (tokens[i + 1] === 'by' && tokens[i + 2] === token) ||
    (tokens[i - 1] === 'by' && tokens[i - 2] === token)
  );
}
