// The compression pipeline for one text. Protected spans are masked first (code, data, then
// inline spans, then what the message's role protects), the stages of the level run on the
// masked text, and the spans are put back. Each stage is a pure text → text function.
import { type CompressionLevel, LEVEL_SETTINGS } from './levels.ts';
import {
  maskFencedCode,
  maskInlineCode,
  maskPlaceholderLookalikes,
  maskUnfencedCode,
} from './protect/mask-code.ts';
import { maskInlineSpans } from './protect/mask-inline-spans.ts';
import { maskQuotedBlocks } from './protect/mask-quoted-blocks.ts';
import { type MessageRole, maskRoleSpans } from './protect/mask-role-spans.ts';
import { SpanTable } from './protect/span-table.ts';
import { collapseDuplicates } from './stages/collapse-duplicates.ts';
import { collapseRepeatedLines } from './stages/collapse-repeated-lines.ts';
import { contractPhrases } from './stages/contract-phrases.ts';
import { dropAnnouncements, dropJokeAsides } from './stages/drop-asides.ts';
import { dropExistentialFrames } from './stages/drop-existential-frames.ts';
import { dropGenericPersona } from './stages/drop-generic-persona.ts';
import { dropMetaLabels } from './stages/drop-meta-labels.ts';
import { dropRequestFrames } from './stages/drop-request-frames.ts';
import { dropRestatedAddressees } from './stages/drop-restated-addressees.ts';
import { dropRestatedFooters } from './stages/drop-restated-footers.ts';
import { dropRestatedSignature } from './stages/drop-restated-signature.ts';
import { dropWritersFeeling } from './stages/drop-writers-feeling.ts';
import { minifyJson } from './stages/minify-json.ts';
import { minifyMarkup } from './stages/minify-markup.ts';
import { normaliseWhitespace } from './stages/normalise-whitespace.ts';
import { capitaliseMarked, pruneLowInformation } from './stages/prune-low-information.ts';
import { reduceRelativeClauses } from './stages/reduce-relative-clauses.ts';
import { removeFiller } from './stages/remove-filler.ts';
import { stripBoilerplate } from './stages/strip-boilerplate.ts';
import { stripMarkdownDecoration } from './stages/strip-markdown-decoration.ts';
import { dropEmptiedEmphasis } from './text/emptied-emphasis.ts';
import { tidy } from './text/tidy.ts';
import {
  CONSTRAINT_WORDS,
  IMPERATIVE_VERBS,
  NEGATIONS,
  QUESTION_WORDS,
  USER_SUBJECT_CONTRACTIONS,
} from './text/word-lists.ts';

export type { MessageRole };

const CHARS_PER_TOKEN = 4;

export interface CompressTextOptions {
  /** The last user message holds the instruction: its operative words are protected. */
  isLastUserMessage?: boolean;
}

export interface TextCompression {
  text: string;
  /** Names of the stages that changed the text, in the order they ran. */
  stagesApplied: string[];
}

/** Records a stage's name when it changed the text. */
function record(stages: string[], name: string, before: string, after: string): string {
  if (after !== before) stages.push(name);
  return after;
}

/** A placeholder standing for a number, amount or quantity ("20", "$4,000", "99.9%"). */
function quantityTest(table: SpanTable): (placeholder: string) => boolean {
  return (placeholder) => /^[$€£¥#]?\d/.test(table.restore(placeholder));
}

/**
 * A placeholder standing for a fact whose label must stay with it: a quantity, date or version, a
 * URL or address, or a name (capitalised words only: a protected rule or request is a sentence).
 */
function factTest(table: SpanTable): (placeholder: string) => boolean {
  return (placeholder) => {
    const span = table.restore(placeholder);
    return FACT.test(span) && !OPERATIVE_WORDS.has(span.toLowerCase());
  };
}
/** Words a request or rule protects one by one ("Never", "What"): not names, though capitalised. */
const OPERATIVE_WORDS: ReadonlySet<string> = new Set([
  ...QUESTION_WORDS,
  ...NEGATIONS,
  ...CONSTRAINT_WORDS,
  ...IMPERATIVE_VERBS,
]);
const FACT =
  /^(?:[$€£¥#]?\d|\S+@\S|https?:\/\/|www\.|\p{Lu}[\p{L}\p{N}'’.&-]*(?: \p{Lu}[\p{L}\p{N}'’.&-]*)*$)/u;

/**
 * A request to translate the text after a colon ("Translate into French: …", "Traduis en
 * anglais : …", "Übersetze ins Englische:"), in the languages whose pleasantries the filler stage
 * knows. A mere mention of translation elsewhere does not count.
 */
const ASKS_FOR_TRANSLATION =
  /(?:\btranslat(?:e|ion)|\btradu(?:c|i[rsz]|z)\w*|\btradurre|übersetz\w*)[^.!?\n:]{0,60}:\s/i;

export function compressTextWithStages(
  text: string,
  level: CompressionLevel,
  role: MessageRole = 'user',
  opts: CompressTextOptions = {},
): TextCompression {
  const settings = LEVEL_SETTINGS[level];
  const table = new SpanTable();
  const stages: string[] = [];
  // Protection passes are not reported as stages: they change nothing once spans are restored.
  let t = maskInlineCode(maskFencedCode(maskPlaceholderLookalikes(text, table), table), table);
  t = record(stages, 'minify-json', t, minifyJson(t, table, settings.tabulateJson));
  // After the JSON: a list of strings one a line ("banana",) is data, not pasted quotes.
  t = maskQuotedBlocks(t, table);
  t = record(stages, 'minify-markup', t, minifyMarkup(t, table));
  t = maskUnfencedCode(t, table);
  t = record(stages, 'normalise-whitespace', t, normaliseWhitespace(t));
  t = record(stages, 'strip-boilerplate', t, stripBoilerplate(t, settings.stripMenus));
  if (settings.dropRestatedAddressees) {
    t = record(stages, 'drop-restated-addressees', t, dropRestatedAddressees(t));
  }
  if (settings.dropMetaLabels) t = record(stages, 'drop-meta-labels', t, dropMetaLabels(t));
  if (settings.dropRestatedFooters) {
    t = record(stages, 'drop-restated-footers', t, dropRestatedFooters(t));
    // A sign-off is a footer too: it goes where the message already names its writer.
    t = record(stages, 'drop-restated-signature', t, dropRestatedSignature(t));
  }
  if (settings.collapseRepeatedLines) {
    t = record(stages, 'collapse-repeated-lines', t, collapseRepeatedLines(t));
  }
  t = maskInlineSpans(t, table);
  t = record(
    stages,
    'collapse-duplicates',
    t,
    collapseDuplicates(t, settings.minRepeatedSentenceWords),
  );
  const reported = stages.length;
  const beforeRewrite = t;
  // Politeness, hedges and filler carry no meaning: every level drops them. They go before the
  // role's sentences are protected: a protected request keeps every word, and "I would really
  // like to kindly ask you to just write" would keep its padding with it.
  // …except in a text asking for a translation, where they are the text to translate: "Translate
  // into French: Thank you very much." lost its sentence, and "Bonjour, …" its first word
  // (decision 093).
  if (!ASKS_FOR_TRANSLATION.test(text)) {
    // Before the filler goes: the "lol" that marks an aside as a joke is filler too.
    if (settings.dropAsides) t = record(stages, 'drop-asides', t, dropJokeAsides(t));
    t = record(stages, 'remove-filler', t, removeFiller(t));
    if (settings.dropAsides) t = record(stages, 'drop-asides', t, dropAnnouncements(t));
    if (settings.dropWritersFeeling) {
      t = record(stages, 'drop-writers-feeling', t, dropWritersFeeling(t));
    }
  }
  if (settings.dropGenericPersona && role === 'system')
    t = record(stages, 'drop-generic-persona', t, dropGenericPersona(t));
  if (settings.dropRequestFrames && role === 'user')
    t = record(stages, 'drop-request-frames', t, dropRequestFrames(t, settings.dropQuestionFrames));
  if (settings.rewrite) {
    // "Do not" in a rule says the same as "Don't".
    t = record(stages, 'contract-phrases', t, contractPhrases(t));
    if (settings.reduceRelativeClauses) {
      t = record(stages, 'reduce-relative-clauses', t, reduceRelativeClauses(t));
    }
    if (settings.dropExistentialFrames) {
      t = record(stages, 'drop-existential-frames', t, dropExistentialFrames(t));
    }
    t = maskRoleSpans(
      t,
      table,
      role,
      opts.isLastUserMessage ?? false,
      settings.prunableInRules,
      settings.prunableInRequests,
      settings.prunableInUserContext,
    );
  }
  const prune = settings.prune;
  // Counted on the original: masking turns a protected sentence into one placeholder.
  if (prune && !hasFewerWords(text, prune.minTextWords ?? 0)) {
    // Budgeted in characters, at about four per token: exact enough for a target, and free.
    const saved = text.length - table.restoredLength(t);
    const tokensToRemove = (text.length * prune.targetShare - saved) / CHARS_PER_TOKEN;
    const options = {
      tokensToRemove,
      maxLineShare: prune.maxLineShare,
      maxSentenceShare: prune.maxSentenceShare,
      maxContentShare: prune.maxContentShare,
      onlyWords: prune.onlyWords,
      prepositionsGoWithObject: prune.prepositionsGoWithObject,
      readable: prune.readable,
      telegraphic: prune.telegraphic,
      impliedSubjects: prune.dropImpliedSubjects === true ? IMPLIED_SUBJECTS[role] : undefined,
      keepTasks: prune.keepTasks,
      // The last user message's instruction is protected whole; its documents are pruned as
      // keyword text, and keeping their rare words too would take the level under its band.
      keepRareTerms: prune.keepRareTerms === true && opts.isLastUserMessage !== true,
      isQuantity: quantityTest(table),
      isFact: factTest(table),
      firstWordOf: (placeholder: string) =>
        FIRST_WORD.exec(table.restore(placeholder))?.[0].toLowerCase() ?? '',
    };
    t = record(stages, 'prune-low-information', t, pruneLowInformation(t, options));
  }
  // After pruning, which reads a "#" line as a heading and leaves its words alone.
  if (settings.stripMarkdownDecoration || settings.stripListMarkers) {
    const decoration = settings.stripMarkdownDecoration ? 'all' : 'bullets';
    t = record(stages, 'strip-markdown-decoration', t, stripMarkdownDecoration(t, decoration));
  }
  // Removals leave seams (doubled spaces, " ,", emphasis markers around nothing).
  if (stages.length > reported) t = tidy(EMPHASIS_MARK.test(t) ? dropEmptiedEmphasis(t, text) : t);
  const rewritten = capitaliseMarked(table.restore(t));
  // A message that is all greeting or filler ("hi", "thanks") is still the message: rewriting
  // never leaves a text with no words at all where there were some.
  if (!HAS_WORD.test(rewritten) && HAS_WORD.test(text)) {
    return { text: table.restore(beforeRewrite), stagesApplied: stages.slice(0, reported) };
  }
  return { text: rewritten, stagesApplied: stages };
}

/**
 * The subject a role's clauses name without saying anything new: a system prompt's "you" is
 * always the model (decision 057), a user message's "I" the user (decision 067).
 */
const IMPLIED_SUBJECTS: Partial<Record<MessageRole, ReadonlySet<string>>> = {
  system: new Set(['you', "you're", 'you’re']),
  user: new Set(['i', ...USER_SUBJECT_CONTRACTIONS]),
};

const HAS_WORD = /[\p{L}\p{N}]/u;
const EMPHASIS_MARK = /[*_~]/;
const FIRST_WORD = /^[A-Za-z]+/;
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’_-]*/gu;

/** Whether the text holds fewer than `min` words. */
function hasFewerWords(text: string, min: number): boolean {
  if (min <= 0) return false;
  WORD.lastIndex = 0;
  let count = 0;
  while (WORD.exec(text)) if (++count >= min) return false;
  return true;
}

/** Compresses one text at the given level. Code, numbers, URLs, quotes and names come back unchanged. */
export function compressText(
  text: string,
  level: CompressionLevel,
  role: MessageRole = 'user',
  opts: CompressTextOptions = {},
): string {
  return compressTextWithStages(text, level, role, opts).text;
}
