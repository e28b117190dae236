import type { Savings } from '@tokenwise/contracts';

export type ByStage = NonNullable<Savings['summary']['by_stage']>;

export interface StageShare {
  /** Bar width, 0-100. */
  percent: number;
  /** The stage cost more than it saved (routing raised a request to a pricier model). */
  costMore: boolean;
}

/**
 * Each stage's bar as a share of what the stages saved, not of their net sum: a stage that cost
 * more would shrink the net and push the others past 100% (3 + 1 − 2 = 2 made cache 150%). A
 * stage that cost more gets its loss as a share of the same savings, capped at a full bar, and is
 * marked so the screen shows it as a cost.
 */
export function stageShares(byStage: ByStage): Record<keyof ByStage, StageShare> {
  const values = Object.values(byStage);
  const saved = values.reduce((sum, v) => sum + Math.max(0, v), 0);
  const share = (value: number): StageShare => {
    if (value < 0) {
      return { percent: saved > 0 ? Math.min(100, (-value / saved) * 100) : 100, costMore: true };
    }
    return { percent: saved > 0 ? (value / saved) * 100 : 0, costMore: false };
  };
  return {
    cache: share(byStage.cache),
    compression: share(byStage.compression),
    routing: share(byStage.routing),
  };
}
