// A message that says who wrote it ("There are 4 of us: me (Jess), …", "me (Nadia Reyes, sec)")
// and then signs with the same name says it twice; the sign-off line goes (decision 231). A name
// the message does not give as the writer's stays ("Maggie" under a note to a neighbour: the note
// may have to be signed, and the name is said nowhere else), and so does a name said only as
// someone else's ("Ask Jess about it.").
import { closeGaps } from '../text/close-gaps.ts';

/** The last line: one or two capitalised words (the name), with a kiss or a dash at most. */
const SIGN_OFF =
  /\n[ \t]*(?:[-–—][ \t]*)?(\p{Lu}[\p{Ll}'’-]+(?: \p{Lu}[\p{Ll}'’-]+)?)(?: x{1,3})?[ \t]*$/u;

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether the text gives `name` as the writer's: "me (Jess)", "Nadia (me!)", "I'm Jess". */
function namesWriter(text: string, name: string): boolean {
  const n = escapeRegex(name);
  return new RegExp(
    `\\bme \\(${n}\\b|\\b${n} \\(me\\b|\\b(?:i['’]m|i am|my name is|this is) ${n}\\b`,
    'iu',
  ).test(text);
}

/**
 * What the line before a sign-off ends with: a sentence, or a closing word without a comma
 * ("Thanks", "Cheers"). Not "is called" or "my name:", which the name completes, nor "Regards,",
 * which would close on nothing without it (review).
 */
const ENDS_BEFORE_SIGN_OFF =
  /(?:[.!?)\]]|\b(?:thanks|thank you|cheers|love|best|bye|ta)!?)[ \t]*$|(?:^|\n)[ \t]*$/i;

export function dropRestatedSignature(text: string): string {
  const sign = SIGN_OFF.exec(text);
  if (!sign) return text;
  const rest = text.slice(0, sign.index);
  if (!ENDS_BEFORE_SIGN_OFF.test(rest)) return text;
  // The whole name: "Jess Jones" under "My name is Jess" gives a surname said nowhere else (review).
  if (!namesWriter(rest, sign[1] as string)) return text;
  return closeGaps(rest.trimEnd());
}
