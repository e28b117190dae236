// Words joined by a directing word ("to", "from", "than"), to catch the same words reversed.
import { STOPWORDS } from '../embedding/question-tokens.ts';
import { NEGATIONS } from './negation-words.ts';
import { goIsVerb } from './word-senses.ts';

/**
 * Words joined by "to"/"into" ("celsius→fahrenheit") or compared by "than" ("python faster than
 * java"), to catch the same words in reverse order. "from" points the other way: "copy it from the
 * server" moves it as "copy the server's file to here" does, so its pairs are read backwards. "vs"
 * is left out: "React vs Vue" asks what "Vue vs React" does.
 */
const DIRECTING = new Set(['to', 'into', 'than']);
const DIRECTING_BACK = 'from';
/**
 * Decision 224: "to" after a question word starts a verb ("how to make the variables available",
 * "where to put it"): it joins the place the question is set in to what is done there ("In X, how
 * to … Y"), not a thing to where it goes. Such a pair is marked as asked (review): it reverses
 * another asked pair ("on windows, how to run linux apps" / "on linux, how to run windows apps")
 * and a "from" pair, which names the place the action starts ("in python how to call c code" /
 * "calling python from c code"), but not a "to" or "into" pair, whose end is the place itself
 * ("In jenkins, how to make the secrets of my vault visible" / "pass secrets from vault into a
 * jenkins build" ask the same).
 */
const ASKS_A_WAY = new Set(['how', 'what', 'where', 'when', 'whether']);
const JOINED = '>';
const FROM = '<';
const ASKED = '?';
/** The marks a pair of each mark is read against: a "to" pair against a "from" pair, as before. */
const READ_AGAINST: Record<string, readonly string[]> = {
  [JOINED]: [JOINED, FROM],
  [FROM]: [JOINED, FROM, ASKED],
  [ASKED]: [ASKED, FROM],
};
const MARK = /[>?<]/;

/** The same two words in the same order, as any pair it is read against writes them. */
export function sameDirection(pair: string): string[] {
  const mark = pair.match(MARK)?.[0] ?? JOINED;
  const [from, to] = pair.split(mark);
  return (READ_AGAINST[mark] ?? []).map((m) => `${from}${m}${to}`);
}

/** The same two words in the other order, as any pair it is read against writes them. */
export function reversedDirection(pair: string): string[] {
  const mark = pair.match(MARK)?.[0] ?? JOINED;
  const [from, to] = pair.split(mark);
  return (READ_AGAINST[mark] ?? []).map((m) => `${to}${m}${from}`);
}
/**
 * Decision 233: the words after a directing word end where a preposition opens another phrase:
 * "a memo to staff about the outage based on these notes" sends the memo to staff; "notes" belongs
 * to "on", and read as where the memo goes it reversed "turn these notes into a memo".
 */
const ENDS_REACH = new Set('about with for by using via per'.split(' '));
/**
 * Review of 233: a preposition of place ends the reach only after the end is named. Right after
 * the directing word it opens the end ("from within Python", "from inside the container"), and
 * after a numbered thing it says which one ("to port 80 in the container"): both were read as
 * no end at all, and "forward port 8080 on the host to port 80 in the container" / the same
 * reversed, or "call Rust from within Python" / "call Python from within Rust", were one question.
 */
const PLACES = new Set('in on at under within across inside outside'.split(' '));
const NUMBER = /^[\d.:]+$/;
const GO = 'go';

/** Whether the words after a directing word end at `j` (`found` words read so far). */
function endsReach(words: readonly string[], j: number, found: number): boolean {
  const w = words[j] ?? '';
  if (ENDS_REACH.has(w)) return true;
  return PLACES.has(w) && found > 0 && !NUMBER.test(words[j - 1] ?? '');
}
/** Content words read on each side of a directing word, and how far away they may be. */
export const DIRECTED_WORDS = 4;
const DIRECTED_REACH = 8;

/**
 * Decision 245: "A instead of B", "A rather than B", "pick A over B" choose A where B would be: B
 * gives way to A, as "from B to A" has it, so the pair is read as a "from" pair ("with a toggle
 * instead of the system setting" / "with the system setting instead of a toggle" swap the roles).
 * The number of words the phrase takes ("instead of" two), or 0. "over" only after a verb of
 * choosing: "over 100", "over ssh" choose nothing.
 */
function choiceAt(words: readonly string[], i: number): number {
  const word = words[i];
  if (word === 'instead' && words[i + 1] === 'of') return 2;
  // Review of 245: "A in place of B", "A in favour of B" say "A instead of B".
  if (word === 'in' && words[i + 2] === 'of' && IN_PLACE.test(words[i + 1] ?? '')) return 3;
  if (word === 'than' && words[i - 1] === 'rather') return 1;
  if (word !== 'over') return 0;
  for (let j = i - 1; j >= Math.max(0, i - CHOICE_REACH); j--)
    if (CHOOSING.test(words[j] ?? '')) return 1;
  return 0;
}
const CHOICE_REACH = 4;
const IN_PLACE = /^(?:place|favou?r)$/;
const CHOOSING = /^(?:prefer|preferr|pick|choos|chose|select|favou?r)\w*$/;

/**
 * Decision 245: "not A but B" asks for B where A was: A gives way to B, the direction "to" reads.
 * The "not" within four words before "but"; a plain "but" ("works but slow") joins nothing.
 */
function butAfterNot(words: readonly string[], i: number): boolean {
  if (words[i] !== 'but') return false;
  for (let j = i - 1; j >= Math.max(0, i - 5); j--) if (words[j] === 'not') return true;
  return false;
}

export function directedPairs(words: readonly string[], reach: number): Set<string> {
  const pairs = new Set<string>();
  // Numbers are skipped: a pasted value ("2024-03-15 14:30") would fill the window and push the
  // words that say what is converted out of it.
  // Decision 236: "go" is a function word, but bare and used as a name it is the language ("call
  // C code from within Go" / "call Go code from within C"), as the difference reading has it.
  const content = (w: string, j: number) =>
    (w === GO ? !goIsVerb(w, words, j) : !STOPWORDS.has(w)) && !NEGATIONS.has(w) && !NUMBER.test(w);
  const near = (from: number, step: number) => {
    const found: string[] = [];
    for (let j = from; found.length < reach && Math.abs(j - from) < DIRECTED_REACH; j += step) {
      const w = words[j];
      if (w === undefined || (step > 0 && endsReach(words, j, found.length))) break;
      if (content(w, j)) found.push(w);
    }
    return found;
  };
  words.forEach((word, i) => {
    const chosen = choiceAt(words, i);
    const back = word === DIRECTING_BACK || chosen > 0;
    if (!back && !DIRECTING.has(word) && !butAfterNot(words, i)) return;
    const mark = back ? FROM : word === 'to' && ASKS_A_WAY.has(words[i - 1] ?? '') ? ASKED : JOINED;
    // "rather" is the phrase's, not the thing chosen.
    const before = near(word === 'than' && chosen > 0 ? i - 2 : i - 1, -1);
    const after = near(i + 1 + Math.max(chosen - 1, 0), 1);
    for (const b of before)
      for (const a of after) if (b !== a) pairs.add(back ? `${a}${mark}${b}` : `${b}${mark}${a}`);
  });
  return pairs;
}
