import type Stripe from 'stripe';
import type { StripeConfig } from '../../config/env.ts';
import { AppError } from '../../errors/app-error.ts';

/**
 * The Stripe SDK, aimed at api.stripe.com or, with STRIPE_API_URL, at another host (a local
 * stand-in in tests, stripe-mock). The SDK's own retries cover Stripe's transient errors.
 */
export async function createStripeClient(config: StripeConfig): Promise<Stripe> {
  // Loaded only when billing runs through Stripe: the SDK is ~0.8 s of CPU and a few MB of heap
  // at start-up that local billing never uses.
  const { default: Stripe } = await import('stripe');
  if (!config.apiUrl) return new Stripe(config.secretKey, { maxNetworkRetries: 2 });
  const url = new URL(config.apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(config.secretKey, {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
    maxNetworkRetries: 0,
  });
}

/**
 * Stripe unreachable or refusing: a 502 the screen shows (and that Stripe retries, for a webhook),
 * not a 500, nor Stripe's own status and message passed through.
 */
export async function unavailableOnFailure<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError(502, 'billing_unavailable', 'The payment provider could not be reached');
  }
}
