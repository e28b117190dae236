import { RequestStageDetails } from '@tokenwise/contracts';

/**
 * A request's stage details: the JSON the gateway wrote (difficulty reasons, cache entry and
 * similarity, redaction counts), read through its contract. A damaged value reads as none rather
 * than failing the answer.
 */
export function parseDetails(text: string | null): RequestStageDetails | null {
  if (!text) return null;
  try {
    const parsed = RequestStageDetails.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
