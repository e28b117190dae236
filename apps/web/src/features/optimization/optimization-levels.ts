import type { OptimizationLevel } from '@tokenwise/contracts';

/** What the server uses for an account that never chose (spec section 2). */
export const DEFAULT_OPTIMIZATION_LEVEL: OptimizationLevel = 'balanced';

export interface LevelOption {
  level: OptimizationLevel;
  title: string;
  /** The savings band of spec section 9. */
  savings: string;
  description: string;
  recommended: boolean;
  /** A trade-off worth a warning on the card. */
  caution: string | null;
}

export const LEVEL_OPTIONS: readonly LevelOption[] = [
  {
    level: 'conservative',
    title: 'Conservative',
    savings: '5-10% savings',
    description:
      'Lossless clean-up only: extra whitespace, repeated content, formatting noise, and politeness and filler that carry no meaning. Every content word stays.',
    recommended: false,
    caution: null,
  },
  {
    level: 'balanced',
    title: 'Balanced',
    savings: '15-25% savings',
    description:
      'Also drops filler phrases and low-information words such as articles, while keeping instructions, questions, pronouns, prepositions and helping verbs (is, has) intact. Prompts of five words or fewer are kept whole.',
    recommended: true,
    caution: null,
  },
  {
    level: 'aggressive',
    title: 'Aggressive',
    savings: '30-50% savings',
    description:
      'Prunes hard, down to telegraphic text, but keeps pronouns, the verb after its subject and prepositions with their objects; turns repetitive JSON records into compact tables. For large prompts.',
    recommended: false,
    caution: 'May affect answer quality',
  },
];

/**
 * Save is offered only for a real change: a choice made (the user picked a card) that differs
 * from what the server holds. Before the saved level has loaded there is nothing to compare.
 */
export function hasUnsavedChange(
  chosen: OptimizationLevel | null,
  saved: OptimizationLevel | undefined,
): boolean {
  return chosen !== null && saved !== undefined && chosen !== saved;
}
