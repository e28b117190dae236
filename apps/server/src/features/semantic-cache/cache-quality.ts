// The cache's measured quality (eval/cache: `npm run eval:cache:independent` and `eval:cache`) at
// the measured threshold nearest the account's, for the quality panel beside the threshold setting.
import type { CacheQuality, CacheQualityFigures } from '@tokenwise/contracts';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { readEvalResult } from '../../domain/quality/eval-results.ts';
import { getConfig } from './semantic-cache.service.ts';

/** One threshold's row as eval/cache/metrics.ts writes it (the fields shown). */
const MeasuredRow = z.object({
  threshold: z.number(),
  positives: z.number(),
  negatives: z.number(),
  recall: z.number(),
  falseHitShare: z.number(),
});
type MeasuredRow = z.infer<typeof MeasuredRow>;

const IndependentFile = z.object({
  embedder: z.string(),
  thresholds: z.object({
    tune: z.array(MeasuredRow).min(1),
    heldout: z.array(MeasuredRow).min(1),
    heldout2: z.array(MeasuredRow).min(1).optional(),
    heldout3: z.array(MeasuredRow).min(1).optional(),
    tune3: z.array(MeasuredRow).min(1).optional(),
    heldout4: z.array(MeasuredRow).min(1).optional(),
    tune4: z.array(MeasuredRow).min(1).optional(),
    heldout5: z.array(MeasuredRow).min(1).optional(),
    tune5: z.array(MeasuredRow).min(1).optional(),
  }),
});
const TemplateFile = z.object({
  embedder: z.string(),
  thresholds: z.object({ test: z.array(MeasuredRow).min(1) }),
});

export async function getCacheQuality(deps: AppDeps, accountId: string): Promise<CacheQuality> {
  const dir = deps.config.evalResultsDir;
  const [config, independent, template] = await Promise.all([
    getConfig(deps, accountId),
    readEvalResult(dir, 'cache-independent.json', IndependentFile),
    readEvalResult(dir, 'cache.json', TemplateFile),
  ]);
  const at = (rows: MeasuredRow[]) => figures(nearestThreshold(rows, config.similarity_threshold));
  const atIfScored = (rows: MeasuredRow[] | undefined) => (rows ? at(rows) : null);
  return {
    account_threshold: config.similarity_threshold,
    independent: independent && {
      ...independent.run,
      embedder: independent.data.embedder,
      heldout: at(independent.data.thresholds.heldout),
      heldout2: atIfScored(independent.data.thresholds.heldout2),
      heldout3: atIfScored(independent.data.thresholds.heldout3),
      tune3: atIfScored(independent.data.thresholds.tune3),
      heldout4: atIfScored(independent.data.thresholds.heldout4),
      tune4: atIfScored(independent.data.thresholds.tune4),
      heldout5: atIfScored(independent.data.thresholds.heldout5),
      tune5: atIfScored(independent.data.thresholds.tune5),
      tune: at(independent.data.thresholds.tune),
    },
    template: template && {
      ...template.run,
      embedder: template.data.embedder,
      test: at(template.data.thresholds.test),
    },
  };
}

function figures(row: MeasuredRow): CacheQualityFigures {
  return {
    threshold: row.threshold,
    recall: row.recall,
    wrong_hit_share: row.falseHitShare,
    positives: row.positives,
    negatives: row.negatives,
  };
}

/** The measured row closest to `wanted`; on a tie the stricter (higher) threshold. */
export function nearestThreshold(rows: MeasuredRow[], wanted: number): MeasuredRow {
  const distance = (row: MeasuredRow) => Math.round(Math.abs(row.threshold - wanted) * 1e6);
  return rows.reduce((best, row) => {
    const d = distance(row) - distance(best);
    return d < 0 || (d === 0 && row.threshold > best.threshold) ? row : best;
  });
}
