import { useQuery } from '@tanstack/react-query';
import { endpoints, type GettingStarted } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';

export const GETTING_STARTED_QUERY_KEY = ['getting-started'] as const;

/** While the checklist is open it asks again now and then, so a first request ticks it off. */
const RECHECK_MS = 5_000;

export function getGettingStarted(): Promise<GettingStarted> {
  return callEndpoint(endpoints.gettingStarted.status);
}

export function useGettingStarted() {
  return useQuery({
    queryKey: GETTING_STARTED_QUERY_KEY,
    queryFn: getGettingStarted,
    refetchInterval: (query) => (query.state.data?.done ? false : RECHECK_MS),
  });
}
