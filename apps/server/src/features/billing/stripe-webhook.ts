import { randomUUID } from 'node:crypto';
import { PAID_TIER } from '@tokenwise/contracts';
import type { Database, SubscriptionRow, SubscriptionStatus } from '@tokenwise/db';
import type { Kysely, Transaction } from 'kysely';
import type Stripe from 'stripe';
import type { WebhookOutcome } from '../../domain/billing/billing-provider.ts';
import { upsertSubscription } from '../../domain/billing/subscription.repository.ts';
import { holdUntilCommit } from '../../lib/hold-until-commit.ts';
import { claimEvent, knownStates } from './billing-events.repository.ts';
import type { StripeBillingDeps } from './stripe-billing.ts';
import { unavailableOnFailure } from './stripe-client.ts';
import { shapedCheckout, shapedInvoice, shapedSubscription } from './stripe-object-shape.ts';

/** Stripe's statuses in ours: only trialing and active open the app (spec: active or inactive). */
const STATUS: Record<Stripe.Subscription.Status, SubscriptionStatus> = {
  trialing: 'trialing',
  active: 'active',
  past_due: 'past_due',
  unpaid: 'unpaid',
  incomplete: 'incomplete',
  paused: 'paused',
  canceled: 'canceled',
  incomplete_expired: 'canceled',
};

/**
 * For two events of the same second (Stripe's `created` has second precision): the one further
 * along the lifecycle wins. A later second always wins, so a paid invoice after past_due still
 * brings a subscription back to active.
 */
const LIFECYCLE_RANK: Record<SubscriptionStatus, number> = {
  trialing: 0,
  incomplete: 0,
  active: 1,
  past_due: 2,
  paused: 2,
  unpaid: 3,
  canceled: 4,
};

/** What an event says about one Stripe subscription. */
interface Change {
  subscriptionId: string;
  customerId: string | null;
  accountId: string | null;
  status: SubscriptionStatus;
  /** The subscription's own fields, when the event carries (or led us to fetch) it. */
  subscription?: Stripe.Subscription;
  /** Applies only to a subscription now in one of these statuses. */
  onlyFrom?: readonly SubscriptionStatus[];
  /** The subscription is to none of the prices this server sells: another product's (decision 132). */
  foreignPrice?: boolean;
}

/** What an event did, and a Stripe subscription the account no longer follows but that may still bill. */
export interface StripeEventOutcome extends WebhookOutcome {
  superseded?: string;
}

/**
 * Applies one verified event. Idempotent by event id (a redelivery changes nothing); an event
 * older than the newest one applied to the same subscription changes nothing; a canceled
 * subscription is never brought back by a late event about it.
 */
export async function handleStripeEvent(
  d: StripeBillingDeps,
  event: Stripe.Event,
): Promise<StripeEventOutcome> {
  const change = await changeOf(d, event);
  const occurredAt = event.created * 1000;
  return d.db.kysely.transaction().execute(async (trx) => {
    const claim = {
      id: event.id,
      type: event.type,
      object_id: change?.subscriptionId ?? null,
      occurred_at: occurredAt,
      status: change?.status ?? null,
      received_at: d.clock(),
    };
    if (!change) {
      await claimEvent(trx, { ...claim, applied: 0 });
      return { eventId: event.id, applied: false };
    }
    // Stripe delivers a subscription's events in parallel: each one reads what was applied and
    // decides, so two at once must not both decide on the same stale read (PostgreSQL; SQLite
    // runs one write transaction at a time). The account is held too: events about its old and
    // new subscriptions both decide which one its row follows.
    await holdUntilCommit(trx, d.db.dialect, `stripe subscription ${change.subscriptionId}`);
    let current = await rowFor(trx, change);
    const held = current?.account_id ?? change.accountId;
    if (held !== null) {
      await holdUntilCommit(trx, d.db.dialect, `account subscription ${held}`);
      current = await rowFor(trx, change);
    }
    // Another product sold by the same Stripe account is none of this server's business, unless
    // it is the plan the account had here, switched to that product (it then ends, below).
    if (change.foreignPrice && current?.external_subscription_id !== change.subscriptionId) {
      d.log.warn(
        { event: event.id, subscription: change.subscriptionId },
        'ignored a Stripe subscription to a price this server does not sell',
      );
      await claimEvent(trx, { ...claim, applied: 0 });
      return { eventId: event.id, applied: false };
    }
    const another = closesAnother(change, current);
    const apply =
      (current !== undefined || (await accountExists(trx, change.accountId))) &&
      (!change.onlyFrom || (current !== undefined && change.onlyFrom.includes(current.status))) &&
      !another;
    const fresh = apply && (await isNewest(trx, change, occurredAt, current));
    if (!(await claimEvent(trx, { ...claim, applied: fresh ? 1 : 0 }))) {
      return { eventId: event.id, applied: false };
    }
    // News of a replaced subscription that has not ended: it may still collect its unpaid invoice.
    const stillOpen = another && change.status !== 'canceled' ? change.subscriptionId : undefined;
    if (!fresh) return { eventId: event.id, applied: false, superseded: stillOpen };
    const accountId = current?.account_id ?? change.accountId ?? '';
    await upsertSubscription(trx, rowOf(change, accountId, current, d.clock(), occurredAt));
    return { eventId: event.id, applied: true, accountId, superseded: replaced(change, current) };
  });
}

/** The subscription an event is about, or null for events we do not act on. */
async function changeOf(d: StripeBillingDeps, event: Stripe.Event): Promise<Change | null> {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = shapedCheckout(event.data.object);
      const id = idOf(session.subscription);
      if (session.mode !== 'subscription' || !id) return null;
      // The session names the subscription; its state is read from Stripe itself.
      // Unreadable: a 502 before the event is claimed, so Stripe's retry applies it.
      const subscription = shapedSubscription(
        await unavailableOnFailure(() => d.stripe.subscriptions.retrieve(id)),
        'data.object.subscription',
      );
      return {
        ...fromSubscription(subscription, d.config.acceptedPriceIds),
        accountId: session.client_reference_id ?? subscription.metadata.account_id ?? null,
        customerId: idOf(session.customer) ?? idOf(subscription.customer),
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return fromSubscription(shapedSubscription(event.data.object), d.config.acceptedPriceIds);
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = shapedInvoice(event.data.object);
      const id = invoiceSubscriptionId(invoice);
      if (!id) return null;
      return {
        subscriptionId: id,
        customerId: idOf(invoice.customer),
        accountId: null,
        // A paid invoice ends a past_due or unpaid spell, or completes an incomplete first payment;
        // on a trialing or active subscription (the trial's $0 invoice, a renewal) the subscription
        // events carry the state, and a paused one bills nothing until resumed (which they report).
        ...(event.type === 'invoice.paid'
          ? { status: 'active', onlyFrom: ['past_due', 'unpaid', 'incomplete'] }
          : { status: 'past_due', onlyFrom: ['trialing', 'active'] }),
      };
    }
    default:
      return null;
  }
}

function fromSubscription(s: Stripe.Subscription, accepted: readonly string[]): Change {
  return {
    subscriptionId: s.id,
    customerId: idOf(s.customer),
    accountId: s.metadata?.account_id ?? null,
    // A status Stripe adds later reads as past_due; own keys only, so `constructor` is one too.
    status: (Object.hasOwn(STATUS, s.status) && STATUS[s.status]) || 'past_due',
    subscription: s,
    foreignPrice: !pricesOf(s).some((price) => accepted.includes(price)),
  };
}

/** The prices a subscription bills: on its items, or `plan` in API versions before prices. */
function pricesOf(s: Stripe.Subscription): string[] {
  const items = (s.items?.data ?? []) as { price?: { id?: string }; plan?: { id?: string } }[];
  const legacy = (s as unknown as { plan?: { id?: string } | null }).plan?.id;
  return [...items.map((item) => item.price?.id ?? item.plan?.id), legacy].filter(
    (id): id is string => typeof id === 'string',
  );
}

/**
 * An event about a subscription other than the one the account's row follows (an older one the
 * account replaced by resubscribing) may take the row over only by opening the app, as a new
 * checkout does. Its end (Stripe canceling an unpaid old subscription) or a failed payment says
 * nothing about the subscription the account pays for now, and must not close it.
 */
function closesAnother(change: Change, current: SubscriptionRow | undefined): boolean {
  const followed = current?.external_subscription_id ?? null;
  if (followed === null || followed === change.subscriptionId) return false;
  return change.status !== 'trialing' && change.status !== 'active';
}

/**
 * The subscription a resubscription took the row over from, when Stripe may still bill it: a
 * past-due one retries its invoice for weeks, and the account would pay twice if a retry worked.
 * One set to end is left alone: Stripe ends it on its date, or it was switched to another product
 * of the Stripe account (decision 132) and bills for that now.
 */
function replaced(change: Change, current: SubscriptionRow | undefined): string | undefined {
  const before = current?.external_subscription_id;
  if (!before || before === change.subscriptionId || current?.provider !== 'stripe')
    return undefined;
  return current.status === 'canceled' || current.cancel_at !== null ? undefined : before;
}

async function rowFor(
  trx: Transaction<Database> | Kysely<Database>,
  change: Change,
): Promise<SubscriptionRow | undefined> {
  const byExternal = await trx
    .selectFrom('subscriptions')
    .selectAll()
    .where('external_subscription_id', '=', change.subscriptionId)
    .executeTakeFirst();
  if (byExternal || !change.accountId) return byExternal;
  return trx
    .selectFrom('subscriptions')
    .selectAll()
    .where('account_id', '=', change.accountId)
    .executeTakeFirst();
}

/**
 * An account named by an event's metadata may not be here: deleted since its checkout, or another
 * install's sharing the Stripe account. Its event is acknowledged and applies to nothing.
 */
async function accountExists(
  trx: Transaction<Database>,
  accountId: string | null,
): Promise<boolean> {
  if (accountId === null) return false;
  const row = await trx
    .selectFrom('accounts')
    .select('id')
    .where('id', '=', accountId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The envelope every Stripe event has; the handlers read `data.object` and `created`. */
export function isStripeEvent(event: unknown): event is Stripe.Event {
  if (typeof event !== 'object' || event === null) return false;
  const e = event as { id?: unknown; type?: unknown; created?: unknown; data?: unknown };
  const data = e.data as { object?: unknown } | null | undefined;
  return (
    typeof e.id === 'string' &&
    typeof e.type === 'string' &&
    Number.isSafeInteger(e.created) &&
    typeof data?.object === 'object' &&
    data.object !== null
  );
}

/**
 * Whether this event is the newest word on its subscription: Stripe does not deliver in order, so
 * an event older than one already received (applied or not: the end of a subscription the row did
 * not follow yet) changes nothing, and a canceled subscription never opens again (Stripe cannot
 * reactivate one).
 */
async function isNewest(
  trx: Transaction<Database>,
  change: Change,
  occurredAt: number,
  current: SubscriptionRow | undefined,
): Promise<boolean> {
  const sameSubscription = current?.external_subscription_id === change.subscriptionId;
  if (sameSubscription && current?.status === 'canceled' && change.status !== 'canceled') {
    return false;
  }
  const known = await knownStates(trx, change.subscriptionId);
  if (change.status !== 'canceled' && known.some((k) => k.status === 'canceled')) return false;
  return known.every((k) =>
    occurredAt === k.occurred_at
      ? LIFECYCLE_RANK[change.status] >= LIFECYCLE_RANK[k.status]
      : occurredAt > k.occurred_at,
  );
}

function rowOf(
  change: Change,
  accountId: string,
  current: SubscriptionRow | undefined,
  now: number,
  occurredAt: number,
): SubscriptionRow {
  const s = change.subscription;
  const period = s ? periodOf(s) : undefined;
  return {
    id: current?.id ?? randomUUID(),
    account_id: accountId,
    tier: current?.tier ?? 'paid',
    status: change.status,
    provider: 'stripe',
    external_customer_id: change.customerId ?? current?.external_customer_id ?? null,
    external_subscription_id: change.subscriptionId,
    monthly_fee: current?.monthly_fee ?? PAID_TIER.monthly_fee,
    monthly_token_quota: current?.monthly_token_quota ?? PAID_TIER.monthly_token_quota,
    savings_percentage: current?.savings_percentage ?? PAID_TIER.savings_percentage,
    trial_ends_at: s
      ? s.trial_end === null
        ? null
        : s.trial_end * 1000
      : (current?.trial_ends_at ?? null),
    current_period_start: period?.start ?? current?.current_period_start ?? now,
    current_period_end: period?.end ?? current?.current_period_end ?? now,
    // A plan switched to another product ended here when it switched; switched back, it reopens.
    cancel_at: change.foreignPrice
      ? Math.min(occurredAt, now)
      : s
        ? cancelAtOf(s, period)
        : (current?.cancel_at ?? null),
    created_at: current?.created_at ?? now,
    updated_at: now,
  };
}

/**
 * The billing period: on the subscription's items since Stripe API 2025-03-31 (the SDK's
 * version), on the subscription itself before; both are read so either payload works.
 */
function periodOf(s: Stripe.Subscription): { start: number; end: number } | undefined {
  const item = s.items?.data?.[0] as
    | { current_period_start?: number; current_period_end?: number }
    | undefined;
  const legacy = s as unknown as { current_period_start?: number; current_period_end?: number };
  const start = item?.current_period_start ?? legacy.current_period_start;
  const end = item?.current_period_end ?? legacy.current_period_end;
  return start && end ? { start: start * 1000, end: end * 1000 } : undefined;
}

/**
 * When a subscription that will not renew ends: Stripe's `cancel_at` (a date the portal or the API
 * set, or the period end it fills in for `cancel_at_period_end`), else the period end when only
 * the flag came; null while it renews.
 */
function cancelAtOf(
  s: Stripe.Subscription,
  period: { start: number; end: number } | undefined,
): number | null {
  if (s.cancel_at) return s.cancel_at * 1000;
  return s.cancel_at_period_end && period ? period.end : null;
}

/** The invoice's subscription: under `parent` in the current API, top-level in older ones. */
function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const current = idOf(invoice.parent?.subscription_details?.subscription);
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null })
    .subscription;
  return current ?? idOf(legacy);
}

function idOf(ref: string | { id: string } | null | undefined): string | null {
  if (!ref) return null;
  return typeof ref === 'string' ? ref : ref.id;
}
