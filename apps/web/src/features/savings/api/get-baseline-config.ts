import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BaselineConfig } from '@tokenwise/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export function getBaselineConfig(): Promise<BaselineConfig> {
  return apiRequest<BaselineConfig>('/v1/baseline/config');
}

export const baselineConfigQueryOptions = queryOptions({
  queryKey: ['baseline', 'config'],
  queryFn: getBaselineConfig,
});

export function useBaselineConfig() {
  return useQuery(baselineConfigQueryOptions);
}
