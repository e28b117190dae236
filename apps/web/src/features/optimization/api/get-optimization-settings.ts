import { endpoints } from '@tokenwise/contracts';
import { useEndpointQuery } from '../../../lib/endpoint-query.ts';

export const OPTIMIZATION_SETTINGS_QUERY_KEY = ['optimization', 'settings'] as const;

export function useOptimizationSettings() {
  return useEndpointQuery(OPTIMIZATION_SETTINGS_QUERY_KEY, endpoints.settings.get);
}
