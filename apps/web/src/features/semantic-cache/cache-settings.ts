import { CACHE_TTL_OPTIONS } from '@tokenwise/contracts';

/** Similarity threshold slider (spec sections 5 and 9). */
export const SIMILARITY_SLIDER = { min: 0.8, max: 1, step: 0.01, default: 0.95 } as const;
export const DEFAULT_TTL_SECONDS = 3600;

/** 900 → "15 minutes", 3600 → "1 hour", 86400 → "24 hours" (the spec counts up to a day in hours). */
export function ttlLabel(seconds: number): string {
  const [amount, unit] =
    seconds % 3600 === 0
      ? [seconds / 3600, 'hour']
      : seconds % 60 === 0
        ? [seconds / 60, 'minute']
        : [seconds, 'second'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

export interface TtlOption {
  value: string;
  label: string;
}

/**
 * The six spec choices. A TTL set some other way (the API accepts any minute count) is added as
 * one more choice, so the select never shows a value it cannot name.
 */
export function ttlOptions(current?: number): TtlOption[] {
  const seconds: number[] = [...CACHE_TTL_OPTIONS];
  if (current !== undefined && !seconds.includes(current)) {
    seconds.push(current);
    seconds.sort((a, b) => a - b);
  }
  return seconds.map((s) => ({ value: String(s), label: ttlLabel(s) }));
}

/** Similarities and thresholds are cosine scores; two decimals match the slider's step. */
export function formatSimilarity(value: number): string {
  return value.toFixed(2);
}
