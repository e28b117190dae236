import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Alert, type AlertInput, type AlertWithSecret, endpoints } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';
import { ALERTS_QUERY_KEY } from './get-alerts.ts';

export interface SaveAlertArgs {
  /** Absent: a new alert. */
  id?: string;
  body: AlertInput;
}

/** Creates (answering the webhook secret once) or replaces an alert. */
export function saveAlert({ id, body }: SaveAlertArgs): Promise<Alert | AlertWithSecret> {
  return id
    ? callEndpoint(endpoints.alerts.update, { params: { id }, body })
    : callEndpoint(endpoints.alerts.create, { body });
}

export function useSaveAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAlert,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ALERTS_QUERY_KEY }),
  });
}
