import { useMutation } from '@tanstack/react-query';
import type { RedirectResponse } from '@tokenwise/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export function openPortal(): Promise<RedirectResponse> {
  return apiRequest<RedirectResponse>('/v1/billing/portal', { method: 'POST' });
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
