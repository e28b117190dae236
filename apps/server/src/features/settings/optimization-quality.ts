// The compression eval's figures (`npm run eval:compress` → eval/results/compress.json) per level:
// the share of the corpus's tokens saved against the spec's band (decision 029) and the share of
// fact questions still answerable, the broken phrases counted per level (decision 042), the
// held-out set's savings and the tasks kept (decision 062), and the independent set's two halves
// (decision 074), and the multi-turn conversations' history (decision 160); a result file older
// than a figure reads as "not measured" (null), never as zero.
import { OPTIMIZATION_LEVELS, type OptimizationQuality } from '@tokenwise/contracts';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { readEvalResult } from '../../domain/quality/eval-results.ts';
import { getOptimizationLevel } from './settings.service.ts';

/** The fields shown, as eval/compress/run.ts writes them. */
const LevelRow = z.object({
  reduction: z.object({ tokenWeighted: z.number() }),
  band: z.object({ min: z.number(), max: z.number() }),
  inBand: z.boolean(),
  fidelity: z.object({ overall: z.number() }),
  tasks: z.object({ share: z.number() }).optional(),
});
const AnswerRow = z.object({ prompts: z.number(), answers: z.number(), kept: z.number() });
const level = <T extends z.ZodType>(row: T) =>
  z.object({ conservative: row, balanced: row, aggressive: row });
const ReadabilityRow = z.object({
  prompts: z.number(),
  levels: level(z.object({ broken: z.number(), saved: z.number().optional() })),
});
const IndependentRow = z.object({
  prompts: z.number(),
  saved: z.number(),
  answersKept: z.number(),
  broken: z.number(),
});
/** Answers in the system prompt and earlier turns (eval/compress/history-questions.ts). */
const HistoryRow = z.object({ prompts: z.number(), saved: z.number(), kept: z.number() });
const CompressFile = z.object({
  prompts: z.number(),
  levels: level(LevelRow),
  answers: level(AnswerRow),
  readability: ReadabilityRow.optional(),
  readabilityHeldOut: ReadabilityRow.optional(),
  independent: z
    .object({ tune: level(IndependentRow).optional(), heldout: level(IndependentRow).optional() })
    .optional(),
  history: level(HistoryRow).optional(),
});

const independentLevel = (row: z.infer<typeof IndependentRow> | undefined) =>
  row ? { reduction: row.saved, answers_kept: row.answersKept, broken_phrases: row.broken } : null;

// A block over no conversation measured nothing: its 0% would read as a figure.
const historyOf = (file: z.infer<typeof CompressFile>) =>
  file.history && file.history.balanced.prompts > 0 ? file.history : null;
const historyLevel = (row: z.infer<typeof HistoryRow> | undefined) =>
  row ? { reduction: row.saved, answers_kept: row.kept } : null;

export async function getOptimizationQuality(
  deps: AppDeps,
  accountId: string,
): Promise<OptimizationQuality> {
  const [settings, result] = await Promise.all([
    getOptimizationLevel(deps, accountId),
    readEvalResult(deps.config.evalResultsDir, 'compress.json', CompressFile),
  ]);
  if (!result) return { account_level: settings.optimization_level, eval: null };
  const { data } = result;
  const history = historyOf(data);
  return {
    account_level: settings.optimization_level,
    eval: {
      ...result.run,
      corpus_prompts: data.prompts,
      question_prompts: data.answers.balanced.prompts,
      questions: data.answers.balanced.answers,
      readability_prompts: data.readability?.prompts ?? null,
      readability_held_out_prompts: data.readabilityHeldOut?.prompts ?? null,
      independent_tune_prompts: data.independent?.tune?.balanced.prompts ?? null,
      independent_held_out_prompts: data.independent?.heldout?.balanced.prompts ?? null,
      history_prompts: history?.balanced.prompts ?? null,
      levels: OPTIMIZATION_LEVELS.map((name) => ({
        level: name,
        reduction: data.levels[name].reduction.tokenWeighted,
        band: data.levels[name].band,
        in_band: data.levels[name].inBand,
        answers_kept: data.answers[name].kept,
        items_kept: data.levels[name].fidelity.overall,
        broken_phrases: data.readability?.levels[name].broken ?? null,
        broken_phrases_held_out: data.readabilityHeldOut?.levels[name].broken ?? null,
        reduction_held_out: data.readabilityHeldOut?.levels[name].saved ?? null,
        tasks_kept: data.levels[name].tasks?.share ?? null,
        independent_tune: independentLevel(data.independent?.tune?.[name]),
        independent_held_out: independentLevel(data.independent?.heldout?.[name]),
        history: historyLevel(history?.[name]),
      })),
    },
  };
}
