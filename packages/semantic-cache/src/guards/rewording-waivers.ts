// What the pair verifier's second look below the threshold may waive in a rewording (decision 145).
import { ACTION_GROUP } from './action-groups.ts';
import { WHOLE } from './scope-terms.ts';
import { FIXED } from './word-terms.ts';

/**
 * Decision 145: a format, constraint or instruction word among the changed words of a rewording
 * ("show dotfiles in the mac finder" / "make hidden files visible in Finder"), which the pair
 * verifier's second look may let through. Each side must change other words as well: a loaded
 * word that is all one side changes is what a near-miss adds ("list only hidden files"). A
 * language, audience or measure, a number and a scope word still refuse.
 */
export function waivableInRewording(
  onlyA: string[],
  onlyB: string[],
  loaded: (word: string) => boolean,
): boolean {
  // Decision 172: a name with digits glued in ("2fa", "base64", "ec2") on one side only is named
  // another way on the other ("two-step verification", "decoded"); against another such name
  // ("ipv4" / "ipv6", "ec2" / "s3") or any number it still refuses.
  const glued = (word: string) => /\d/.test(word) && /[a-z]/.test(word);
  const gluedOneSide = !onlyA.some(glued) || !onlyB.some(glued);
  const fixed = (word: string) =>
    FIXED.has(word) || (/\d/.test(word) && !(gluedOneSide && glued(word))) || word === WHOLE;
  return (
    onlyA.some((word) => !loaded(word)) &&
    onlyB.some((word) => !loaded(word)) &&
    ![...onlyA, ...onlyB].some(fixed)
  );
}

/**
 * One side changes an action verb and the other changes none (decision 145): "the most recent
 * commit message" / "undo the last commit and keep the changes" do something else to the same
 * thing. At the threshold the difference check lets a lone action through (a request said with
 * and without its verb); the second look below it does not waive anything for such a pair.
 * Decision 149 reads "the changes" as a noun, so that pair is now also refused as two actions;
 * this rule stays: narrowed to a side with no action at all, it let "the most recent commit
 * message in git" / "revert the last git commit and keep my work" through (0.749, the verifier
 * accepts), since "commit" there is a noun the action list cannot tell from the verb.
 */
export function loneAction(onlyA: string[], onlyB: string[]): boolean {
  const acts = (words: string[]) => words.some((word) => ACTION_GROUP.has(word));
  return acts(onlyA) !== acts(onlyB);
}
