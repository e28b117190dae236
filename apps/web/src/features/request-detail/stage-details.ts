import type { RequestDetail, RequestStageDetails } from '@tokenwise/contracts';

/** What the gateway's stages noted about a request, as label and value lines for the screen. */
export interface StageDetail {
  label: string;
  value: string;
}

type PiiKind = keyof NonNullable<RequestStageDetails['pii_redacted']>;

/** One and many of each kind, as the PII switches on Settings name them. */
const PII_NAMES: Record<PiiKind, [one: string, many: string]> = {
  email: ['email', 'emails'],
  phone: ['phone number', 'phone numbers'],
  ssn: ['SSN', 'SSNs'],
  credit_card: ['credit card', 'credit cards'],
  ip_address: ['IP address', 'IP addresses'],
  secret: ['secret', 'secrets'],
};

/**
 * The lines the screen explains from a request's `details` (typed by its contract): the difficulty
 * reasons, on a cache hit the entry and its similarity, what PII redaction kept from the provider,
 * any optimization skipped with its reason, and a price the gateway does not know. The cache layer
 * is not shown on this screen.
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
  const redacted = Object.entries(details.pii_redacted ?? {})
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => {
      const [one, many] = PII_NAMES[kind as PiiKind];
      return `${n} ${n === 1 ? one : many}`;
    });
  if (redacted.length) lines.push({ label: 'PII redacted', value: redacted.join(', ') });
  const skipped = details.optimizations_skipped ?? [];
  // One line: the panel keys its rows by label.
  if (skipped.length) lines.push({ label: 'Skipped', value: skipped.join('; ') });
  if (details.price_unknown) {
    lines.push({
      label: 'Price',
      value: 'unknown: the model has no listed price yet, so its cost and savings show as $0',
    });
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
