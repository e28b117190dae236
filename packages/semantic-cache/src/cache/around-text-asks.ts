// Decision 139: around a pasted text the instruction is the whole request, and a few words the
// tokens drop as hedges or question frames ask for another answer there: "[log] Explain simply.",
// "Suggest another title for this essay", "[report] Summarize it. What do you think?", "Fix the
// bug in this code and explain". Between short prompts they stay hedges: one tuning author's "var
// vs let explained simply" is the plain question, and "is there a better way to" asks what "how
// do I" asks.
import { differenceTerms } from '../guards/difference-reading.ts';
import { foldedDifference } from '../guards/folded-difference.ts';

/**
 * "Simply" closing the instruction or after a verb of explaining asks for simple terms; the verb
 * may sit in the shared run, which leaves "simply." alone on one side.
 */
const SIMPLY = [
  /\bsimply(?=\s*(?:[.!?,;:]|$))/i,
  /\b(?:explain|describe|summari[sz]e|put|say|word|phrase|answer|tell)(?:s|ed|ing)?(?:\s+(?:it|this|that|them|me|us))?\s+simply\b/i,
];
/**
 * Another version than the one asked for: "another title", "a better summary", "but better". The
 * word counts alone or before a thing the other side asks for too ("a new title" / "a title");
 * before a thing of its own it only describes it ("offer to send a new monitor").
 */
const ANOTHER =
  /\b(?:another|better|worse|new|different|alternative|improved|fresh|clearer|catchier|punchier|snappier|stronger|tighter|crisper|cleaner|nicer)\b(?:\s+([\p{L}-]+))?/giu;

function asksAnother(text: string, other: string): boolean {
  const otherWords = other.toLowerCase();
  for (const match of text.matchAll(ANOTHER)) {
    const next = match[1]?.toLowerCase();
    if (next === undefined || otherWords.includes(next.replace(/s$/, ''))) return true;
  }
  return false;
}
/** The asker's own view asked for beside the task. */
const OPINION =
  /\b(?:what do you think|what are your thoughts|your (?:honest )?(?:thoughts|opinion|take|view)|do you agree|be honest|honestly)\b/i;

/**
 * An explanation joined to the task ("fix the bug and explain"): the tokens read "explain" as a
 * question frame ("explain what X is" / "what is X"), so it is no term the diff can see.
 */
const EXPLAINED_TOO =
  /\b(?:and|then|also|plus)\s+(?:then\s+|also\s+|please\s+)?(?:explain|describe|justify|comment on)\b/i;

/** What each remainder is read for, beside the other; one side's reading alone refuses. */
const READINGS: ((remainder: string, other: string) => boolean)[] = [
  (text) => SIMPLY.some((pattern) => pattern.test(text)),
  asksAnother,
  (text) => OPINION.test(text),
  (text) => EXPLAINED_TOO.test(text),
];

/**
 * Whether one remainder asks for simple terms, another version, an opinion or an explanation
 * beside the task, and the other not.
 */
export function asksDifferentlyAroundText(query: string, cached: string): boolean {
  return READINGS.some((reads) => reads(query, cached) !== reads(cached, query));
}

/**
 * First words of a sentence that is no instruction of its own: it sets the scene or greets ("I
 * am new to this.", "Here is the log.", "Hi team."), or asks a question, which rewordings pose
 * in other words as often ("What does this error mean?" / "Explain what's going wrong here").
 */
const NOT_IMPERATIVE = new Set(
  (
    'i im we my our you your it its this that these those here there hi hello hey dear any ok ' +
    'okay so thanks thank the a an see please sorry what which who whom whose when where how ' +
    'is are am was were do does did can could would should will shall may might must have has had'
  ).split(' '),
);
/** A question of one wh-word asks for a reason or a way of its own: "… Why?". */
const LONE_QUESTION = /^\s*(?:why|how)\s*\?+\s*$/i;
const REQUEST = '<request>';

/**
 * A short imperative sentence one remainder adds whose content words the other never uses
 * ("Fix the bug in this code. Keep the comments.", "Summarize this report. Be specific."), or a
 * lone "Why?": an instruction of its own. Between short prompts one or two added words are as
 * often a rewording; around a text, a whole added sentence asks for more (decision 139).
 */
export function addsSentenceAroundText(query: string, cached: string): boolean {
  return addsSentence(query, cached) || addsSentence(cached, query);
}

function addsSentence(text: string, other: string): boolean {
  const sentences = completeSentences(text);
  if (sentences.length === 0) return false;
  const otherTerms = new Set(differenceTerms(other));
  return sentences.some((sentence) => {
    if (LONE_QUESTION.test(sentence)) return !/\b(?:why|how)\b/i.test(other);
    const first = sentence.match(/[\p{L}']+/u)?.[0]?.toLowerCase() ?? '';
    if (NOT_IMPERATIVE.has(first) || sentence.trim().endsWith('?')) return false;
    const terms = differenceTerms(sentence).filter((term) => term !== REQUEST);
    return terms.length > 0 && terms.every((term) => !otherTerms.has(term));
  });
}

/**
 * The sentences of a remainder that end in sentence punctuation and begin it or follow one: a
 * shared run may cut a sentence, and such a fragment ("Propose" / "Suggest") is no sentence.
 */
function completeSentences(text: string): string[] {
  const parts = text.split(/(?<=[.!?])\s+|\n+/);
  return parts.filter((part, i) => {
    if (!/[.!?]\s*$/.test(part) || !/\p{L}/u.test(part)) return false;
    return i > 0 || /^\s*\p{Lu}/u.test(part);
  });
}

/**
 * "the marketing part of this report", "the good news in the following log": the words between
 * "the" and the preposition name a part of the text. The shared run may take "this report" too,
 * which leaves the remainder ending in "of".
 */
const PART_OF_TEXT =
  /\bthe\s+((?:[\p{L}\d'-]+\s+){0,3}?[\p{L}\d'-]+)\s+(?:of|in|from|within|inside)(?:\s+(?:this|these|the following|the above|the attached|the below)\b|\s*[:.]?\s*$)/iu;

/**
 * What sums up the whole text, not a part of it: "the main points of this report", "the key
 * findings in", "the contents of" ask what "summarize this report" asks.
 */
const WHOLE_SUBSTANCE = new Set(
  differenceTerms(
    'points takeaways findings ideas contents gist essence message summary overview key text document substance highlights',
  ),
);

/**
 * One remainder asks about a part of the text ("summarize the marketing part of this report",
 * "the good news in this report") and the other about all of it: the part's words are on that
 * side alone (decision 139). "A board-level summary of the following report" names no part.
 */
export function narrowsToPartOfText(
  query: string,
  queryTerms: string[],
  cached: string,
  cachedTerms: string[],
): boolean {
  const partInQuery = PART_OF_TEXT.exec(query)?.[1];
  const partInCached = PART_OF_TEXT.exec(cached)?.[1];
  if ((partInQuery === undefined) === (partInCached === undefined)) return false;
  const { onlyA, onlyB } = foldedDifference(queryTerms, cachedTerms);
  const [narrowed, whole, part] =
    partInQuery !== undefined ? [onlyA, onlyB, partInQuery] : [onlyB, onlyA, partInCached ?? ''];
  if (narrowed.length === 0 || whole.length > 0) return false;
  return differenceTerms(part).some(
    (term) => narrowed.includes(term) && !WHOLE_SUBSTANCE.has(term),
  );
}
