import { queryOptions, useQuery } from '@tanstack/react-query';
import { type EvalStats, endpoints } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';

export function getEvalStats(): Promise<EvalStats> {
  return callEndpoint(endpoints.evals.stats);
}

export const evalStatsQueryOptions = queryOptions({
  queryKey: ['evals', 'stats'],
  queryFn: getEvalStats,
});

export function useEvalStats() {
  return useQuery(evalStatsQueryOptions);
}
