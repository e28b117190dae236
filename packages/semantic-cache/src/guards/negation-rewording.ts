// A negation said another way inside a rewording (decision 149).
import { STOPWORDS } from '../embedding/question-tokens.ts';
import type { Polarity } from './negation.ts';
import { NEGATIONS } from './negation-words.ts';

/**
 * The content words each English negation word bears on: those of the few words after it
 * ("without losing the **modified** files", "doesn't **get enough sleep**"); empty when none.
 */
export function negatedWords(words: readonly string[]): string[][] {
  const negated: string[][] = [];
  words.forEach((word, i) => {
    if (!NEGATIONS.has(word)) return;
    const borne: string[] = [];
    for (let j = i + 1; j < words.length && j <= i + NEGATED_REACH; j++) {
      const next = words[j] as string;
      if (NEGATIONS.has(next)) break;
      if (!STOPWORDS.has(next) && !NOT_BORNE.has(next)) borne.push(next);
    }
    negated.push(borne);
  });
  return negated;
}

/** How many words after a negation it is read to bear on. */
const NEGATED_REACH = 3;
/** Words a negation passes over to reach what it bears on. */
const NOT_BORNE = new Set('just only even yet really always any ever'.split(' '));

/** "losing" / "lose", "crashing" / "crash": the word without its common endings. */
function baseOf(word: string): string {
  const base = word.replace(/(?:ing|ed|es|s)$/, '');
  return base.length >= 3 ? base : word;
}

/**
 * The bases of a prompt's words, once per comparison: asked word by word against the whole list,
 * two long prompts that share their text cost words × words (8,000 words: 1.6 s on the event loop).
 */
function basesOf(words: readonly string[]): Set<string> {
  return new Set(words.map(baseOf));
}

/**
 * Decision 149: a negation count that differs inside a rewording. Each negation (on either side)
 * bears on words the other prompt does not have, unless that prompt negates them too ("without
 * **losing** my changes" / "but keep my changes", "no **password** prompt" / "passwordless"; not
 * "doesn't get enough **sleep**" / "how much sleep does an adult need"), and
 * each side has a content word the other lacks: the other side said it its own way. A negation
 * one side adds to the same words ("install it without sudo" / "install it") still refuses, as does
 * one on a word both prompts have ("print it with notes" / "without notes", "should I commit" /
 * "should I not commit"). Only negations written as words are read (not the script negations of
 * Chinese, Japanese or Hindi, nor Korean's verb).
 */
export function negationReworded(a: Polarity, b: Polarity): boolean {
  if (a.negated.length + b.negated.length !== a.negations + b.negations) return false;
  const bases = new Map([
    [a, basesOf(a.words)],
    [b, basesOf(b.words)],
  ]);
  const hasWord = (y: Polarity, word: string) => bases.get(y)?.has(baseOf(word)) === true;
  const negatedIn = (y: Polarity, word: string) =>
    y.negated.some((borne) => borne.some((w) => baseOf(w) === baseOf(word)));
  const bears = (x: Polarity, y: Polarity) =>
    x.negated.every(
      (borne) => borne.length > 0 && borne.every((word) => !hasWord(y, word) || negatedIn(y, word)),
    );
  if (!bears(a, b) || !bears(b, a)) return false;
  const content = (w: string) => !STOPWORDS.has(w) && !NEGATIONS.has(w);
  const lacks = (x: Polarity, y: Polarity) => x.words.some((w) => content(w) && !hasWord(y, w));
  return lacks(a, b) && lacks(b, a);
}
