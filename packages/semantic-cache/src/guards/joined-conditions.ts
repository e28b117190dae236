// Decision 245: "where A is done or B is over 100" against "… and B is over 100": the rows one
// counts are not the other's, yet "and" and "or" are function words the content reading drops.

/** Words that open a condition: what follows filters what is asked about. */
const OPENERS = new Set('where if when whenever whose unless having filter matching'.split(' '));
/** Words that make a clause a condition: a comparison or a state tested. */
const TESTS = new Set(
  'is are equals equal = == != > < >= <= over under above below greater less more fewer contains contain starts ends matches match between before after blank empty null missing exists exist'.split(
    ' ',
  ),
);
const TOKENS = /[a-z0-9_]+|&&|\|\||[<>=!]=?|=/g;
/** Review of 245: "a > 1 || b < 2" joins its conditions as "or" does. */
const SPELLED: Record<string, string> = { '&&': 'and', '||': 'or' };
/** How far a test may sit from the "and" / "or" it is read around. */
const NEAR = 4;

/**
 * The "and" / "or" joining two conditions after a condition opener: each one with a test word
 * within four words before it and after it. "Install and configure nginx" joins no conditions.
 */
export function conditionLinks(text: string): Set<string> {
  const links = new Set<string>();
  const words = text.toLowerCase().match(TOKENS) ?? [];
  let opened = false;
  for (let i = 0; i < words.length; i++) {
    const word = SPELLED[words[i] as string] ?? (words[i] as string);
    if (OPENERS.has(word)) opened = true;
    if (!opened || (word !== 'and' && word !== 'or')) continue;
    const before = words.slice(Math.max(0, i - NEAR), i);
    const after = words.slice(i + 1, i + 1 + NEAR);
    if (before.some((w) => TESTS.has(w)) && after.some((w) => TESTS.has(w))) links.add(word);
  }
  return links;
}

/** One side joins its conditions only by "and", the other only by "or". */
export function conditionsJoinedOtherwise(a: Set<string>, b: Set<string>): boolean {
  return a.size === 1 && b.size === 1 && [...a][0] !== [...b][0];
}
