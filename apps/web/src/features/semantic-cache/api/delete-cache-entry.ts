import { endpoints } from '@tokenwise/contracts';
import { useDeleteById } from '../../../lib/endpoint-mutation.ts';
import { SEMANTIC_CACHE_QUERY_KEY } from './query-keys.ts';

/** `DELETE /v1/semantic-cache/entries/{id}`: the next matching request goes to the provider. */
export function useDeleteCacheEntry() {
  return useDeleteById(endpoints.semanticCache.deleteEntry, SEMANTIC_CACHE_QUERY_KEY);
}
