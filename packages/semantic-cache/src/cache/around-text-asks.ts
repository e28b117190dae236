// Decision 139: around a pasted text the instruction is the whole request, and a few words the
// tokens drop as hedges or question frames ask for another answer there: "[log] Explain simply.",
// "Suggest another title for this essay", "[report] Summarize it. What do you think?", "Fix the
// bug in this code and explain". Between short prompts they stay hedges: one tuning author's "var
// vs let explained simply" is the plain question, and "is there a better way to" asks what "how
// do I" asks.

/**
 * "Simply" closing the instruction or after a verb of explaining asks for simple terms; the verb
 * may sit in the shared run, which leaves "simply." alone on one side.
 */
const SIMPLY = [
  /\bsimply(?=\s*(?:[.!?,;:]|$))/i,
  /\b(?:explain|describe|summari[sz]e|put|say|word|phrase|answer|tell)(?:s|ed|ing)?(?:\s+(?:it|this|that|them|me|us))?\s+simply\b/i,
];
/** Another version than the one asked for: "another title", "a better summary", "but better". */
const ANOTHER =
  /\b(?:another|better|worse|new|different|alternative|improved|fresh|clearer|catchier|punchier|snappier|stronger|tighter|crisper|cleaner|nicer)\b/i;
/** The asker's own view asked for beside the task. */
const OPINION =
  /\b(?:what do you think|what are your thoughts|your (?:honest )?(?:thoughts|opinion|take|view)|do you agree|be honest|honestly)\b/i;

/**
 * An explanation joined to the task ("fix the bug and explain"): the tokens read "explain" as a
 * question frame ("explain what X is" / "what is X"), so it is no term the diff can see.
 */
const EXPLAINED_TOO =
  /\b(?:and|then|also|plus)\s+(?:then\s+|also\s+|please\s+)?(?:explain|describe|justify|comment on)\b/i;

/** What each remainder is read for; a reading one side has and the other lacks refuses. */
const READINGS: ((remainder: string) => boolean)[] = [
  (text) => SIMPLY.some((pattern) => pattern.test(text)),
  (text) => ANOTHER.test(text),
  (text) => OPINION.test(text),
  (text) => EXPLAINED_TOO.test(text),
];

/**
 * Whether one remainder asks for simple terms, another version, an opinion or an explanation
 * beside the task, and the other not.
 */
export function asksDifferentlyAroundText(query: string, cached: string): boolean {
  return READINGS.some((reads) => reads(query) !== reads(cached));
}
