import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@tokenwise/contracts';
import { endpointQueryOptions } from '../../../lib/endpoint-query.ts';

export const evalStatsQueryOptions = endpointQueryOptions(
  ['evals', 'stats'],
  endpoints.evals.stats,
);

export function useEvalStats() {
  return useQuery(evalStatsQueryOptions);
}
