/**
 * Decision 246: the most characters of a text the guards read whole. Their features cost 1-3 µs a
 * character on words new to their memos, on the event loop, and a hit needs every feature of both
 * prompts: two 16,384-character prompts of made-up words held the loop 30-90 ms a lookup. A prompt
 * past this bound is compared by the guards only around a text both prompts share (its remainder
 * within the bound too); otherwise the candidate is refused, a miss, which is always safe. Twice
 * the longest prompt of any tuning file, and the 2,000-character prompts the benches call ordinary.
 */
export const GUARD_MAX_CHARS = 2_048;

/** Whether the guards may read both texts whole. */
export function guardsRead(a: string, b: string): boolean {
  return a.length <= GUARD_MAX_CHARS && b.length <= GUARD_MAX_CHARS;
}
