import { endpoints } from '@tokenwise/contracts';
import { useDeleteById } from '../../../lib/endpoint-mutation.ts';
import { ALERTS_QUERY_KEY } from './get-alerts.ts';

export function useDeleteAlert() {
  return useDeleteById(endpoints.alerts.delete, ALERTS_QUERY_KEY);
}
