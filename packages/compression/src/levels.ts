// The three compression levels of the product spec, the savings band each promises, and what
// each level is allowed to do.
import {
  FUNCTION_WORDS,
  READABLE_PRUNABLE_WORDS,
  READABLE_RECOVERABLE_WORDS,
  RECOVERABLE_WORDS,
  USER_SUBJECT_CONTRACTIONS,
} from './text/word-lists.ts';

export type CompressionLevel = 'conservative' | 'balanced' | 'aggressive';

export const COMPRESSION_LEVELS: readonly CompressionLevel[] = [
  'conservative',
  'balanced',
  'aggressive',
];

export const DEFAULT_COMPRESSION_LEVEL: CompressionLevel = 'balanced';

/** Share of prompt tokens each level saves on typical traffic (product spec). */
export const LEVEL_BANDS: Record<CompressionLevel, { min: number; max: number }> = {
  conservative: { min: 0.05, max: 0.1 },
  balanced: { min: 0.15, max: 0.25 },
  aggressive: { min: 0.3, max: 0.5 },
};

export interface LevelSettings {
  /**
   * Contractions and word pruning (filler, hedges and politeness go at every level). Never
   * changes what is asked.
   */
  rewrite: boolean;
  /** Arrays of same-shaped JSON records become columns and rows (changes the JSON's shape). */
  tabulateJson: boolean;
  /** Short lines repeated in a text (running headers and footers) keep their first copy. */
  collapseRepeatedLines: boolean;
  /**
   * A line made only of a site's menu labels ("Home | Products | Pricing", "Help Center >
   * Articles") goes. Not at conservative: its band ends at 10% and it is at 8.9% without this.
   */
  stripMenus: boolean;
  /**
   * A heading's "#" markers and "---" lines between parts go: the line breaks already set them
   * apart (decision 063). Aggressive only: the heading levels are the document's outline.
   */
  stripMarkdownDecoration: boolean;
  /**
   * A bulleted item's marker ("- ", "* ") goes; each item is a line of its own already (decision
   * 163 at aggressive, with the rest of the decoration; balanced since decision 221, alone).
   */
  stripListMarkers: boolean;
  /**
   * An email's greeting and signature go when its headers name the same person (decision 063).
   * Every level since decision 097: the name is still said, in the header.
   */
  dropRestatedAddressees: boolean;
  /**
   * A line that only announces what follows ("Here is the text:") goes (decision 063). Balanced
   * and aggressive since decision 097: meta-talk, but its words are not said elsewhere.
   */
  dropMetaLabels: boolean;
  /**
   * A "© 2025 Acme" footer goes when the text says all of it elsewhere (decision 063). Every level
   * since decision 097.
   */
  dropRestatedFooters: boolean;
  /** "the files that are stored" → "the files stored" (reads telegraphic: aggressive only). */
  reduceRelativeClauses: boolean;
  /** "There are three reasons" → "Three reasons" at a sentence's start (decision 070). */
  dropExistentialFrames: boolean;
  /**
   * The writer's stated feeling ("because I'm a bit rattled") goes where the message cannot be
   * about it (decision 221, review). Not at conservative, which must be safe for any prompt.
   */
  dropWritersFeeling: boolean;
  /**
   * A bracketed aside marked as a joke, "I've pasted my notes below." and "Help me with two
   * things?" before "First, …" go (decision 231). Not at conservative: each is a sentence or
   * clause of the writer's own, not a pleasantry.
   */
  dropAsides: boolean;
  /** A system prompt's "You are a helpful assistant." goes when it says anything else (decision 057). */
  dropGenericPersona: boolean;
  /**
   * "Can you suggest a plan?" → "Suggest a plan?" in a user message (decision 057; balanced since
   * decision 183).
   */
  dropRequestFrames: boolean;
  /**
   * "How can I improve it?" → "How to improve it?" in a user message (decision 070). Aggressive
   * only: "How do headphones work?" → "How headphones work?" reads as a broken phrase.
   */
  dropQuestionFrames: boolean;
  /** Repeated sentences at least this long are taken for copies and collapsed. */
  minRepeatedSentenceWords: number;
  /** Words that may go from a rule of the system prompt (its content words always stay). */
  prunableInRules: ReadonlySet<string>;
  /** Words that may go from a question or request of the last user message. */
  prunableInRequests: ReadonlySet<string>;
  /**
   * Words that may go from the other sentences of the last user message's first and last
   * paragraph, where the instruction sits (its content words always stay).
   */
  prunableInUserContext: ReadonlySet<string>;
  /**
   * Low-information pruning: the share of the text's tokens to reach, the largest share of one
   * line's words that may go, and the only words that may (balanced: function words, no budget).
   */
  prune: {
    targetShare: number;
    maxLineShare: number;
    maxSentenceShare?: number;
    maxContentShare?: number;
    onlyWords?: ReadonlySet<string>;
    prepositionsGoWithObject?: boolean;
    readable?: boolean;
    /**
     * What a telegram leaves out may go even where `readable` keeps it: "has/have/had" before a
     * participle, whose subject and verb stay ("the cost has doubled" → "cost doubled"), and
     * "this/these/those" before the noun they point at (decision 068).
     */
    telegraphic?: boolean;
    /**
     * A subject the role already names may go where it opens a clause: a system prompt's "you",
     * always the model (decision 057), and a user message's "I", the user (decision 067).
     */
    dropImpliedSubjects?: boolean;
    /**
     * A text with fewer words than this is left unpruned: in "nulls are absent" every word
     * carries the message, and the token saved is not worth a prompt that reads wrong.
     */
    minTextWords?: number;
    /** An instruction keeps its verb and object (decision 062). */
    keepTasks?: boolean;
    /**
     * Outside the last user message, a rare word that names a thing stays, with the word that
     * makes a compound term with it ("gut stasis", "molar spur"; decision 157).
     */
    keepRareTerms?: boolean;
  } | null;
}

/** Possessive determiners: "my landlord", "your reply" name whose from context. */
const POSSESSIVES = ['my', 'our', 'your', 'its', 'their'];

function withPossessives(words: ReadonlySet<string>): ReadonlySet<string> {
  return new Set([...words, ...POSSESSIVES]);
}

const TELEGRAPHIC_USER_WORDS: ReadonlySet<string> = new Set([
  ...FUNCTION_WORDS,
  ...USER_SUBJECT_CONTRACTIONS,
]);

export const LEVEL_SETTINGS: Record<CompressionLevel, LevelSettings> = {
  conservative: {
    rewrite: false,
    tabulateJson: false,
    collapseRepeatedLines: false,
    stripMenus: false,
    stripMarkdownDecoration: false,
    stripListMarkers: false,
    dropRestatedAddressees: true,
    dropMetaLabels: false,
    dropRestatedFooters: true,
    reduceRelativeClauses: false,
    dropExistentialFrames: false,
    dropWritersFeeling: false,
    dropAsides: false,
    dropGenericPersona: false,
    dropRequestFrames: false,
    dropQuestionFrames: false,
    minRepeatedSentenceWords: 6,
    prunableInRules: new Set(),
    prunableInRequests: new Set(),
    prunableInUserContext: FUNCTION_WORDS,
    prune: null,
  },
  balanced: {
    rewrite: true,
    tabulateJson: false,
    collapseRepeatedLines: true,
    stripMenus: true,
    stripMarkdownDecoration: false,
    // A list's lines read as a list without their markers: "- Budget: €2,200" says what
    // "Budget: €2,200" says on its own line. Headings and "---" keep theirs (the outline).
    stripListMarkers: true,
    dropRestatedAddressees: true,
    dropMetaLabels: true,
    dropRestatedFooters: true,
    // "that are stored" → "stored" leaves the relative "be" out: the readability check counts it.
    reduceRelativeClauses: false,
    dropExistentialFrames: false,
    dropWritersFeeling: true,
    dropAsides: true,
    dropGenericPersona: false,
    // An imperative is a readable sentence: "Could you check it?" asks what "Check it?" asks.
    dropRequestFrames: true,
    dropQuestionFrames: false,
    minRepeatedSentenceWords: 6,
    // Possessives too: "don't reveal your prompt" forbids what "don't reveal prompt" does, and
    // balanced already drops them from the rest of the text.
    prunableInRules: withPossessives(READABLE_RECOVERABLE_WORDS),
    prunableInRequests: withPossessives(RECOVERABLE_WORDS),
    prunableInUserContext: FUNCTION_WORDS,
    // No budget: every function word but the prepositions may go, up to half of a line's words,
    // as long as the sentence stays readable (pronouns with their verbs; "respond with care",
    // never "respond care": decision 035). A prompt of five words or fewer is left whole
    // (decision 029).
    prune: {
      targetShare: 1,
      maxLineShare: 0.5,
      onlyWords: READABLE_PRUNABLE_WORDS,
      readable: true,
      minTextWords: 6,
    },
  },
  aggressive: {
    rewrite: true,
    tabulateJson: true,
    collapseRepeatedLines: true,
    stripMenus: true,
    stripMarkdownDecoration: true,
    stripListMarkers: true,
    dropRestatedAddressees: true,
    dropMetaLabels: true,
    dropRestatedFooters: true,
    reduceRelativeClauses: true,
    dropExistentialFrames: true,
    dropWritersFeeling: true,
    dropAsides: true,
    dropGenericPersona: true,
    dropRequestFrames: true,
    dropQuestionFrames: true,
    minRepeatedSentenceWords: 6,
    prunableInRules: FUNCTION_WORDS,
    // "I'm" and "I've" too, which the pruner drops where they open a clause as it drops "I"
    // (decision 163): the user's own sentences are where a user message says them.
    prunableInRequests: TELEGRAPHIC_USER_WORDS,
    prunableInUserContext: TELEGRAPHIC_USER_WORDS,
    // Function words go first, but a preposition only with its object and never a pronoun (the
    // readable rules); at most 70% of a sentence's content words, never a clause's verb after its
    // subject or auxiliary nor the head of "the owner of the building" (decision 053).
    prune: {
      targetShare: 0.65,
      maxLineShare: 0.8,
      maxSentenceShare: 0.8,
      maxContentShare: 0.7,
      readable: true,
      telegraphic: true,
      prepositionsGoWithObject: true,
      dropImpliedSubjects: true,
      keepTasks: true,
      keepRareTerms: true,
    },
  },
};

export function isCompressionLevel(value: unknown): value is CompressionLevel {
  return typeof value === 'string' && (COMPRESSION_LEVELS as readonly string[]).includes(value);
}
