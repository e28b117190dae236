// Decision 194: "rename" is "change the name", "give it a new name": a "re-" word said as its base
// word with a word of change beside it.
import { stemOf } from './word-stem.ts';

/** Words that say the base word is done over: "change the name", "a new name". */
const CHANGE_WORDS = new Set(['change', 'new'].map(stemOf));
const RE = 're';

/**
 * Drops a "re-" word of one side whose base word the other side has shortly after a word of
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
    // The word of change must come shortly before the base word ("change the name", "a new header
    // name"): after it, it is about something else ("start a new server" is no "restart", nor "move
    // a file to a new folder" a "remove", whose "re" is no prefix at all).
    const change = base > 0 ? changeWordBefore(restSaid, base) : -1;
    if (change < 0) {
      restRedone.push(word);
      continue;
    }
    for (const at of [base, change].sort((x, y) => y - x)) restSaid.splice(at, 1);
  }
  return { redone: restRedone, said: restSaid };
}

/** Where a word of change stands in the two places before `base`, or -1. */
function changeWordBefore(said: readonly string[], base: number): number {
  for (let at = base - 1; at >= Math.max(0, base - 2); at -= 1)
    if (CHANGE_WORDS.has(said[at] ?? '')) return at;
  return -1;
}
