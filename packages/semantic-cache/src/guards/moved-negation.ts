// A negation moved to another word: the question turned around (decision 142).
import { NOT } from './cancel-variants.ts';

/** The words right after each "not" of a prompt: what it negates. */
function negatedWords(terms: string[]): string[] {
  const negated: string[] = [];
  for (let i = 0; i + 1 < terms.length; i++)
    if (terms[i] === NOT) negated.push(terms[i + 1] as string);
  return negated;
}

const QUESTION_WORDS = new Set('why how what when where which who'.split(' '));

/** "Not" comes before every term but a question word: an inverted "didn't", "isn't". */
function opensWithNot(terms: string[]): boolean {
  const first = terms.findIndex((term) => !QUESTION_WORDS.has(term));
  return terms[first] === NOT;
}

/**
 * Decision 142: both prompts say "not", about different words each of them has: "does not
 * rebuild … after changing" / "rebuilds … did not change". The diff cancels the moved "not"
 * and the negation guard counts one on each side, so neither saw the question turn around.
 */
export function negationMoved(a: string[], b: string[]): boolean {
  // A question that opens with its negated auxiliary ("why didn't my bread rise") puts the subject
  // between "not" and the word it negates: the word after it says nothing there.
  if (opensWithNot(a) || opensWithNot(b)) return false;
  const negA = negatedWords(a);
  const negB = negatedWords(b);
  if (negA.length === 0 || negA.length !== negB.length) return false;
  const movedTo = (neg: string[], other: string[], otherNeg: string[]) =>
    neg.some((word) => !otherNeg.includes(word) && other.includes(word));
  return movedTo(negA, b, negB) && movedTo(negB, a, negA);
}
