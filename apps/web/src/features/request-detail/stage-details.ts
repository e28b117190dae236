/** What the gateway's stages noted about a request, as label and value lines for the screen. */
export interface StageDetail {
  label: string;
  value: string;
}

function asNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function asText(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value : null;
}

/**
 * The known entries of a request's `details` (difficulty reasons; the cache entry and its
 * similarity on a cache hit). Unknown keys are left out: they are internal bookkeeping, not
 * something the screen promises to explain.
 */
export function stageDetails(details: Record<string, unknown> | null | undefined): StageDetail[] {
  if (!details) return [];
  const lines: StageDetail[] = [];
  const reasons = details.difficulty_reasons;
  if (Array.isArray(reasons)) {
    const texts = reasons.map(asText).filter((r): r is string => r !== null);
    if (texts.length) lines.push({ label: 'Difficulty reasons', value: texts.join('; ') });
  }
  const entry = asText(details.cache_entry_id) ?? asText(details.cache_entry);
  if (entry) lines.push({ label: 'Cache entry', value: entry });
  const similarity = asNumber(details.cache_similarity) ?? asNumber(details.similarity);
  if (similarity !== null) lines.push({ label: 'Similarity', value: similarity.toFixed(3) });
  return lines;
}
