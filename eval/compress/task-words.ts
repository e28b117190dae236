// The task check (issue 17: "never drop the content words that say what is asked"), written from
// the source and compressed text only, not from the compressor's rules. In each instruction
// sentence of the source, the head noun of the main verb's object is found by position, and the
// task survives when that word still has a counterpart in the compressed text (aligned as the
// readability check aligns words). "You summarise support tickets for the billing team" has the
// task head "tickets"; "Summarise team." lost it.
//
// An instruction sentence opens with a capital (a line opening in lower case continues a wrapped
// sentence) and is, after "please", "also", "now" or "then":
// - "You <verb>" with modals and "always/also/only/never/not" between ("You should keep ...");
//   "You are/were ..." is a persona, not a task;
// - "Can/Could/Would/Will you <verb>";
// - a question "How/What/Where/When/Why/Which do/does/can/should/could I/we <verb>";
// - an imperative: a first word that is not a grammar word, followed by an article, determiner
//   or possessive ("Keep the ticket number", "List your sources"); or one of the common
//   imperative verbs below, whatever follows ("Put code in backticks", "Keep answers short").
//   Another word with a bare noun after it is not recognised: nothing tells it from a subject.
// The object is the run of one to four words after the verb and its determiners, up to a
// preposition, conjunction, pronoun, auxiliary, "that/which/who" or the sentence's end; its
// last word is the head.
import { SHARE_LINE } from './fidelity.ts';
import { keptWords, wordsBySentence } from './readability.ts';

const set = (list: string) => new Set(list.split(' '));

const LEAD_INS = set('please also now then kindly');
const MODALS_AND_ADVERBS = set(
  'can could would will should must may might shall always also only never not just then now',
);
const BE = set('are is were was am be');
const REQUEST_MODALS = set('can could would will');
const QUESTION_WORDS = set('how what where when why which');
const QUESTION_AUXILIARIES = set('do does can should could would will');
const ASKERS = set('i we');
const DETERMINERS = set(
  'the a an this these those that my our your his her its their each every all any some',
);
/** What ends an object's noun phrase. */
const PHRASE_ENDS = new Set([
  ...set(
    'of in on for about as with at to by from into onto upon over under between within around ' +
      'per below above after before until through during without across against via than',
  ),
  ...set(
    'and or but so if when while because unless whether that which who whom whose where once ' +
      'since although though',
  ),
  ...set('i me we us you he him she her they them it there not'),
  ...set('is are was were am be been being has have had do does did'),
  ...MODALS_AND_ADVERBS,
  ...DETERMINERS,
]);
const GRAMMAR = new Set([...PHRASE_ENDS, ...LEAD_INS, ...QUESTION_WORDS]);
/**
 * Verbs that open instructions in prompts and guides and are seldom a noun opening a sentence:
 * a general list, not the compressor's. Words as often nouns ("list", "answer", "order", "start",
 * "update", "test") are left out: "Update notes are published monthly" is no instruction.
 */
const IMPERATIVES = set(
  'add analyse analyze apply ask avoid build calculate check choose cite clarify classify ' +
    'compare compile confirm convert copy create debug define delete deploy describe draft edit ' +
    'enable disable enclose ensure estimate evaluate explain extract fill find fix follow format ' +
    'generate give highlight identify ignore include insert install keep leave let make mention ' +
    'merge move open organise organize outline paste pick place prepare provide put recommend ' +
    'refactor remove rename replace reply respond restart rewrite run save select send share ' +
    'show simplify sort specify suggest summarise summarize take tell translate try use verify ' +
    'wrap write',
);
const MAX_OBJECT_WORDS = 4;
const LETTERS = /^[a-z][a-z'-]+$/;
/** "Adding a battery lets you...": a gerund opening a sentence is its subject, not a command. */
const GERUND = /^[a-z]{3,}ing$/;

export interface TaskHead {
  /** Index of the head noun among the source's words (`wordsBySentence`). */
  index: number;
  /** The verb and its object, for a reader: "summarise support tickets". */
  task: string;
}

/** The head noun of the main verb's object in each instruction sentence of the text. */
export function taskHeads(text: string): TaskHead[] {
  const words = wordsBySentence(text);
  const heads: TaskHead[] = [];
  let from = 0;
  while (from < words.length) {
    let to = from;
    while (to < words.length && words[to]?.sentence === words[from]?.sentence) to += 1;
    // A line that opens in lower case continues a sentence wrapped at the line before.
    const head = words[from]?.capitalised
      ? headOf(
          words.slice(from, to).map((w) => w.text),
          from,
        )
      : undefined;
    if (head) heads.push(head);
    from = to;
  }
  return heads;
}

function headOf(sentence: string[], offset: number): TaskHead | undefined {
  const verb = verbOf(sentence);
  if (verb === undefined || !LETTERS.test(sentence[verb] ?? '')) return undefined;
  let i = verb + 1;
  // "Understand that some questions...": a clause follows, not an object.
  if (sentence[i] === 'that') return undefined;
  while (DETERMINERS.has(sentence[i] ?? '')) i += 1;
  const start = i;
  while (i < sentence.length && !PHRASE_ENDS.has(sentence[i] as string)) i += 1;
  const length = i - start;
  if (length < 1 || length > MAX_OBJECT_WORDS || !LETTERS.test(sentence[i - 1] as string))
    return undefined;
  return { index: offset + i - 1, task: sentence.slice(verb, i).join(' ') };
}

/** Index of the sentence's main verb when the sentence is an instruction. */
function verbOf(s: string[]): number | undefined {
  let i = 0;
  while (LEAD_INS.has(s[i] ?? '')) i += 1;
  const first = s[i];
  if (first === undefined) return undefined;
  if (first === 'you') {
    i += 1;
    while (MODALS_AND_ADVERBS.has(s[i] ?? '')) i += 1;
    return BE.has(s[i] ?? '') || GRAMMAR.has(s[i] ?? '') ? undefined : i;
  }
  if (REQUEST_MODALS.has(first) && s[i + 1] === 'you') {
    i += 2;
    while (LEAD_INS.has(s[i] ?? '')) i += 1;
    return GRAMMAR.has(s[i] ?? '') || BE.has(s[i] ?? '') ? undefined : i;
  }
  if (QUESTION_WORDS.has(first)) {
    if (!QUESTION_AUXILIARIES.has(s[i + 1] ?? '') || !ASKERS.has(s[i + 2] ?? '')) return undefined;
    return GRAMMAR.has(s[i + 3] ?? '') ? undefined : i + 3;
  }
  if (GRAMMAR.has(first) || GERUND.test(first)) return undefined;
  if (IMPERATIVES.has(first) && !DETERMINERS.has(s[i + 1] ?? '')) return i;
  if (!DETERMINERS.has(s[i + 1] ?? '')) return undefined;
  // "That", "this" or "all" after a verb is as often a subject's determiner: "Everything that".
  return s[i + 1] === 'that' ? undefined : i;
}

export interface TaskFigures {
  /** Instruction sentences with an object found, over the messages checked. */
  tasks: number;
  kept: number;
  /** The first few lost, "id: verb object". */
  lost: string[];
}

const LOST_EXAMPLES = 10;

/** How many of the source's task heads the compressed text keeps. */
export function tasksKept(
  id: string,
  original: string,
  compressed: string,
  into: TaskFigures,
): TaskFigures {
  // "Share this article: Facebook Twitter" captions a page's buttons and asks the model nothing
  // (docs/decisions/157).
  const source = original.replace(SHARE_LINE, '');
  const heads = taskHeads(source);
  if (heads.length === 0) return into;
  const kept = keptWords(
    wordsBySentence(source).map((w) => w.text),
    wordsBySentence(compressed).map((w) => w.text),
  );
  // A task said twice counts once, kept when any copy is: collapsing a repeated sentence loses
  // nothing ("Cancel your subscription" in a page's body and again in its footer).
  const keptTasks = new Map<string, boolean>();
  for (const head of heads)
    keptTasks.set(head.task, (keptTasks.get(head.task) ?? false) || kept[head.index] === true);
  for (const [task, isKept] of keptTasks) {
    into.tasks += 1;
    if (isKept) into.kept += 1;
    else if (into.lost.length < LOST_EXAMPLES) into.lost.push(`${id}: ${task}`);
  }
  return into;
}
