import { queryOptions, useQuery } from '@tanstack/react-query';
import { type BaselineConfig, endpoints } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';

export function getBaselineConfig(): Promise<BaselineConfig> {
  return callEndpoint(endpoints.baseline.get);
}

export const baselineConfigQueryOptions = queryOptions({
  queryKey: ['baseline', 'config'],
  queryFn: getBaselineConfig,
});

export function useBaselineConfig() {
  return useQuery(baselineConfigQueryOptions);
}
