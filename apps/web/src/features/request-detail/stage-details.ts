import type { RequestDetail, RequestStageDetails } from '@tokenwise/contracts';

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

/**
 * The difficulty as the screen shows it: N/A when absent (spec), saying why when the request was
 * only left out of the sample scored while routing would not use the score (decision 051).
 */
export function difficultyText(
  request: Pick<RequestDetail, 'difficulty' | 'difficulty_not_sampled'>,
): string {
  if (request.difficulty) return request.difficulty;
  const every = request.difficulty_not_sampled;
  return every ? `N/A (not sampled: routing was not used, 1 request in ${every} is scored)` : 'N/A';
}
