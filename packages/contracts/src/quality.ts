import { z } from 'zod';
import { OptimizationLevel } from './settings.ts';

/**
 * One run of an offline evaluation (`npm run eval:*`), as its result file records it: when it
 * ran (the file's own date, else the file's modification time) and at which commit, when known.
 */
export const EvalRun = z.object({
  measured_at: z.string(),
  /** The result file, relative to the repository root. */
  source: z.string(),
  commit: z.string().nullable(),
});
export type EvalRun = z.infer<typeof EvalRun>;

/** Cache lookups at one threshold on one set of question pairs. */
export const CacheQualityFigures = z.object({
  threshold: z.number(),
  /** Share of paraphrase pairs answered from the cache. */
  recall: z.number(),
  /** Share of the cache's hits that answered a different question. */
  wrong_hit_share: z.number(),
  /** Paraphrase pairs and near-miss pairs measured. */
  positives: z.number(),
  negatives: z.number(),
});
export type CacheQualityFigures = z.infer<typeof CacheQualityFigures>;

/**
 * GET /v1/semantic-cache/quality: the measured figures at the measured threshold nearest the
 * account's. `independent` is the pair sets written apart from the embedder (frozen held-out sets and
 * the halves tuned on); `template` the cache's own eval. Null: no result file yet.
 */
export const CacheQuality = z.object({
  account_threshold: z.number(),
  independent: EvalRun.extend({
    embedder: z.string(),
    heldout: CacheQualityFigures,
    /** The second frozen held-out set, written later by another author; null in older files. */
    heldout2: CacheQualityFigures.nullable(),
    /**
     * The third set, written blind to the engine on 2026-11-27: its frozen held-out half and its
     * tuning half; null in older files.
     */
    heldout3: CacheQualityFigures.nullable(),
    tune3: CacheQualityFigures.nullable(),
    /**
     * The fourth set, written blind to the engine on 2026-11-28 by four authors at once (software
     * questions, end-user software, long prompts with pasted text): its frozen held-out part and
     * its tuning part; null in older files.
     */
    heldout4: CacheQualityFigures.nullable(),
    tune4: CacheQualityFigures.nullable(),
    /**
     * The fifth set, written blind to the engine on 2026-11-29 by two authors (development and
     * data tools; operations, security and end-user IT): frozen part and tuning part; null in
     * older files.
     */
    heldout5: CacheQualityFigures.nullable(),
    tune5: CacheQualityFigures.nullable(),
    tune: CacheQualityFigures,
  }).nullable(),
  template: EvalRun.extend({ embedder: z.string(), test: CacheQualityFigures }).nullable(),
});
export type CacheQuality = z.infer<typeof CacheQuality>;

/**
 * One half of the independent compression set (written blind by two authors, decision 074) at one
 * level: the share of its tokens saved, the answers still readable (articles and politeness words
 * of an author's answer not required) and the broken phrases.
 */
export const IndependentLevelQuality = z.object({
  reduction: z.number(),
  answers_kept: z.number(),
  broken_phrases: z.number(),
});
export type IndependentLevelQuality = z.infer<typeof IndependentLevelQuality>;

/**
 * Multi-turn conversations at one level (decision 160): the share of their tokens saved and of the
 * fact answers in the system prompt and earlier turns still readable after compression.
 */
export const HistoryLevelQuality = z.object({
  reduction: z.number(),
  answers_kept: z.number(),
});
export type HistoryLevelQuality = z.infer<typeof HistoryLevelQuality>;

/** Measured compression at one level. */
export const LevelQuality = z.object({
  level: OptimizationLevel,
  /**
   * Share of all the corpus's prompt tokens saved (the spec's savings, summed as the savings
   * screen sums them), and the spec's band for the level (docs/decisions/029).
   */
  reduction: z.number(),
  band: z.object({ min: z.number(), max: z.number() }),
  in_band: z.boolean(),
  /** Share of the fact questions whose answers are still readable after compression. */
  answers_kept: z.number(),
  /** Share of numbers, URLs, code spans, quotes and names kept. */
  items_kept: z.number(),
  /**
   * Broken phrases (a dropped preposition, pronoun or auxiliary; an orphaned label or answer
   * options: eval/compress/readability.ts) over the corpus and question prompts, and over the
   * held-out readability set. Null: the result file predates the count ("not measured").
   */
  broken_phrases: z.number().nullable(),
  broken_phrases_held_out: z.number().nullable(),
  /**
   * Share of the held-out readability set's tokens saved: prompts the engine was not tuned on,
   * read against the same band. Null: the result file predates it.
   */
  reduction_held_out: z.number().nullable(),
  /**
   * Share of the corpus's instruction sentences whose task (the main verb's object) survives
   * (decision 062). Null: the result file predates the check.
   */
  tasks_kept: z.number().nullable(),
  /** The independent set's tuning half and frozen held-out half; null in older files. */
  independent_tune: IndependentLevelQuality.nullable(),
  independent_held_out: IndependentLevelQuality.nullable(),
  /** Conversations with answers in their history; null in older files ("not measured"). */
  history: HistoryLevelQuality.nullable(),
});
export type LevelQuality = z.infer<typeof LevelQuality>;

/** GET /v1/optimization/quality: the compression eval per level. Null: no result file yet. */
export const OptimizationQuality = z.object({
  account_level: OptimizationLevel,
  eval: EvalRun.extend({
    corpus_prompts: z.number(),
    question_prompts: z.number(),
    questions: z.number(),
    /** Prompts the broken phrases were counted on (corpus and question set; held-out set). */
    readability_prompts: z.number().nullable(),
    readability_held_out_prompts: z.number().nullable(),
    /** Prompts of the independent set's halves (null: the file predates the set). */
    independent_tune_prompts: z.number().nullable(),
    independent_held_out_prompts: z.number().nullable(),
    /** Conversations the history figures were measured on (null: the file predates them). */
    history_prompts: z.number().nullable(),
    levels: z.array(LevelQuality),
  }).nullable(),
});
export type OptimizationQuality = z.infer<typeof OptimizationQuality>;
