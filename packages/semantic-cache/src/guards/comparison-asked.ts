// Whether a prompt asks for a comparison, or may.

/**
 * A comparison asked for, read from the text: the synonym table folds "different" into
 * "difference", and "a different column" compares nothing; "VS Code" is an editor.
 */
const COMPARISON =
  /\b(?:differences?|differ(?:s|ing)?|compared?|compares|comparing|comparison|versus)\b|\bvs\b(?!\.?\s*code)/i;
/**
 * A choice asked for (decision 215): "which is better", "which one is best", "X better than Y"
 * weigh the things named and want a judgement. The question frames drop "better" and "best" as
 * hedges ("what's the best way to"), so only the text sees it. "Which temperature is best" asks
 * for a value, as "what temperature" does: no noun but "one" between. "Worse than before" (or
 * "than usual", "than it does now") sets a thing against itself and weighs no two things.
 */
const CHOICE =
  /\bwhich(?: one)?(?: is|'s| would be)? better\b|\bwhich one(?: is|'s| would be)? best\b|\b(?:better|worse) than\b(?! (?:before|usual|normal|expected|ever|now|it (?:used to|was|did|is|does))\b)/i;
/**
 * Words that ask a choice without "better": "use X over Y", "pick X over Y", "prefer" (decision
 * 215's review). Only a few words between: "over" alone is mostly a place or a channel ("over ssh").
 */
const MAY_CHOOSE = /\bprefer\b|\b(?:use|pick|choose|go with)\s+(?:[^\s.?!]+\s+){1,4}?over\b/i;
/** Words that may ask for a comparison without naming it: "X or Y", "X instead of Y", "which". */
const MAY_COMPARE = /\b(?:or|instead|rather|which)\b/i;

/**
 * One prompt asks for a comparison and the other has no word that could (decision 145): "can I
 * convert a traditional IRA into a Roth IRA" / "what is the difference between a Roth and a
 * traditional IRA". "flexbox or grid" / "flexbox vs grid" may ask the same. The second look below
 * the threshold refuses such a pair whatever else it waives; a choice asked counts as a comparison.
 */
export function comparisonDiffers(a: string, b: string): boolean {
  return comparisonAsked(a) * comparisonAsked(b) === -1;
}

/** 1: asked for; 0: a word that may ask for it; -1: no word that could. */
export type Asked = 1 | 0 | -1;

function comparisonAsked(text: string): Asked {
  if (COMPARISON.test(text) || CHOICE.test(text)) return 1;
  return MAY_COMPARE.test(text) || MAY_CHOOSE.test(text) ? 0 : -1;
}

/**
 * Whether a text asks which of two things is better (decision 215). A comparison ("X vs Y", "the
 * difference between") or a word that may ask for one is no refusal: "expected vs actual" names
 * two fields of a bug report, and "X or Y" may ask the same choice.
 */
export function choiceAsked(text: string): Asked {
  if (CHOICE.test(text)) return 1;
  return COMPARISON.test(text) || MAY_COMPARE.test(text) || MAY_CHOOSE.test(text) ? 0 : -1;
}
