/**
 * Invalidation patterns over an entry's queryText, case-insensitive. A pattern with '*' is a glob
 * over the whole text ('*' = any run of characters, so "how do i *" matches every question
 * starting that way); a pattern without '*' matches anywhere in the text ("refund"). An empty
 * pattern matches everything. Every other character is literal.
 *
 * Matched without a regex: a glob of many stars compiled to `a.*a.*a…` backtracks polynomially,
 * and one DELETE held the event loop for minutes on a 200-character prompt. Taking each piece
 * between stars at its first place after the previous one is enough for '*' alone, and linear.
 */
export function compileQueryPattern(pattern: string): (text: string) => boolean {
  const needle = pattern.trim().toLowerCase();
  if (!needle) return () => true;
  if (!needle.includes('*')) return (text) => text.toLowerCase().includes(needle);
  const pieces = needle.split('*');
  const head = pieces[0] ?? '';
  const tail = pieces[pieces.length - 1] ?? '';
  const middle = pieces.slice(1, -1).filter((p) => p.length > 0);
  return (raw) => {
    const text = raw.trim().toLowerCase();
    const end = text.length - tail.length;
    if (end < head.length || !text.startsWith(head) || !text.endsWith(tail)) return false;
    let at = head.length;
    for (const piece of middle) {
      const found = text.indexOf(piece, at);
      if (found < 0 || found + piece.length > end) return false;
      at = found + piece.length;
    }
    return true;
  };
}
