// Decision 194: "rename" is "change the name", "give it a new name": a "re-" word said as its base
// word with a word of change beside it.
import { stemOf } from './word-stem.ts';

/** Words that say the base word is done over: "change the name", "a new name". */
const CHANGE_WORDS = new Set(['change', 'new'].map(stemOf));
const RE = 're';

/**
 * Drops a "re-" word of one side whose base word the other side has together with a word of
 * change, and those two words. Read before the prefix-opposite rule, which would refuse "rename"
 * against "name": without "change" or "new" beside it ("name a branch"), it still does.
 */
export function cancelRedone(
  redone: string[],
  said: string[],
): { redone: string[]; said: string[] } {
  if (!redone.some((word) => word.startsWith(RE))) return { redone, said };
  const restRedone: string[] = [];
  const restSaid = [...said];
  for (const word of redone) {
    const base = word.startsWith(RE) ? restSaid.indexOf(word.slice(RE.length)) : -1;
    const change = base >= 0 ? restSaid.findIndex((w) => CHANGE_WORDS.has(w)) : -1;
    if (change < 0) {
      restRedone.push(word);
      continue;
    }
    for (const at of [base, change].sort((x, y) => y - x)) restSaid.splice(at, 1);
  }
  return { redone: restRedone, said: restSaid };
}
