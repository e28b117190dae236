import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { useStarted } from '../../../testing/use-started.ts';
import { type StripeStandIn, startStripeStandIn } from './stripe-stand-in.ts';
import { stripeEnv } from './stripe-webhook-sender.ts';

/**
 * For the enclosing describe: the Stripe API stand-in, and a test server whose Stripe settings
 * point at it (plus `opts.env`), started before its tests and closed after them.
 */
export function useStripeServer(
  opts: { env?: Record<string, string>; clock?: () => number } = {},
): { stripe: StripeStandIn; server: TestServer } {
  const stripe = useStarted(startStripeStandIn, (started) => started.close());
  // Started in before(), after the stand-in's own before(), so its URL is known by then.
  const server = useStarted(
    () => startTestServer({ ...opts, env: { ...stripeEnv(stripe.url), ...opts.env } }),
    (started) => started.close(),
  );
  return { stripe, server };
}
