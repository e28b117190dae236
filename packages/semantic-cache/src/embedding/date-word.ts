/** Month, weekday and day words; numbers count as date words too. */
const DATE_WORDS = new Set(
  'january february march april may june july august september october november december monday tuesday wednesday thursday friday saturday sunday today tomorrow yesterday'.split(
    ' ',
  ),
);

/**
 * A number (ASCII digits only) or a date word: the embedder weighs these down because the guards
 * already demand that both prompts name the same ones. What `/^(\d+|january|…|yesterday)$/`
 * matched, without a regex run per term (decision 197).
 */
export function isDateWord(term: string): boolean {
  if (DATE_WORDS.has(term)) return true;
  if (term.length === 0) return false;
  for (let i = 0; i < term.length; i++) {
    const code = term.charCodeAt(i);
    if (code < 0x30 || code > 0x39) return false;
  }
  return true;
}
