import type { RequestStageDetails } from '@tokenwise/contracts';

/** What the gateway's stages noted about a request, as label and value lines for the screen. */
export interface StageDetail {
  label: string;
  value: string;
}

/**
 * The lines the screen explains from a request's `details` (typed by its contract): the difficulty
 * reasons, and on a cache hit the entry and its similarity. The other notes (the cache layer,
 * redaction counts) are not shown on this screen.
 */
export function stageDetails(details: RequestStageDetails | null | undefined): StageDetail[] {
  if (!details) return [];
  const lines: StageDetail[] = [];
  const reasons = details.difficulty_reasons?.filter((r) => r.trim()) ?? [];
  if (reasons.length) lines.push({ label: 'Difficulty reasons', value: reasons.join('; ') });
  if (details.cache_entry_id) lines.push({ label: 'Cache entry', value: details.cache_entry_id });
  if (details.cache_similarity !== undefined) {
    lines.push({ label: 'Similarity', value: details.cache_similarity.toFixed(3) });
  }
  return lines;
}
