import type { RequestLogRow } from '@tokenwise/db';
import { parseDetails } from '../../domain/analytics/request-details.ts';

/**
 * The seam for the semantic cache: stop serving the entry that produced a disliked answer until
 * it is refreshed. The cache feature supplies it when app.ts registers the eval routes
 * (`{ deps, demoteCacheEntry }`); resolves true when an entry was demoted.
 */
export type DemoteCacheEntry = (entry: {
  accountId: string;
  requestId: string;
  cacheEntryId: string;
}) => Promise<boolean>;

/**
 * Runs after a thumbs-down is saved. Only a cache hit whose details name the entry it came from
 * (`cache_entry_id`) has anything to demote; without a registered callback nothing happens.
 */
export async function onNegativeFeedback(
  accountId: string,
  request: Pick<RequestLogRow, 'id' | 'cache_hit' | 'details'>,
  demote: DemoteCacheEntry | undefined,
): Promise<boolean> {
  if (!demote || request.cache_hit !== 1) return false;
  const cacheEntryId = parseDetails(request.details)?.cache_entry_id;
  if (typeof cacheEntryId !== 'string' || cacheEntryId === '') return false;
  return demote({ accountId, requestId: request.id, cacheEntryId });
}
