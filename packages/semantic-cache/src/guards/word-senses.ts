// Words read in the sense their neighbours give them: a noun kept apart from the verb it folds
// with, a bound or "go" that is a plain word, "business" in "business days" a constraint, and so
// are counted "weekdays".
import { ACTION_GROUP } from './action-groups.ts';
import { RUNNING_STATE, STOPPED_STATE } from './instruction-words.ts';
import { stemOf } from './word-stem.ts';
import { NUMBER_WORDS, SYNONYMS } from './word-terms.ts';

/**
 * Decision 149: words a determiner or a possessive opens ("the changes", "my edits", "a fix"), and
 * plurals after a participle ("staged changes", "uncommitted edits"), are nouns. Where the synonym
 * table folds verbs into a word that is also a noun ("edit" → "change"), the noun keeps a term of
 * its own: "edit the commit message" and "keep the changes" share no action. Nouns still fold
 * together ("my edits" / "my changes"), and verbs with verbs.
 */
const DETERMINERS = new Set(
  'a an the my your our their his her its these those this any some no every each'.split(' '),
);
const NOUN_MARK = ':noun';
const FOLDED_INTO = new Set([...SYNONYMS.words.values()].map(stemOf));

export function nounSense(
  term: string,
  token: string,
  before: string | undefined,
  after?: string,
): string {
  if (before === undefined || !FOLDED_INTO.has(term) || !ACTION_GROUP.has(term)) return term;
  if (namesTheAction(token, after)) return term;
  const opened = DETERMINERS.has(before) || (PARTICIPLE_BEFORE.test(before) && token.endsWith('s'));
  return opened ? `${term}${NOUN_MARK}` : term;
}

/**
 * Decision 243: a gerund with "of" after it names the action done to what follows ("the setting
 * of a cookie", "the changing of a password"), not the thing a noun would ("the settings"): it
 * keeps the verb's term, as "the getting of a cookie" keeps its general verb.
 */
function namesTheAction(token: string, after: string | undefined): boolean {
  return after === 'of' && token.endsWith('ing');
}

/**
 * Decision 172: two loaded words that are also plain words, read as plain where their neighbours
 * say so. A word that bounds a quantity ("over 100 MB", "under a minute", "18 and over") bounds
 * nothing without one: "iterate over a map", "copy over ssh", "the cell above". "Go" is the
 * language only written bare and used as a name: "goes", "went", "going", "go back", "go into a
 * folder", "where does it go", "in one go" are the verb. Either keeps its word, marked, so it
 * still differs from a side without it; it is just no longer a constraint or a language. One set
 * lookup per written word, like `nounSense`.
 */
export function plainSense(
  term: string,
  token: string,
  tokens: readonly string[],
  i: number,
): string {
  if (DAY_KINDS.has(token) && /^days?$/.test(tokens[i + 1] ?? '')) return WORKDAY;
  if (term === WEEKDAY && countedWeekdays(token, tokens, i)) return WORKDAY;
  const state = STATES.get(token);
  if (state && qualifiesMembers(token, tokens, i)) return state;
  if (BOUNDS.has(term)) return boundsQuantity(tokens, i) ? term : `${term}${PLAIN_MARK}`;
  if (term === SUPPORT) return addressesSupport(tokens, i) ? term : `${term}${PLAIN_MARK}`;
  if (term !== GO) return term;
  return goIsVerb(token, tokens, i) ? `${term}${PLAIN_MARK}` : term;
}

/** Whether "go" (or a form of it) at `i` is the verb, not the language. */
export function goIsVerb(token: string, tokens: readonly string[], i: number): boolean {
  return (
    GO_FORMS.has(token) ||
    GO_AFTER.has(tokens[i + 1] ?? '') ||
    GO_BEFORE.has(tokens[i - 1] ?? '') ||
    (tokens[i - 1] === 'one' && tokens[i - 2] === 'in')
  );
}

const PLAIN_MARK = ':plain';
/**
 * Decision 233: "support" is an audience where one is addressed ("for the support team", "explain
 * it to support"); "does Django support JSONField", "browser support for X" say what a thing can
 * do, a plain word.
 */
const SUPPORT = stemOf('support');
const ADDRESSED_BY = new Set(['to', 'for']);
const SUPPORT_PEOPLE = new Set(
  'team teams staff agent agents engineer engineers people rep reps desk person'.split(' '),
);
const ADDRESS_OPENERS = new Set('the our my your their a'.split(' '));
/** "support for X", "support of X": what a thing can do, whatever is written before it. */
const WHAT_IT_DOES = new Set(['for', 'of']);

function addressesSupport(tokens: readonly string[], i: number): boolean {
  if (SUPPORT_PEOPLE.has(tokens[i + 1] ?? '')) return true;
  if (addressedAt(tokens, i - 1)) return true;
  // Review of 233: one word may say whose support is written to ("an email to customer support",
  // "to Apple support"); not an action ("to add support") nor before what it can do ("to drop
  // support for IE11").
  const whose = tokens[i - 1] ?? '';
  return (
    addressedAt(tokens, i - 2) &&
    !ACTION_GROUP.has(stemOf(whose)) &&
    !WHAT_IT_DOES.has(tokens[i + 1] ?? '')
  );
}

/** "to" or "for" at `k`, or a determiner there with "to" or "for" before it. */
function addressedAt(tokens: readonly string[], k: number): boolean {
  const word = tokens[k] ?? '';
  return (
    ADDRESSED_BY.has(word) || (ADDRESS_OPENERS.has(word) && ADDRESSED_BY.has(tokens[k - 1] ?? ''))
  );
}
/**
 * Decision 192: "business days" and "working days" count fewer days than "days" do, so the word is
 * a constraint there ("workday", as written); "business" alone folds into "company", a plain noun.
 * Not before "hours": "business hours" are the opening hours a bare "hours" asks for too.
 */
const DAY_KINDS = new Set('business working work'.split(' '));
const WORKDAY = stemOf('workday');
/**
 * Decision 203: "weekdays" and "every weekday" count the working days too ("run a job every
 * weekday" / "every day"); "the weekday" of a date is the day it asks for, which the spelling
 * variants fold into "day" ("which weekday" / "which day").
 */
const WEEKDAY = 'weekday';
/**
 * Decision 203 review: "weekdays" are counted where a number, a span or "on" goes with them ("add
 * 5 weekdays", "the weekdays between two dates", "weekdays in a month", "run on weekdays"); elsewhere
 * they are day names read off dates ("get weekdays from a date column"), not working days.
 */
const WEEKDAYS_COUNTED_BEFORE = new Set('on during only count counting'.split(' '));
const WEEKDAYS_COUNTED_AFTER = new Set('between only until till per excluding except'.split(' '));
/** "Weekdays in a month", "in the year": the span they are counted over. */
const SPAN = /\b(?:week|month|quarter|year|range|period)s?\b/;

function countedWeekdays(token: string, tokens: readonly string[], i: number): boolean {
  const before = tokens[i - 1] ?? '';
  if (SET_OPENERS.has(before)) return true;
  if (token === WEEKDAY) return false;
  return (
    WEEKDAYS_COUNTED_BEFORE.has(before) ||
    WEEKDAYS_COUNTED_AFTER.has(tokens[i + 1] ?? '') ||
    /\d/.test(before) ||
    NUMBER_WORDS.has(before) ||
    (tokens[i + 1] === 'in' && SPAN.test(`${tokens[i + 2]} ${tokens[i + 3]}`))
  );
}
/**
 * Decision 194: a state participle that picks members of a set ("list all running VMs", "remove
 * the stopped containers", "clean up exited docker containers") is a constraint, as "unused
 * images" is. "Exited" is "stopped". One member in a state ("a shell in a running container") is
 * what the action needs anyway, and anywhere else "running" is the verb ("running tests").
 */
const STATES = new Map([
  ['running', RUNNING_STATE],
  ['stopped', STOPPED_STATE],
  ['exited', STOPPED_STATE],
]);
const SET_OPENERS = new Set('all every each any these those'.split(' '));
const PLURAL_OPENERS = new Set('the my your our their some'.split(' '));
const PLURAL = /[^s]s$/;

function qualifiesMembers(token: string, tokens: readonly string[], i: number): boolean {
  const before = tokens[i - 1] ?? '';
  if (SET_OPENERS.has(before)) return true;
  const nextPlural = PLURAL.test(tokens[i + 1] ?? '');
  if (PLURAL_OPENERS.has(before)) return nextPlural;
  // A past participle before a plural, one word between at most: "exited docker containers".
  return token !== 'running' && (nextPlural || PLURAL.test(tokens[i + 2] ?? ''));
}
const BOUNDS = new Set('over under above below'.split(' ').map(stemOf));
const GO = stemOf('go');
/** The verb's own forms: "golang" is read as "go" too, and is the language. */
const GO_FORMS = new Set('goes going went gone'.split(' '));
/** Particles and prepositions after "go" that make it a verb: "go back", "go into", "go wrong". */
const GO_AFTER = new Set(
  'back into through away ahead down up out off wrong missing live there here home'.split(' '),
);
/** Auxiliaries before "go": "where does it go", "should it go", "let's go". */
const GO_BEFORE = new Set(
  'does do did will would should can could must lets let it they'.split(' '),
);
/** Time, size and count units that "a" / "an" may count: "under a minute", "over a gigabyte". */
const COUNTED_UNITS =
  /^(?:second|minute|hour|day|week|month|year|dozen|hundred|thousand|million|billion|kb|mb|gb|tb|byte|kilobyte|megabyte|gigabyte|mile|km|meter|metre|kilo|pound|dollar|percent)s?$/;

/** A number (or "a" unit) right after the word, or "N and/or over" before it. */
function boundsQuantity(tokens: readonly string[], i: number): boolean {
  const isNumber = (t: string | undefined) =>
    t !== undefined && (/\d/.test(t) || NUMBER_WORDS.has(t));
  const next = tokens[i + 1];
  if (isNumber(next) || (next === 'than' && isNumber(tokens[i + 2]))) return true;
  if ((next === 'a' || next === 'an' || next === 'one') && COUNTED_UNITS.test(tokens[i + 2] ?? ''))
    return true;
  return (tokens[i - 1] === 'and' || tokens[i - 1] === 'or') && isNumber(tokens[i - 2]);
}

/**
 * Decision 219: "right" is a frame word, dropped as "correct" is ("the right way", "is that right",
 * "right now"); before a word that has a side it is the side opposite "left", a word of its own:
 * "a right join" is not "an inner join", "right-align the text" not "align the text".
 */
const SIDED = new Set(
  'join joins click clicks clicking clicked side hand margin edge corner arrow align aligned alignment panel pane sidebar shift bracket outer'.split(
    ' ',
  ),
);
const RIGHT = 'right';

/** "right" as a side, where the word after it has one; undefined for any other reading. */
export function sideSense(token: string, after: string | undefined): string | undefined {
  return token === RIGHT && SIDED.has(after ?? '') ? RIGHT : undefined;
}

/** A participle written before a noun: "staged", "uncommitted" (not "red" or "bed"). */
const PARTICIPLE_BEFORE = /^\w{3,}ed$/;
