// What a message's role makes untouchable, sentence by sentence. Protected sentences keep every
// content word; only a closed class of words may still go from them.
//
// System prompt: rules (sentences with "do not", "must", "never", "always", "only"... or opening
// with an imperative verb) may lose only `prunableInRules`; the sentence defining the assistant
// ("You are...") may lose function words; background sentences are left to the level's stages.
//
// Last user message (the instruction): its questions and imperative sentences may lose only
// articles and forms of "be"; the other sentences of its first and last paragraph (where the
// instruction sits, before or after pasted material) may lose function words; everywhere in it,
// operative words (question words, negations, constraint words, the verb after "can you") stay.
// Earlier user messages keep their questions the same way; the rest of them is context.
import { SENTENCE } from '../text/sentences.ts';
import {
  CONSTRAINT_WORDS,
  FUNCTION_WORDS,
  HURRIED_NEGATION,
  IMPERATIVE_LEAD_INS,
  IMPERATIVE_VERBS,
  NEGATIONS,
  QUESTION_WORDS,
  RECOVERABLE_WORDS,
} from '../text/word-lists.ts';
import { findClassWord } from './class-words.ts';
import type { SpanTable } from './span-table.ts';

export type MessageRole = 'system' | 'user' | 'assistant';

const CONSTRAINT =
  /\b(must|mustn['’]t|never|always|do not|don['’]t|does not|doesn['’]t|should|shouldn['’]t|shall|only|cannot|can['’]t|may not|required|mandatory|prohibited|forbidden|not allowed|avoid|ensure|make sure|at least|at most|no more than|exactly|strictly|under no circumstances)\b/i;
const PERSONA = /^\W*(you are|you're|your (role|job|task|goal|purpose))\b/i;
const LETTER = /[A-Za-z]/;
const OPENS_WITH_WORD = /^[\s"'(*_#>-]*[A-Za-z]/;
const QUESTION_END = /\?["'”’)\]]?$/;
/**
 * A request worded around its verb ("please critique the plan", "could you proofread it", "my
 * manager asked me to paraphrase it"): the sentence says what to do, whatever the verb is. So is
 * a wish for how the answer should be ("I want it to be warm, genuinely apologetic", "I'd like it
 * explained simply") and a wish named after "what" ("What I'd like is a polite, warm reply
 * email").
 */
const REQUEST_FRAME =
  /\b(?:please|(?:can|could|would|will) you|(?:want|need|like|asks?|asked) (?:you|me) to|(?:task|job|goal) is to|(?:i|we)(?:['’]d| would)? (?:like|want|need) it (?:to|[a-z]+ed)|what (?:i|we)(?:['’]d| would)? (?:like|want|need) (?:is|are))\b/i;
/**
 * A sentence of the user's own words opening with a need ("Need likely root cause and a fix", "We
 * need: 1) ..."): in pasted material it is a fact ("We need a decision from security").
 */
const NEED_FRAME = /^\W*(?:(?:i|we) )?need\b/i;
/** An imperative opening a sentence's later clause: "I was an assistant for two years, so change that." */
const CLAUSE_IMPERATIVE = new RegExp(
  `[,;]\\s+(?:so|and|then|but)\\s+(?:please\\s+)?(?:${[...IMPERATIVE_VERBS].join('|')})\\b(?!['’])`,
  'i',
);
const REQUEST_VERB = /\b((?:can|could|would|will) you (?:please |kindly )?)([a-z]+)/gi;
/** A paragraph longer than this is pasted material, not the instruction. */
const MAX_INSTRUCTION_WORDS = 80;

/** Words that open a new clause after a negated one: the negation's reach ends before them. */
const NEW_CLAUSE = '(?:because|but|so|since|as|when|while|if|although|though|which|who|that)';
/** A protected span inside a negated stretch: "No Helm chart suggestions". */
const PLACEHOLDER = '\uE000[\uE010-\uE04F]+\uE001';
/** The most words a negation takes with it. */
const NEGATED_REACH = 8;

const OPERATIVE_WORDS: ReadonlySet<string> = new Set([
  ...QUESTION_WORDS,
  ...NEGATIONS,
  ...CONSTRAINT_WORDS,
]);

/**
 * The operative words as one regex, for sentences where nothing else is kept. A negation takes
 * what it negates with it, up to the clause's end: what is forbidden is the verb and its object
 * ("never share internal ticket numbers", "don't advise on whether to have the scan"), and the
 * object alone went ("Never share numbers", "Don't promise dates"). A conjunction opening a new
 * clause ends it ("I don't want to burn the bridge because ...").
 */
function operativePattern(reach: number): RegExp {
  return new RegExp(
    `\\b(?:(?:${[...NEGATIONS].join('|')}|[A-Za-z]+n['’]t|${HURRIED_NEGATION})(?: +(?:(?!${NEW_CLAUSE}\\b)[A-Za-z][A-Za-z'’-]*|${PLACEHOLDER})){0,${reach}}|${[...OPERATIVE_WORDS].join('|')})(?:\\b|(?<=\uE001))`,
    'gi',
  );
}
const OPERATIVE = operativePattern(NEGATED_REACH);
/**
 * In pasted material (a paragraph between the user's first and last), a negation keeps the verb
 * it negates ("aren't permitted"), as before: what the user forbids is said in their own words.
 */
const OPERATIVE_IN_MATERIAL = operativePattern(1);

interface Opening {
  /** Where the sentence's first word ends (a question keeps it: "Is it safe...?"). */
  firstEnd?: number;
  /** Whether the sentence opens with an imperative verb (after "please", "now"...). */
  imperative: boolean;
}

function isAsciiLetter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

function opening(sentence: string): Opening {
  if (!OPENS_WITH_WORD.test(sentence)) return { imperative: false };
  let firstEnd: number | undefined;
  // The sentence's first four runs of ASCII letters (what `/[A-Za-z]+/g` finds), read by
  // character code (decision 174).
  let at = 0;
  for (let n = 0; n < 4; n += 1) {
    while (at < sentence.length && !isAsciiLetter(sentence.charCodeAt(at))) at += 1;
    if (at === sentence.length) break;
    const start = at;
    while (at < sentence.length && isAsciiLetter(sentence.charCodeAt(at))) at += 1;
    const word = sentence.slice(start, at).toLowerCase();
    firstEnd ??= at;
    if (IMPERATIVE_VERBS.has(word)) return { firstEnd, imperative: true };
    if (!IMPERATIVE_LEAD_INS.has(word)) break;
  }
  return { firstEnd, imperative: false };
}

const HASH = 35;

function isSpaceOrTab(c: number): boolean {
  return c === 32 || c === 9;
}

/**
 * The length of the marker opening `text` at `at`: a heading's `#{1,6}[ \t]+`, or a bullet's
 * `[-*+•][ \t]+` within four characters; 0 if none. Read by character code, where a regex
 * needed a slice of the stretch to anchor on (decision 205).
 */
function markerLength(text: string, at: number): number {
  const c = text.charCodeAt(at);
  let k = at + 1;
  let stop = text.length;
  if (c === HASH) {
    while (k < stop && text.charCodeAt(k) === HASH) k += 1;
    if (k - at > 6) return 0;
  } else if (c === 45 || c === 42 || c === 43 || c === 0x2022) {
    stop = Math.min(stop, at + 4);
  } else return 0;
  const spaces = k;
  while (k < stop && isSpaceOrTab(text.charCodeAt(k))) k += 1;
  return k === spaces ? 0 : k - at;
}

/** Whether the character is one of `.,;:!?`. */
function isClosing(c: number): boolean {
  return c === 46 || c === 44 || c === 59 || c === 58 || c === 33 || c === 63;
}

/** Whether text[from, to) holds an ASCII letter or digit, or any character from U+00C0 up. */
function hasWordCharacter(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i += 1) {
    const c = text.charCodeAt(i);
    if ((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c >= 0xc0)
      return true;
  }
  return false;
}

/**
 * Protects a stretch of kept text. Its surrounding spaces and the punctuation that ends it stay
 * outside the placeholder: the pruner reads where a sentence or clause ends from them ("...
 * boutique agency. You help customers" opens a sentence at "You"). So does a heading's "#"
 * marker, which says the line is a heading and nothing a rule says ("## Output format"): the
 * level that drops markers drops it as from any other heading (decision 067).
 */
function protectStretch(stretch: string, table: SpanTable): string {
  let start = 0;
  while (start < stretch.length && stretch.charCodeAt(start) <= 32) start += 1;
  // So does the comma after a prunable word: "Also, don't ..." loses "Also" with its comma, not
  // down to ", don't" glued onto the sentence before (decision 127).
  if (stretch[start] === ',' || stretch[start] === ';') {
    start += 1;
    while (start < stretch.length && stretch.charCodeAt(start) <= 32) start += 1;
  }
  // So does a bulleted item's marker ("- Always greet the customer"), which aggressive drops
  // (decision 163).
  start += markerLength(stretch, start);
  let end = stretch.length;
  while (end > start && stretch.charCodeAt(end - 1) <= 32) end -= 1;
  while (end > start && isClosing(stretch.charCodeAt(end - 1))) end -= 1;
  // Punctuation alone between two prunable words ("the, a") has nothing to protect.
  if (!hasWordCharacter(stretch, start, end)) return stretch;
  return stretch.slice(0, start) + table.protect(stretch.slice(start, end)) + stretch.slice(end);
}

/**
 * Protects a whole sentence except the words of `prunable` found after position `from`: each kept
 * stretch between them becomes one placeholder. (No prunable class holds an operative word.)
 */
function maskAllBut(
  sentence: string,
  table: SpanTable,
  prunable: ReadonlySet<string>,
  from = 0,
): string {
  let out = '';
  let stretch = 0;
  for (
    let m = findClassWord(prunable, sentence, from);
    m;
    m = findClassWord(prunable, sentence, stretch)
  ) {
    out += protectStretch(sentence.slice(stretch, m.index), table) + m.text;
    stretch = m.index + m.text.length;
  }
  return out + protectStretch(sentence.slice(stretch), table);
}

/** Whether a user's sentence, as written (`written`, restored), asks for something. */
function isWrittenRequest(sentence: string, written: string, inOwnWords: boolean): boolean {
  return (
    (written !== sentence && opening(written).imperative) ||
    REQUEST_FRAME.test(written) ||
    // Pasted instructions ("..., then open Settings") are material, not the user's request.
    (inOwnWords && (NEED_FRAME.test(written) || CLAUSE_IMPERATIVE.test(written)))
  );
}

function maskUserSentence(
  sentence: string,
  table: SpanTable,
  inInstruction: boolean,
  prunableInRequests: ReadonlySet<string>,
  inOwnWords: boolean,
  prunableInContext: ReadonlySet<string>,
): string {
  const question = QUESTION_END.test(sentence);
  const { firstEnd, imperative } = opening(sentence);
  // A word already protected as a span ("Please" read as a name) hides the request from the
  // tests on the masked text; they read the sentence as written too (restored only when they run).
  let masked: string;
  if (question || imperative || isWrittenRequest(sentence, table.restore(sentence), inOwnWords)) {
    masked = maskAllBut(sentence, table, prunableInRequests, question ? (firstEnd ?? 0) : 0);
  } else if (inInstruction) {
    masked = maskAllBut(sentence, table, prunableInContext);
  } else {
    // A negated stretch may still lose what a request may ("not promise the delivery dates").
    masked = sentence.replace(inOwnWords ? OPERATIVE : OPERATIVE_IN_MATERIAL, (words) =>
      words.includes(' ') ? maskAllBut(words, table, prunableInRequests) : table.protect(words),
    );
  }
  // "Can you explain ...", "could you please list ...": the verb after the request form.
  if (masked.includes('you')) {
    masked = masked.replace(REQUEST_VERB, (_m, lead: string, v: string) => lead + table.protect(v));
  }
  return masked;
}

function maskEarlierQuestion(sentence: string, table: SpanTable): string {
  if (!QUESTION_END.test(sentence)) return sentence;
  return maskAllBut(sentence, table, RECOVERABLE_WORDS, opening(sentence).firstEnd ?? 0);
}

/**
 * What the sentence defining the assistant may lose: function words, and "You're" (contracted from
 * "You are" before masking), whose subject is always the model (decision 057).
 */
const PERSONA_PRUNABLE: ReadonlySet<string> = new Set([...FUNCTION_WORDS, "you're", 'you’re']);

/** A condition opening a sentence: "If a user mentions self-harm, ...". */
const CONDITION = /^\W*(?:if|when|whenever|once|unless|before|after)\b/i;
const AFTER_COMMA = /,\s+(?:then\s+)?([a-z]+)/g;

/**
 * "If a user mentions self-harm, threats of violence or an emergency, stop the conversation and
 * respond with empathy": a rule whose imperative follows its condition.
 */
function isConditionalRule(sentence: string): boolean {
  if (!CONDITION.test(sentence)) return false;
  AFTER_COMMA.lastIndex = 0;
  for (let m = AFTER_COMMA.exec(sentence); m; m = AFTER_COMMA.exec(sentence))
    if (IMPERATIVE_VERBS.has((m[1] as string).toLowerCase())) return true;
  return false;
}

function maskSystemSentence(
  sentence: string,
  table: SpanTable,
  prunableInRules: ReadonlySet<string>,
): string {
  if (PERSONA.test(sentence)) return maskAllBut(sentence, table, PERSONA_PRUNABLE);
  if (!opening(sentence).imperative && !CONSTRAINT.test(sentence) && !isConditionalRule(sentence))
    return sentence;
  return maskAllBut(sentence, table, prunableInRules);
}

/** Replaces every sentence of `text` with `mask(sentence)`. */
function eachSentence(text: string, mask: (sentence: string) => string): string {
  let out = '';
  let from = 0;
  SENTENCE.lastIndex = 0;
  for (let m = SENTENCE.exec(text); m; m = SENTENCE.exec(text)) {
    out += text.slice(from, m.index) + mask(m[0]);
    from = m.index + m[0].length;
  }
  return out + text.slice(from);
}

function countWords(text: string): number {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i += 1) {
    const space = text.charCodeAt(i) <= 32;
    if (!space && !inWord) words += 1;
    inWord = !space;
  }
  return words;
}

function maskLastUserMessage(
  text: string,
  table: SpanTable,
  prunableInRequests: ReadonlySet<string>,
  prunableInContext: ReadonlySet<string>,
): string {
  const parts = text.split(/(\n{2,})/);
  let first = -1;
  let last = -1;
  for (let i = 0; i < parts.length; i += 2) {
    if (!LETTER.test(parts[i] ?? '')) continue;
    if (first === -1) first = i;
    last = i;
  }
  for (let i = 0; i < parts.length; i += 2) {
    const part = parts[i] ?? '';
    const inOwnWords = i === first || i === last;
    const inInstruction = inOwnWords && countWords(part) <= MAX_INSTRUCTION_WORDS;
    let out = '';
    let from = 0;
    SENTENCE.lastIndex = 0;
    for (let m = SENTENCE.exec(part); m; m = SENTENCE.exec(part)) {
      out +=
        part.slice(from, m.index) +
        maskUserSentence(
          m[0],
          table,
          inInstruction,
          prunableInRequests,
          inOwnWords,
          prunableInContext,
        );
      from = m.index + m[0].length;
    }
    parts[i] = out + part.slice(from);
  }
  return parts.join('');
}

export function maskRoleSpans(
  text: string,
  table: SpanTable,
  role: MessageRole,
  isLastUserMessage: boolean,
  prunableInRules: ReadonlySet<string>,
  prunableInRequests: ReadonlySet<string>,
  prunableInContext: ReadonlySet<string>,
): string {
  if (role === 'system')
    return eachSentence(text, (s) => maskSystemSentence(s, table, prunableInRules));
  if (role === 'user' && isLastUserMessage)
    return maskLastUserMessage(text, table, prunableInRequests, prunableInContext);
  // Earlier user turns are context, but their questions are what the answers that follow answer.
  if (role === 'user') return eachSentence(text, (s) => maskEarlierQuestion(s, table));
  return text;
}
