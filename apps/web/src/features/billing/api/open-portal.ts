import { useMutation } from '@tanstack/react-query';
import { endpoints, type RedirectResponse } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';

export function openPortal(): Promise<RedirectResponse> {
  return callEndpoint(endpoints.billing.portal);
}

/** Sends the browser to the provider's self-service page for plan and payment changes. */
export function useOpenPortal() {
  return useMutation({
    mutationFn: openPortal,
    onSuccess: ({ url }) => {
      window.location.href = url;
    },
  });
}
