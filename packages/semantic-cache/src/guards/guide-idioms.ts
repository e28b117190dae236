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
/** An action named after the request ("copying", "reading"), not a noun ending so ("string"). */
const ACTION_ING = /^.{3,}(?<!th|str)ing$/;

/**
 * Whether the token at `i` belongs to such an idiom and, like "explain" and "step by step", names
 * no content: "walk me through this formula piece by piece" / "explain this formula step by step".
 * "walk through every file in a folder" (no one guided) iterates, and keeps its words.
 *
 * "bit by bit" / "piece by piece" drop only after a request to be guided ("walk me through", "break
 * it down for me") with no action between (decision 215's review): elsewhere they say how a thing
 * is done ("a bit by bit copy of a disk", "walk me through reading a file piece by piece"), not how
 * to explain it. The reader finds the request and the action after it once per token list: a
 * search per "piece" cost tokens × tokens.
 */
export function guideIdiomReader(tokens: readonly string[]): (i: number) => boolean {
  let span: { from: number; to: number } | undefined;
  return (i) => {
    const token = tokens[i] ?? '';
    if (GUIDE_VERBS.has(token)) return guideAt(tokens, i);
    if (token === 'through') return guideAt(tokens, i - 2);
    if (!IN_PARTS.has(token)) return false;
    const inParts =
      (tokens[i + 1] === 'by' && tokens[i + 2] === token) ||
      (tokens[i - 1] === 'by' && tokens[i - 2] === token);
    if (!inParts) return false;
    span ??= guidedSpan(tokens);
    return span.from < i && i < span.to;
  };
}

/** "walk me through" starting at `i`. */
function guideAt(tokens: readonly string[], i: number): boolean {
  return (
    GUIDE_VERBS.has(tokens[i] ?? '') &&
    GUIDED.has(tokens[i + 1] ?? '') &&
    tokens[i + 2] === 'through'
  );
}

/** "… down for me" asks to be guided too, but keeps its words: "break" has other objects. */
function brokenDownFor(tokens: readonly string[], i: number): boolean {
  return tokens[i] === 'down' && tokens[i + 1] === 'for' && GUIDED.has(tokens[i + 2] ?? '');
}

/** From the first request to be guided to the first action named after it (or the end). */
function guidedSpan(tokens: readonly string[]): { from: number; to: number } {
  let from = 0;
  while (from < tokens.length && !guideAt(tokens, from) && !brokenDownFor(tokens, from)) from++;
  let to = from + 3;
  while (to < tokens.length && !ACTION_ING.test(tokens[to] ?? '')) to++;
  return { from, to };
}
