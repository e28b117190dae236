import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints, type SAVINGS_RANGES, type Savings } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';

export type SavingsRange = (typeof SAVINGS_RANGES)[number];

export function getSavings(range: SavingsRange): Promise<Savings> {
  return callEndpoint(endpoints.savings.get, { query: { range } });
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
