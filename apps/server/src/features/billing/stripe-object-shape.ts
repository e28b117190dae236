import type Stripe from 'stripe';
import { z } from 'zod';
import { badRequest } from '../../errors/app-error.ts';

// Only someone holding the webhook secret can send an event, but what its object holds was bound
// into SQL as is: an id of `true`, an `items.data` that is no list or a period that is no number
// answered 500 with an unhandled error, which Stripe retries for days (decision 235).

/** Epoch seconds: a whole number a millisecond timestamp can be made of. */
const seconds = z.number().int().min(0).max(1e11);
const ref = z.union([z.string(), z.object({ id: z.string() })]).nullish();

/** The fields of a subscription the webhook reads, each of the type Stripe documents. */
const SubscriptionShape = z.object({
  id: z.string().min(1),
  customer: ref,
  status: z.string(),
  metadata: z.object({ account_id: z.string().nullish() }).nullish(),
  items: z
    .object({
      data: z.array(
        z.object({
          price: z.object({ id: z.string().optional() }).nullish(),
          plan: z.object({ id: z.string().optional() }).nullish(),
          current_period_start: seconds.optional(),
          current_period_end: seconds.optional(),
        }),
      ),
    })
    .nullish(),
  plan: z.object({ id: z.string().optional() }).nullish(),
  current_period_start: seconds.optional(),
  current_period_end: seconds.optional(),
  trial_end: seconds.nullish(),
  cancel_at: seconds.nullish(),
  cancel_at_period_end: z.boolean().nullish(),
});

/** The fields of a completed checkout the webhook reads. */
const CheckoutShape = z.object({
  mode: z.string().nullish(),
  subscription: ref,
  customer: ref,
  client_reference_id: z.string().nullish(),
});

function shaped<T>(schema: z.ZodType, value: unknown, what: string): T {
  if (!schema.safeParse(value).success) {
    throw badRequest(`The webhook event's ${what} is not in Stripe's shape`);
  }
  return value as T;
}

/** The subscription, as read from an event or from Stripe, or a 400 before anything is claimed. */
export const shapedSubscription = (value: unknown) =>
  shaped<Stripe.Subscription>(SubscriptionShape, value, 'subscription');

export const shapedCheckout = (value: unknown) =>
  shaped<Stripe.Checkout.Session>(CheckoutShape, value, 'checkout session');
