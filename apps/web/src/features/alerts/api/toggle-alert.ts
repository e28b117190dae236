import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Alert, endpoints } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';
import { ALERTS_QUERY_KEY } from './get-alerts.ts';

/** The list's Enable/Disable: a partial `{enabled}` (spec section 7). */
export function toggleAlert({ id, enabled }: { id: string; enabled: boolean }): Promise<Alert> {
  return callEndpoint(endpoints.alerts.update, { params: { id }, body: { enabled } });
}

export function useToggleAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleAlert,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ALERTS_QUERY_KEY }),
  });
}
