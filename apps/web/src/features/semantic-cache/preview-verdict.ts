import type { CachePreview, CacheRefusal } from '@tokenwise/contracts';
import { formatSimilarity } from './cache-settings.ts';

const GUARD_REASONS: Record<Exclude<CacheRefusal, 'threshold' | 'disabled'>, string> = {
  negation: 'a negation (e.g. "turn on" against "turn off")',
  number: 'a number',
  date: 'a date',
  entity: 'a named entity (a person, place, product or company)',
  code_identifier: 'a code identifier',
  instruction:
    'an instruction, target language, format, audience or constraint (or the words around a long shared text)',
};

const GUARD_NAMES: Record<CacheRefusal, string> = {
  negation: 'Negation guard',
  number: 'Number guard',
  date: 'Date guard',
  entity: 'Entity guard',
  code_identifier: 'Code identifier guard',
  instruction: 'Difference check',
  threshold: 'Similarity threshold',
  disabled: 'Cache disabled',
};

export interface PreviewVerdict {
  hit: boolean;
  /** What stopped the hit, or null for a hit and for an empty cache. */
  refusedBy: string | null;
  explanation: string;
}

/** Puts the preview answer into words: would it hit, and if not, why not. */
export function previewVerdict(preview: CachePreview): PreviewVerdict {
  const threshold = formatSimilarity(preview.threshold);
  const similarity = preview.similarity === null ? null : formatSimilarity(preview.similarity);
  const refusedBy = preview.refused_by ? GUARD_NAMES[preview.refused_by] : null;
  if (preview.refused_by === 'disabled') {
    return {
      hit: false,
      refusedBy,
      explanation: 'The cache is turned off, so this prompt would be sent to the provider.',
    };
  }
  if (preview.would_hit) {
    return {
      hit: true,
      refusedBy: null,
      explanation: `The cached answer would be returned: similarity ${similarity ?? '1.00'} reaches the threshold ${threshold}.`,
    };
  }
  if (!preview.match || similarity === null) {
    return {
      hit: false,
      refusedBy,
      explanation: 'Nothing comparable is cached yet for this model and conversation.',
    };
  }
  if (!preview.refused_by || preview.refused_by === 'threshold') {
    return {
      hit: false,
      refusedBy,
      explanation: `The closest cached prompt scores ${similarity}, below the threshold ${threshold}.`,
    };
  }
  return {
    hit: false,
    refusedBy,
    explanation: `The closest cached prompt scores ${similarity} (threshold ${threshold}), but the two prompts differ in ${GUARD_REASONS[preview.refused_by]}, so its answer could be wrong for this one.`,
  };
}
