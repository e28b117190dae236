import { EFFICIENCY_FACTOR, type RoutingStats } from '@tokenwise/contracts';

export type Difficulty = keyof RoutingStats['difficulty_breakdown'];

export const DIFFICULTIES: readonly Difficulty[] = ['simple', 'medium', 'complex'];

/** The efficiency gain the screen shows: routing rate (percent) times the spec's factor 0.4. */
export function efficiencyGain(routingRate: number): number {
  return routingRate * EFFICIENCY_FACTOR;
}

export interface DifficultyShare {
  difficulty: Difficulty;
  count: number;
  /** Percent of all classified requests, 0 when there are none. */
  percent: number;
}

/** Each class's count and share, in the order simple, medium, complex. */
export function difficultyShares(
  breakdown: RoutingStats['difficulty_breakdown'],
): DifficultyShare[] {
  const total = DIFFICULTIES.reduce((sum, d) => sum + breakdown[d], 0);
  return DIFFICULTIES.map((difficulty) => ({
    difficulty,
    count: breakdown[difficulty],
    percent: total === 0 ? 0 : (breakdown[difficulty] / total) * 100,
  }));
}

const LABELS: Record<Difficulty, string> = {
  simple: 'Simple',
  medium: 'Medium',
  complex: 'Complex',
};

export function difficultyLabel(difficulty: Difficulty): string {
  return LABELS[difficulty];
}

/** "Simple requests", "Simple and medium requests", "Simple, medium and complex requests". */
export function heldClassesText(held: readonly Difficulty[]): string {
  const names: string[] = DIFFICULTIES.filter((d) => held.includes(d));
  const last = names.pop() ?? '';
  const joined = names.length === 0 ? last : `${names.join(', ')} and ${last}`;
  return `${joined.charAt(0).toUpperCase()}${joined.slice(1)} requests`;
}
