// Action verbs in groups that ask for the same action, and the rules that read them.
import { stemOf } from './word-stem.ts';

/**
 * Verbs that name what is done to a thing, in groups of verbs that ask for the same action
 * (set / change / configure / upgrade; check / list / find / read / show what is there; run /
 * start / trigger; save / export; disable / stop / prevent; undo / revert; create / add /
 * generate; copy / clone). Synonyms are folded before (`synonyms.ts`: delete → remove, update →
 * change, see → check). Each verb of the last line is a group of its own.
 */
const ACTION_GROUPS: string[] = [
  'set change configure enable upgrade',
  'check list find get read load print watch follow search show decode',
  'run start trigger launch schedule',
  'save export',
  'disable stop prevent block',
  'undo revert rollback',
  'create add generate',
  'copy clone',
  'install uninstall delete remove rename move restore downgrade merge rebase push pull fetch commit reset redo restart kill open close write sort filter count sum group join split convert parse format encode encrypt decrypt compress extract download upload deploy build debug send receive replace insert append edit backup increase reduce calculate share sync cancel retry skip ignore exclude include freeze squash hide unlock lock mount unmount connect disconnect import',
];
/** Action verb stem → its group; a verb alone in the last line is a group of its own. */
export const ACTION_GROUP = new Map<string, string>();
for (const [i, line] of ACTION_GROUPS.entries()) {
  const alone = i === ACTION_GROUPS.length - 1;
  for (const verb of line.split(' ')) {
    const stem = stemOf(verb);
    if (!ACTION_GROUP.has(stem)) ACTION_GROUP.set(stem, alone ? stem : String(i));
  }
}

/** The particles a verb may be written apart from: "roll back", "back up", "shut down". */
const SPLIT_PARTICLES = new Set('back up down out off over in on'.split(' '));

/**
 * Decision 233: a word and a particle that are no action alone but whose one-word form is ("roll
 * back" is "rollback", "back up" is "backup") name that action, so the rules that read actions
 * see it: "show what changed in revision 3" / "roll back to revision 3" swap one action for
 * another. The one-word form, or undefined.
 */
export function twoWordAction(word: string, next: string | undefined): string | undefined {
  if (next === undefined || !SPLIT_PARTICLES.has(next)) return undefined;
  const stem = stemOf(word);
  if (ACTION_GROUP.has(stem)) return undefined;
  const joined = stemOf(stem + next);
  return ACTION_GROUP.has(joined) ? joined : undefined;
}

/** A changed word is an action of the same group as `action` ("read" and "check"). */
export function inActionGroup(word: string, action: string): boolean {
  const group = ACTION_GROUP.get(word);
  return group !== undefined && group === ACTION_GROUP.get(stemOf(action));
}

/**
 * One side does one thing to the object and the other side another ("find" / "create a new
 * user", "update packages" / "install Homebrew"), whatever else was reworded: an action of one
 * side that no action of the other side shares a group with.
 */
export function actionsDiffer(onlyA: string[], onlyB: string[]): boolean {
  const groupsB = onlyB.map((word) => ACTION_GROUP.get(word)).filter((g) => g !== undefined);
  if (groupsB.length === 0) return false;
  return onlyA.some((word) => {
    const group = ACTION_GROUP.get(word);
    return group !== undefined && !groupsB.includes(group);
  });
}

/**
 * Decision 142: one prompt is the other with an action verb put first, before the word the other
 * prompt opens with: "list my stashed changes" / "stash my changes", "edit a scheduled message" /
 * "schedule a message". The other prompt's action has become what the new one acts on.
 */
export function addsHeadAction(
  x: string[],
  y: string[],
  onlyX: string[],
  onlyY: string[],
  headX: string | null,
): boolean {
  const added = onlyX[0];
  return (
    onlyY.length === 0 &&
    added === headX &&
    onlyX.length === 1 &&
    added !== undefined &&
    ACTION_GROUP.has(added) &&
    x[0] === added &&
    x[1] !== undefined &&
    x[1] === y[0]
  );
}
