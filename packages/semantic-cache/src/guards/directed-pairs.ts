// Words joined by a directing word ("to", "from", "than"), to catch the same words reversed.
import { STOPWORDS } from '../embedding/question-tokens.ts';
import { NEGATIONS } from './negation-words.ts';

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
 * "where to put it"): it joins no two things, so the words around it are no direction to reverse.
 */
const ASKS_A_WAY = new Set(['how', 'what', 'where', 'when', 'whether']);
/** Content words read on each side of a directing word, and how far away they may be. */
export const DIRECTED_WORDS = 4;
const DIRECTED_REACH = 8;

export function directedPairs(words: readonly string[], reach: number): Set<string> {
  const pairs = new Set<string>();
  // Numbers are skipped: a pasted value ("2024-03-15 14:30") would fill the window and push the
  // words that say what is converted out of it.
  const content = (w: string) => !STOPWORDS.has(w) && !NEGATIONS.has(w) && !/^[\d.:]+$/.test(w);
  const near = (from: number, step: number) => {
    const found: string[] = [];
    for (let j = from; found.length < reach && Math.abs(j - from) < DIRECTED_REACH; j += step) {
      const w = words[j];
      if (w === undefined) break;
      if (content(w)) found.push(w);
    }
    return found;
  };
  words.forEach((word, i) => {
    const back = word === DIRECTING_BACK;
    if (!back && !DIRECTING.has(word)) return;
    if (word === 'to' && ASKS_A_WAY.has(words[i - 1] ?? '')) return;
    const before = near(i - 1, -1);
    const after = near(i + 1, 1);
    for (const b of before)
      for (const a of after) if (b !== a) pairs.add(back ? `${a}>${b}` : `${b}>${a}`);
  });
  return pairs;
}
