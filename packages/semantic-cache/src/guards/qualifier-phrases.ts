// An added qualifying phrase: "list EC2 instances in every region", "boot safe mode with
// networking", "count documents grouped by status", "the speed of light in water". One prompt
// narrows what the other asks with a prepositional phrase whose words the other never uses. The
// similarity barely moves (the phrase is a small share of the words) and the difference check
// reads one or two words added alone, which rewordings add as often ("in a Go program").
// What tells them apart is that a rewording's added words lean on a word both prompts share
// ("a Go program", "in descending order"), while a qualifier brings a thing of its own. The
// difference check asks only when one prompt is the other plus words (decision 056): beside a
// reworded rest, a phrase is as often the rewording ("ratio" / "per cup"). An item joined by
// "and" ("save and quit", "train, validation and test") narrows or widens the question the same way.
import { areOpposites } from './opposite-stems.ts';
import { opensTimeClause } from './time-openers.ts';
import { stemOf } from './word-stem.ts';

/**
 * Prepositions that attach a qualifier to what is asked. "to" and "into" also start verbs.
 * "using", "via" and "under" name a tool, a route or a rule as "with" does ("… using pytest",
 * "… via Helm", "… under Norwegian law"; decision 139).
 */
const PREPOSITIONS = new Set(
  'in with by for on at within across per inside outside using via under'.split(' '),
);
/**
 * Decision 219: a phrase that sets a bound ("outside my company", "outside of our network") names
 * what lies beyond the asker's setup, so a possessive there narrows the question as any other
 * word would: an Outlook recall to someone outside the organisation is another case.
 */
const BOUNDS = new Set(['outside']);
/**
 * "to" starts verbs too ("how to save"), so it opens a phrase only before an article, which no
 * verb follows (decision 224): "recorded a meeting to the cloud", "back up my phone to an external
 * drive" send the thing somewhere the question then depends on. Not "into": after "merge" or
 * "combine" its phrase ("into a single document") restates the result.
 */
const BEFORE_ARTICLE = 'to';
/**
 * Decision 224 review: only after a verb that moves or copies a thing is the place it goes a
 * choice the answer depends on ("move my games to a new drive", "save it to the desktop"). After
 * any other verb it is where the thing always goes, a restatement: "append to the end of a file",
 * "add a key to the dictionary", "upgrade npm to the latest version", "subscribe to a channel".
 */
const SENDING = new Set(
  'back backup copy copied move save export send sent forward upload download transfer sync record redirect share migrate mirror stream restore clone dump archive push publish'
    .split(' ')
    .map(stemOf),
);
/** How many tokens before "to" the sending verb may stand ("back up all my old photos to the …"). */
const SENDING_REACH = 8;
function sendsTo(
  tokens: readonly string[],
  termAt: readonly (string | null)[],
  i: number,
): boolean {
  if (tokens[i] !== BEFORE_ARTICLE || !ARTICLES.has(tokens[i + 1] ?? '')) return false;
  for (let k = i - 1; k >= 0 && k >= i - SENDING_REACH; k--)
    if (SENDING.has(termAt[k] ?? '')) return true;
  return false;
}
/** Words that may stand between the preposition and the phrase's own words. */
const DETERMINERS = new Set(
  'a an the this that these those every all each any some one no single'.split(' '),
);
/**
 * A possessive places the question in the asker's own setup ("for my target", "in our repo"):
 * context the answer does not depend on, not a narrower request.
 */
const POSSESSIVES = new Set('my your our their his her its'.split(' '));
/**
 * Decision 219: "its" and "their" point back at the thing the prompt names, not at the asker: a
 * phrase they open adds a part of it to the answer ("list all tables with their row counts").
 */
const POINTING_BACK = new Set(['its', 'their']);
/**
 * Decision 233: the system the asker's device runs is their setup too, but the steps depend on it:
 * "clear cookies in Chrome on my Android phone" is another answer than Chrome on a desktop. A
 * possessive before one of these opens a qualifying phrase as any other word would.
 */
const PLATFORMS = new Set(
  'android iphone ipad ios mac macbook macos windows pc linux ubuntu chromebook phone tablet'.split(
    ' ',
  ),
);
/**
 * Decision 233: a phrase ends where another opens, a clause of time too. "without" is a content
 * word (it carries a constraint), so it ran on inside the phrase before it: "on my Android phone
 * without logging out" read as one phrase, and "without logging out" on both sides hid the
 * platform one side adds.
 */
const OPENS_ANOTHER = new Set([...PREPOSITIONS, 'without']);
/** An article makes the word after it a noun ("in a pull request", "with the update"). */
const ARTICLES = new Set('a an the'.split(' '));
const CONJUNCTIONS = new Set(['and', 'or']);
/**
 * "… and when do I use which": the question a comparison answers anyway, not one more item
 * (decision 192). Any other question joined by "and" ("and when was it released") still adds one.
 */
const PICKS_ONE = new Set('which each either one'.split(' '));
function asksWhenToUseWhich(tokens: readonly string[], i: number): boolean {
  return tokens[i + 1] === 'when' && tokens.slice(i + 2, i + 7).some((t) => PICKS_ONE.has(t));
}

/** How a prompt's words read: the tokens, each token's term (null for a function word). */
export interface PhraseInput {
  readonly tokens: readonly string[];
  readonly termAt: readonly (string | null)[];
  /** A verb: a phrase that opens with one is a clause ("for deleting"), not a qualifier. */
  readonly isVerb: (term: string) => boolean;
  /** A verb that only frames the request or finds its object ("find and kill"). */
  readonly isFraming: (term: string) => boolean;
  /** Word pairs written with a comma or a semicolon between them (`clauseBreaks`). */
  readonly breaks?: ReadonlySet<string>;
}

/**
 * Decision 248: the tokens drop punctuation, so a phrase ran on past a comma into the next clause
 * ("page numbers from page 3 in Roman numerals, first two pages without number" read "roman
 * numeral 1 2 pag"), whose words the other prompt shares, and the phrase it adds went unseen.
 * The pairs of words a comma or semicolon separates, as written (lower case): a phrase ends there.
 */
export function clauseBreaks(text: string): ReadonlySet<string> | undefined {
  if (!/[,;]/.test(text)) return undefined;
  const breaks = new Set<string>();
  for (const m of text.toLowerCase().matchAll(CLAUSE_BREAK)) breaks.add(`${m[1]} ${m[2]}`);
  return breaks;
}
const CLAUSE_BREAK = /([\p{L}\p{N}]+)\s*[,;]\s+(?=([\p{L}\p{N}]+))/gu;

/**
 * The phrases that may qualify what a prompt asks, each as its content terms: every
 * prepositional phrase, and each word joined to another by "and" / "or".
 */
export function qualifierPhrases(input: PhraseInput): string[][] {
  return [...prepositionalPhrases(input), ...conjoinedWords(input), ...exceptions(input)];
}

/**
 * Decision 224: "but" and the content word right after it set a condition on the request ("replace
 * every foo with bar but ask me to confirm each one", "… but keep the first one"): the run of
 * content words it opens is a phrase of its own. "but I …", "but it …" tell what happened, and open
 * none here.
 */
function exceptions({ tokens, termAt }: PhraseInput): string[][] {
  const phrases: string[][] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i] !== 'but') continue;
    const phrase: string[] = [];
    for (let k = i + 1; k < tokens.length; k++) {
      const term = termAt[k];
      if (!term) break;
      phrase.push(term);
    }
    if (phrase.length > 0) phrases.push(phrase);
  }
  return phrases;
}

/** The run of content words right after a preposition and its determiners. */
function prepositionalPhrases({ tokens, termAt, isVerb, breaks }: PhraseInput): string[][] {
  const phrases: string[][] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? '';
    // A verb may open a clause of time, unlike a qualifier ("for deleting"): "after updating".
    const time = opensTimeClause(tokens, i);
    if (!PREPOSITIONS.has(token) && !time && !sendsTo(tokens, termAt, i)) continue;
    const bound = BOUNDS.has(token);
    let k = bound && tokens[i + 1] === 'of' ? i + 2 : i + 1;
    while (k < tokens.length && DETERMINERS.has(tokens[k] ?? '')) k++;
    const possessive = tokens[k] ?? '';
    if (POSSESSIVES.has(possessive)) {
      if (!bound && !POINTING_BACK.has(possessive) && !PLATFORMS.has(tokens[k + 1] ?? '')) continue;
      k++;
    }
    const noun = ARTICLES.has(tokens[k - 1] ?? '');
    const phrase: string[] = [];
    for (; k < tokens.length; k++) {
      const term = termAt[k];
      if (!term || OPENS_ANOTHER.has(tokens[k] ?? '') || opensTimeClause(tokens, k)) break;
      if (phrase.length > 0 && breaks?.has(`${tokens[k - 1]} ${tokens[k]}`)) break;
      phrase.push(term);
    }
    const head = phrase[0];
    // Decision 219: after an article the head is a noun, whatever verb it may also be.
    if (head !== undefined && (noun || time || !isVerb(head))) phrases.push(phrase);
  }
  return phrases;
}

/**
 * The words on each side of "and" / "or": one of them added alone is one more item or action
 * ("save and quit", "a folder and its subfolders"). Not a bound beside a number ("3.11 or
 * later"), a verb that finds the object first ("find and kill"), or the opposite of its partner,
 * which names both ends of one thing ("when do you open and close").
 */
function conjoinedWords({ tokens, termAt, isFraming }: PhraseInput): string[][] {
  const words: string[][] = [];
  for (let i = 1; i < tokens.length; i++) {
    if (!CONJUNCTIONS.has(tokens[i] ?? '') || asksWhenToUseWhich(tokens, i)) continue;
    let k = i + 1;
    while (
      k < tokens.length &&
      (DETERMINERS.has(tokens[k] ?? '') || POSSESSIVES.has(tokens[k] ?? ''))
    )
      k++;
    const left = termAt[i - 1];
    const right = termAt[k];
    if (!left || !right || /\d/.test(left + right)) continue;
    if (areOpposites(tokens[i - 1] ?? '', tokens[k] ?? '')) continue;
    if (!isFraming(left)) words.push([left]);
    if (!isFraming(right)) words.push([right]);
  }
  return words;
}

/**
 * A qualifying phrase of one prompt none of whose words the other prompt has, in any form
 * `same` accepts (equal, a spelling variant, a typo).
 */
export function addsQualifier(
  phrases: readonly string[][],
  otherTerms: readonly string[],
  same: (x: string, y: string) => boolean,
): boolean {
  return phrases.some((phrase) =>
    phrase.every((term) => !otherTerms.some((other) => other === term || same(term, other))),
  );
}
