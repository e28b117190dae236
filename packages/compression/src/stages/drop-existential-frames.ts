// Aggressive level: "There is/are/was/were" opening a sentence only announces that a thing
// exists, and the thing follows: "There are three reasons the report is late" → "Three reasons
// the report is late" (decision 070). Inside a sentence ("is there a way", "and there are") the
// words stay. Runs on masked text, so a name or number is a placeholder and never matched.
import { isSentenceStart } from '../text/sentence-start.ts';

const EXISTENTIAL = /\bThere(?: is| are| was| were|['’]s) ([\p{L}\p{N}\uE000])/gu;

export function dropExistentialFrames(text: string): string {
  return text.replace(EXISTENTIAL, (frame: string, next: string, offset: number) =>
    isSentenceStart(text, offset) ? next.toUpperCase() : frame,
  );
}
