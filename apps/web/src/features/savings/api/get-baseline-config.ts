import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@tokenwise/contracts';
import { endpointQueryOptions } from '../../../lib/endpoint-query.ts';

export const baselineConfigQueryOptions = endpointQueryOptions(
  ['baseline', 'config'],
  endpoints.baseline.get,
);

export function useBaselineConfig() {
  return useQuery(baselineConfigQueryOptions);
}
