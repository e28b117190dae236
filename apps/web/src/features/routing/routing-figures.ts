import { EFFICIENCY_FACTOR, type RoutingStats } from '@tokenwise/contracts';

export type Difficulty = 'simple' | 'medium' | 'complex';
/**
 * A row of the distribution: the three classes, the requests left out of the sample scored while
 * routing would not use the score, then the requests never scored for another reason.
 */
export type DifficultyRow = keyof RoutingStats['difficulty_breakdown'];

export const DIFFICULTIES: readonly Difficulty[] = ['simple', 'medium', 'complex'];
const ROWS: readonly DifficultyRow[] = [...DIFFICULTIES, 'not_sampled', 'not_scored'];

/** The efficiency gain the screen shows: routing rate (percent) times the spec's factor 0.4. */
export function efficiencyGain(routingRate: number): number {
  return routingRate * EFFICIENCY_FACTOR;
}

export interface DifficultyShare {
  difficulty: DifficultyRow;
  count: number;
  /** Percent of all the period's requests (the Total Requests figure), 0 when there are none. */
  percent: number;
}

/**
 * Each row's count and share, in the order simple, medium, complex, not sampled, not scored (the
 * not-sampled row only when there are such requests). The rows add up to
 * the period's total requests, so the shares add up to 100%.
 */
export function difficultyShares(
  breakdown: RoutingStats['difficulty_breakdown'],
): DifficultyShare[] {
  const total = ROWS.reduce((sum, d) => sum + breakdown[d], 0);
  const rows = breakdown.not_sampled > 0 ? ROWS : ROWS.filter((d) => d !== 'not_sampled');
  return rows.map((difficulty) => ({
    difficulty,
    count: breakdown[difficulty],
    percent: total === 0 ? 0 : (breakdown[difficulty] / total) * 100,
  }));
}

const LABELS: Record<DifficultyRow, string> = {
  simple: 'Simple',
  medium: 'Medium',
  complex: 'Complex',
  not_sampled: 'Not sampled',
  not_scored: 'Not scored',
};

export function difficultyLabel(difficulty: DifficultyRow): string {
  return LABELS[difficulty];
}

/** "Simple requests", "Simple and medium requests", "Simple, medium and complex requests". */
export function heldClassesText(held: readonly Difficulty[]): string {
  const names: string[] = DIFFICULTIES.filter((d) => held.includes(d));
  const last = names.pop() ?? '';
  const joined = names.length === 0 ? last : `${names.join(', ')} and ${last}`;
  return `${joined.charAt(0).toUpperCase()}${joined.slice(1)} requests`;
}
