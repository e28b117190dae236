// Decision 219: a phrasal verb's first word after a determiner is a noun, and the particle after
// it a preposition when it opens a phrase of its own: "summarize this log in 3 bullet points" is
// a log, not "login"; "the switch on the wall" is a switch, not "enable". The synonym table folds
// "log in", "sign in", "turn on" wherever they stand, which is right for the verb ("log in to
// jira", "the sign in page").
import { replacePhrases, type SynonymTable } from '../embedding/synonyms.ts';
import { NUMBER_WORDS } from './word-terms.ts';

const OPENS_NOUN = new Set(
  'a an the my your our their his her its these those this that any some no every each'.split(' '),
);
const PARTICLES = new Set('in out on off up down'.split(' '));
/**
 * What a preposition's own phrase starts with: a determiner or a number, in digits or a word
 * ("in three bullet points", "in one sentence": "one" is no number word elsewhere, "which one").
 */
const opensPhrase = (token: string | undefined) =>
  token !== undefined &&
  (OPENS_NOUN.has(token) || /^\d/.test(token) || NUMBER_WORDS.has(token) || token === 'one');

/**
 * The tokens with the synonym table's phrases replaced, except across a noun and the preposition
 * after it: the tokens are cut there, so no phrase spans the cut.
 */
export function replacePhrasesKeepingNouns(
  tokens: readonly string[],
  table: SynonymTable,
): readonly string[] {
  let from = 0;
  let pieces: (readonly string[])[] | undefined;
  for (let i = 1; i < tokens.length - 2; i++) {
    if (
      !PARTICLES.has(tokens[i + 1] as string) ||
      !OPENS_NOUN.has(tokens[i - 1] as string) ||
      !opensPhrase(tokens[i + 2])
    )
      continue;
    pieces ??= [];
    pieces.push(replacePhrases(tokens.slice(from, i + 1), table));
    from = i + 1;
  }
  if (!pieces) return replacePhrases(tokens, table);
  pieces.push(replacePhrases(tokens.slice(from), table));
  // A loop, not a spread: a pasted text may hold more tokens than a call takes arguments.
  const out: string[] = [];
  for (const piece of pieces) for (const token of piece) out.push(token);
  return out;
}
