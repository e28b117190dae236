// Whether a prompt asks for a comparison, or may.

/**
 * A comparison asked for, read from the text: the synonym table folds "different" into
 * "difference", and "a different column" compares nothing; "VS Code" is an editor.
 */
const COMPARISON =
  /\b(?:differences?|differ(?:s|ing)?|compared?|compares|comparing|comparison|versus)\b|\bvs\b(?!\.?\s*code)/i;
/** Words that may ask for a comparison without naming it: "X or Y", "X instead of Y", "which". */
const MAY_COMPARE = /\b(?:or|instead|rather|which)\b/i;

/**
 * One prompt asks for a comparison and the other has no word that could (decision 145): "can I
 * convert a traditional IRA into a Roth IRA" / "what is the difference between a Roth and a
 * traditional IRA". "flexbox or grid" / "flexbox vs grid" may ask the same. The second look below
 * the threshold refuses such a pair whatever else it waives.
 */
export function comparisonDiffers(a: string, b: string): boolean {
  const asks = (text: string) => (COMPARISON.test(text) ? 1 : MAY_COMPARE.test(text) ? 0 : -1);
  return asks(a) * asks(b) === -1;
}
