import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints, type Settings } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';

export const OPTIMIZATION_SETTINGS_QUERY_KEY = ['optimization', 'settings'] as const;

export function getOptimizationSettings(): Promise<Settings> {
  return callEndpoint(endpoints.settings.get);
}

export function optimizationSettingsQueryOptions() {
  return queryOptions({
    queryKey: OPTIMIZATION_SETTINGS_QUERY_KEY,
    queryFn: getOptimizationSettings,
  });
}

export function useOptimizationSettings() {
  return useQuery(optimizationSettingsQueryOptions());
}
