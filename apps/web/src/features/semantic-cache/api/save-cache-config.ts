import { endpoints } from '@tokenwise/contracts';
import { useSaveConfig } from '../../../lib/endpoint-mutation.ts';
import { CACHE_CONFIG_QUERY_KEY } from './get-cache-config.ts';

/** `PUT /v1/semantic-cache/config` with the whole config; the answer is the config as stored. */
export function useSaveCacheConfig() {
  return useSaveConfig(endpoints.semanticCache.saveConfig, CACHE_CONFIG_QUERY_KEY);
}
