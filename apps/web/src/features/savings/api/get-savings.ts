import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SAVINGS_RANGES, Savings } from '@tokenwise/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export type SavingsRange = (typeof SAVINGS_RANGES)[number];

export function getSavings(range: SavingsRange): Promise<Savings> {
  return apiRequest<Savings>(`/v1/savings?range=${range}`);
}

export function savingsQueryOptions(range: SavingsRange) {
  return queryOptions({
    queryKey: ['savings', range],
    queryFn: () => getSavings(range),
  });
}

/** The previous period stays on screen while another one loads. */
export function useSavings(range: SavingsRange) {
  return useQuery({ ...savingsQueryOptions(range), placeholderData: keepPreviousData });
}
