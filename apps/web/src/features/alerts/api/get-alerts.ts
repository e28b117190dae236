import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Alert, endpoints } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';

export const ALERTS_QUERY_KEY = ['alerts'] as const;

export function getAlerts(): Promise<Alert[]> {
  return callEndpoint(endpoints.alerts.list);
}

export function alertsQueryOptions() {
  return queryOptions({ queryKey: ALERTS_QUERY_KEY, queryFn: getAlerts });
}

export function useAlerts() {
  return useQuery(alertsQueryOptions());
}
