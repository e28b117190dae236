import { PRODUCT_NAME } from './product.ts';

/** Router state the subscription guard hands to /billing, which shows it as a banner. */
export interface SubscriptionRedirectState {
  subscriptionMessage: string;
}

export const SUBSCRIBE_MESSAGE = `Please subscribe to continue using ${PRODUCT_NAME}`;

/** Reads the guard's message from router state; anything else (a plain visit) gives null. */
export function subscriptionMessageFrom(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('subscriptionMessage' in state)) return null;
  const { subscriptionMessage } = state;
  return typeof subscriptionMessage === 'string' ? subscriptionMessage : null;
}
