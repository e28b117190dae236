import { useMutation } from '@tanstack/react-query';
import { type CheckoutRequest, endpoints, type RedirectResponse } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';

export function startCheckout(body: CheckoutRequest): Promise<RedirectResponse> {
  return callEndpoint(endpoints.billing.checkout, { body });
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
