import { queryOptions, useQuery } from '@tanstack/react-query';
import { ALERT_HISTORY_LIMIT, type AlertHistoryEntry, endpoints } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';
import { ALERTS_QUERY_KEY } from './get-alerts.ts';

// Under the alerts key: whatever refreshes the alerts refreshes their history too.
export const ALERT_HISTORY_QUERY_KEY = [...ALERTS_QUERY_KEY, 'history'] as const;

export function getAlertHistory(): Promise<AlertHistoryEntry[]> {
  return callEndpoint(endpoints.alerts.history, { query: { limit: ALERT_HISTORY_LIMIT } });
}

export function useAlertHistory() {
  return useQuery(queryOptions({ queryKey: ALERT_HISTORY_QUERY_KEY, queryFn: getAlertHistory }));
}
