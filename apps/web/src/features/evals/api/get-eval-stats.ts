import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EvalStats } from '@tokenwise/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export function getEvalStats(): Promise<EvalStats> {
  return apiRequest<EvalStats>('/v1/evals/stats');
}

export const evalStatsQueryOptions = queryOptions({
  queryKey: ['evals', 'stats'],
  queryFn: getEvalStats,
});

export function useEvalStats() {
  return useQuery(evalStatsQueryOptions);
}
