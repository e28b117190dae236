import Stripe from 'stripe';

export const STRIPE_WEBHOOK_SECRET = 'whsec_test_secret';
// Only for signing test events: generateTestHeaderString needs no API access.
const signer = new Stripe('sk_test_signer');

/** The server's Stripe settings, aimed at the stand-in for the Stripe API. */
export function stripeEnv(standInUrl: string): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: 'sk_test_server',
    STRIPE_PRICE_ID: PAID_PRICE_ID,
    STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET,
    STRIPE_API_URL: standInUrl,
  };
}

/** The `stripe-signature` header Stripe would send with `payload`. */
export function stripeSignature(
  payload: string,
  secret = STRIPE_WEBHOOK_SECRET,
  timestamp?: number,
): string {
  return signer.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp === undefined ? {} : { timestamp }),
  });
}

/** The price the test server sells (STRIPE_PRICE_ID in `stripeEnv`). */
export const PAID_PRICE_ID = 'price_paid_tier';

const DAY = 86_400;

/** What a test changes in `stripeSubscription`'s object; other keys replace its top-level fields. */
export interface SubscriptionFields {
  /** The price it bills (default: the one the test server sells). */
  price?: string;
  /** Its period's start, epoch seconds (default: now); the period lasts 30 days. */
  start?: number;
  [field: string]: unknown;
}

/**
 * A subscription object as Stripe's events carry it: its own customer, the account in its
 * metadata, no trial, a 30-day period starting now; `fields` changes any of these.
 */
export function stripeSubscription(
  id: string,
  accountId: string,
  status: string,
  {
    price = PAID_PRICE_ID,
    start = Math.floor(Date.now() / 1000),
    ...fields
  }: SubscriptionFields = {},
) {
  return {
    id,
    object: 'subscription',
    customer: `cus_${id}`,
    status,
    metadata: { account_id: accountId },
    trial_end: null,
    items: {
      object: 'list',
      data: [
        {
          id: 'si_1',
          price: { id: price, object: 'price' },
          current_period_start: start,
          current_period_end: start + 30 * DAY,
        },
      ],
    },
    ...fields,
  };
}

export interface DeliveredEvent {
  status: number;
  body: { received?: boolean; applied?: boolean; message?: string };
  payload: string;
}

/**
 * Posts events to the server's webhook as Stripe would, signed with the webhook secret (or
 * `secret`, at `signedAt` epoch seconds, else now); `created` in epoch seconds. Event ids count up unless one is given.
 */
export function stripeWebhookSender(serverUrl: () => string, idPrefix = 'evt_test') {
  let events = 0;
  return async function deliver(
    type: string,
    object: Record<string, unknown>,
    created: number,
    opts: { id?: string; secret?: string; signedAt?: number } = {},
  ): Promise<DeliveredEvent> {
    events += 1;
    const payload = JSON.stringify({
      id: opts.id ?? `${idPrefix}_${events}`,
      object: 'event',
      type,
      created,
      data: { object },
    });
    const signature = stripeSignature(payload, opts.secret, opts.signedAt);
    const res = await fetch(`${serverUrl()}/v1/billing/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    return { status: res.status, body: (await res.json()) as DeliveredEvent['body'], payload };
  };
}
