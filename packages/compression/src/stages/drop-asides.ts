// What a careful editor cuts from a request and no other rule takes (decision 231): an aside in
// brackets that the writer marks as a joke ("(long story, nobody else volunteered, ha)"), a
// sentence that only says the text is pasted below (the text is there to see), and "help me with
// two things" before the things, which "First, …" then lists. Balanced and aggressive: each is
// the writer's voice, and conservative keeps every sentence that is not a pleasantry.
import { QUESTION_WORDS, TASK_VERBS } from '../text/word-lists.ts';

/**
 * A bracket whose last word is laughter: what it says is said in jest. Bounded: 80 characters.
 * Not one that holds a number or a protected span (a name, an amount): "(we booked it for 200
 * lol)", "(not Saturday, ha)" state a fact in jest (review).
 */
const JOKE_ASIDE = /[ \t]?\((?:[^()\n\d\uE000]{0,80}?[ ,])?(?:lol|lmao|haha|hehe|ha)\)/gi;

/**
 * "I've pasted my scribbles below.", a sentence of its own that ends its paragraph; not one that
 * goes on, nor one the paragraph goes on after ("… below. Don't change it.": "it" would point at
 * nothing; review).
 */
const PASTED_BELOW =
  /(^|[.!?])[ \t]*I(?:['’]ve| have) (?:pasted|copied|included|put|added)(?: in)? (?:it|them|this|these|(?:my|the|our) [a-z]+(?: [a-z]+)?) (?:below|underneath),?[.!]?(?=[ \t]*$)/gim;

/**
 * "Could you help me with two things?" right before "First, …" lists them; the first thing
 * must be asked, by a verb or a question word (captured for a check), or the text would ask for
 * nothing: "First, the budget is tight." (review).
 */
const HELP_WITH_THINGS =
  /(^|[.!?])[ \t]*(?:(?:can|could|would) you (?:please )?)?help me with (?:two|three|four|a (?:few|couple of)) (?:things|questions)(?: please)?[?.!:]\s*(?=first(?:ly)?,?[ \t]+(?:(?:please|can you|could you)[ \t]+)?([a-z]+))/gim;

/** Keeps the sentence end before a dropped sentence; the spaces after it stay as they were. */
function keepEnd(_m: string, end: string): string {
  return end;
}

/**
 * What the writer will do or forbids, which "lol" softens rather than jokes about: "(I will be
 * late lol)", "(don't tell anyone lol)" (review).
 */
const PLAN_OR_RULE =
  /\b(?:will|won['’]t|going to|must|have to|has to|need to|can['’]?t|cannot|don['’]t|do not|never)\b|['’]ll\b/i;

/**
 * Where to look, which the joke does not take back: "(see the docs lol)", "(it's in the wiki,
 * haha)" point the reader at something (decision 240).
 */
const POINTER =
  /\b(?:see|cf|refer|docs?|documentation|manual|wiki|readme|faq|link|page|section|chapter|attached|above|below)\b/i;

/** The joke asides; run before the filler stage, which takes their "lol" on its own. */
export function dropJokeAsides(text: string): string {
  if (!text.includes('(')) return text;
  return text.replace(JOKE_ASIDE, (aside: string) =>
    PLAN_OR_RULE.test(aside) || POINTER.test(aside) ? aside : '',
  );
}

/** The sentences about the prompt; run after the filler stage, which ends them ("below, sorry…"). */
export function dropAnnouncements(text: string): string {
  let out = text;
  // Plain searches first: most texts hold neither word (in lower case, as the phrases end).
  if (out.includes('below') || out.includes('underneath')) out = out.replace(PASTED_BELOW, keepEnd);
  if (out.includes('things') || out.includes('questions')) {
    // The spaces before "First" went with the sentence: one comes back after a kept end.
    out = out.replace(HELP_WITH_THINGS, (m: string, end: string, verb: string) => {
      const first = verb.toLowerCase();
      if (!TASK_VERBS.has(first) && !QUESTION_WORDS.has(first)) return m;
      return end === '' ? '' : `${end} `;
    });
  }
  return out;
}

/** Both, for the tests. */
export function dropAsides(text: string): string {
  return dropAnnouncements(dropJokeAsides(text));
}
