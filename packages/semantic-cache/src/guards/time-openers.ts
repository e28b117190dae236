// The prepositions that open a clause of time, and those that open the same one.
import { termOf } from './word-terms.ts';

/**
 * Decision 236: a clause of time ("after the update", "while charging", "since upgrading") names
 * when the thing happens, the cause the answer turns on. Decision 243: "till" and "til" open it too.
 */
const TIME_OPENERS = new Set('after since during while until till til'.split(' '));

/**
 * Decision 243: "when" before a verb in -ing opens a clause of time as "while" does ("overheats
 * when gaming"); before anything else it asks or sets a condition, as it did before. A few nouns
 * end in -ing too.
 */
const WHEN = 'when';
const GERUND = /^[a-z]{2,}ing$/;
const NOT_GERUNDS = new Set(
  'string thing nothing something anything everything spring morning evening during'.split(' '),
);
function whenDoing(token: string, after: string | undefined): boolean {
  return token === WHEN && GERUND.test(after ?? '') && !NOT_GERUNDS.has(after ?? '');
}

/** Whether the token at `i` opens a clause of time. */
export function opensTimeClause(tokens: readonly string[], i: number): boolean {
  const token = tokens[i] ?? '';
  return TIME_OPENERS.has(token) || whenDoing(token, tokens[i + 1]);
}

/**
 * Decision 243: openers that say the same time are one word: "slow since the update" / "slow after
 * the update" (the state began then and goes on), "till" / "until", "during charging" / "while
 * charging" / "when charging". The diff read them as a swapped condition. "while" and "during"
 * become "when", not the other way round: "when" opens a clause of time with a subject too ("a
 * CORS error when the browser calls my API" / "… when calling my API").
 */
const SAME_TIME = new Map([
  ['since', 'after'],
  ['till', 'until'],
  ['til', 'until'],
  ['during', 'when'],
  ['while', 'when'],
]);
/** "since" before a subject gives a reason ("since I use Windows"), not a time. */
const SUBJECTS = new Set('i we you they he she there'.split(' '));

/** The term of the opener `token` is said the same as, or undefined for any other word. */
export function sameTimeTerm(token: string, after: string | undefined): string | undefined {
  const same = SAME_TIME.get(token);
  if (same === undefined || (token === 'since' && SUBJECTS.has(after ?? ''))) return undefined;
  return termOf(same) ?? undefined;
}
