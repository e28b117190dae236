// "Once" and units of time as the number guard reads them.
import { TIME_UNITS } from './cancel-variants.ts';
import { WHOLE } from './scope-terms.ts';
import { stemOf } from './word-stem.ts';
import { termOf } from './word-terms.ts';

/**
 * "once" as a count of times ("set up once before all tests"), or null when it counts nothing:
 * "at once" (together: "upgrade all packages at once"), a rate that "every" says as well ("once a
 * minute" / "every minute"), or a conjunction that opens a clause ("once it is installed").
 */
export function onceTerm(before?: string, after?: string, afterNext?: string): string | null {
  if (before === 'at') return null;
  if (
    after !== undefined &&
    RATE_WORDS.has(after) &&
    afterNext &&
    TIME_UNITS.has(stemOf(afterNext))
  )
    return null;
  if (after !== undefined && CLAUSE_OPENERS.has(after)) return null;
  return ONCE;
}

/**
 * Decision 154: a unit of time after a number, as written ("30s", "5 min", "2 hrs"), is that unit,
 * and "second" there or after "per" / "a" / "each" is time, not the ordinal, as the number guard
 * reads it ("a 30 second timeout" / "30s timeout"). The ":00" of a whole hour says nothing ("9:00"
 * / "9am"). Undefined for any other word.
 */
export function timeTerm(token: string, before: string | undefined): string | null | undefined {
  if (before === undefined) return undefined;
  const afterNumber = /^\d+(?:\.\d+)?$/.test(before);
  if (afterNumber && token === '00') return null;
  const unit =
    afterNumber || (token === 'second' && PER_TIME.has(before))
      ? TIME_ABBREVIATIONS.get(token)
      : undefined;
  return unit === undefined ? undefined : termOf(unit);
}

const TIME_ABBREVIATIONS = new Map([
  ['s', 'seconds'],
  ['sec', 'seconds'],
  ['secs', 'seconds'],
  ['second', 'seconds'],
  ['ms', 'milliseconds'],
  ['min', 'minutes'],
  ['mins', 'minutes'],
  ['h', 'hours'],
  ['hr', 'hours'],
  ['hrs', 'hours'],
]);
/**
 * Words before "second" that make it a unit of time: "one per second", "twice a second", and
 * "one second" (a count of time, decision 203).
 */
const PER_TIME = new Set('per a each every one'.split(' '));

const ONCE = 'once';
/**
 * A count after "only" says "no more" itself (decision 154): "run only once" is "run once", "keep
 * only 3 backups" is "keep 3 backups". "Only" before anything else narrows what it names.
 */
export const COUNTED_ONCE =
  /^(?:once|twice|one|two|three|four|five|six|seven|eight|nine|ten|\d+(?:\.\d+)?)$/;
/** Words after "once" that make it a rate: "once a day", "once per hour". */
const RATE_WORDS = new Set('a an per every each'.split(' '));
/** Words after "once" that open a clause: it is then "when", not a count. */
const CLAUSE_OPENERS = new Set(
  'i you we they he she it the my your our their this that these those its everything'.split(' '),
);

/**
 * "Once" on one side and a word for each member on the other: "set up once before all tests" /
 * "before each test" do it one time against once a member. "Once" alone ("bypass the hook once" /
 * "for one commit") asks what the other side asks.
 */
export function onceAgainstEach(
  a: string[],
  b: string[],
  onlyA: string[],
  onlyB: string[],
): boolean {
  if (onlyA.includes(ONCE) === onlyB.includes(ONCE)) return false;
  return (onlyA.includes(ONCE) ? b : a).includes(WHOLE);
}
