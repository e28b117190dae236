import type Stripe from 'stripe';
import { z } from 'zod';
import { badRequest } from '../../errors/app-error.ts';
import { unstorableTextRule } from '../../lib/validate.ts';

// Only someone holding the webhook secret can send an event, but what its object holds was bound
// into SQL as is: an id of `true`, an `items.data` that is no list or a period that is no number
// answered 500 with an unhandled error, which Stripe retries for days (decision 235).

/** Epoch seconds: a whole number a millisecond timestamp can be made of. */
const seconds = z.number().int().min(0).max(1e11);
/**
 * Text the handler binds into SQL: PostgreSQL text refuses NUL. Only these fields are checked,
 * not the whole event: a note elsewhere in it must not hold a subscription change back for the
 * three days Stripe retries (review of decision 235).
 */
const stored = z.string().superRefine((text, ctx) => {
  const rule = unstorableTextRule(text);
  if (rule) ctx.addIssue({ code: 'custom', message: rule });
});
/** An id, or the expanded object holding it (read as its id, so a problem is named at the field). */
const ref = z
  .preprocess((v) => (typeof v === 'object' && v !== null && 'id' in v ? v.id : v), stored)
  .nullish();

/** The fields of a subscription the webhook reads, each of the type Stripe documents. */
const SubscriptionShape = z.object({
  id: stored.min(1),
  customer: ref,
  status: z.string(),
  metadata: z.object({ account_id: stored.nullish() }).nullish(),
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
  client_reference_id: stored.nullish(),
});

/** The fields of an invoice the webhook reads: its subscription under `parent` now, top-level before. */
const InvoiceShape = z.object({
  customer: ref,
  parent: z.object({ subscription_details: z.object({ subscription: ref }).nullish() }).nullish(),
  subscription: ref,
});

function shaped<T>(schema: z.ZodType, value: unknown, what: string, where: string): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    // Text the databases cannot store is named where it sits; any other mismatch by the object.
    const issue = result.error.issues[0];
    const told =
      issue?.code === 'custom'
        ? `${[where, ...issue.path].join('.')} ${issue.message}`
        : `${what} is not in Stripe's shape`;
    throw badRequest(`The webhook event's ${told}`);
  }
  return value as T;
}

/** The subscription, as read from an event or from Stripe, or a 400 before anything is claimed. */
export const shapedSubscription = (value: unknown, where = 'data.object') =>
  shaped<Stripe.Subscription>(SubscriptionShape, value, 'subscription', where);

export const shapedCheckout = (value: unknown) =>
  shaped<Stripe.Checkout.Session>(CheckoutShape, value, 'checkout session', 'data.object');

export const shapedInvoice = (value: unknown) =>
  shaped<Stripe.Invoice>(InvoiceShape, value, 'invoice', 'data.object');
