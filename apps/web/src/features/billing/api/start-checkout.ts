import { useMutation } from '@tanstack/react-query';
import type { CheckoutRequest, RedirectResponse } from '@tokenwise/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export function startCheckout(body: CheckoutRequest): Promise<RedirectResponse> {
  return apiRequest<RedirectResponse>('/v1/billing/checkout', { method: 'POST', body });
}

/**
 * Leaves the app for the payment provider's page (or, with local billing, reloads /billing with
 * ?checkout=success), so every screen starts fresh with the new subscription.
 */
export function useStartCheckout() {
  return useMutation({
    mutationFn: startCheckout,
    onSuccess: ({ url }) => {
      window.location.href = url;
    },
  });
}
