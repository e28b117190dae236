import type { Subscription } from '@tokenwise/contracts';

export interface SubscriptionBadge {
  label: string;
  color: string;
}

const STATUS_BADGES: Record<Subscription['status'], SubscriptionBadge> = {
  trialing: { label: 'Free Trial', color: 'blue' },
  active: { label: 'Active', color: 'green' },
  incomplete: { label: 'Payment Incomplete', color: 'yellow' },
  past_due: { label: 'Past Due', color: 'yellow' },
  unpaid: { label: 'Unpaid', color: 'red' },
  paused: { label: 'Paused', color: 'gray' },
  canceled: { label: 'Canceled', color: 'gray' },
};

const INACTIVE: SubscriptionBadge = { label: 'Inactive', color: 'gray' };

/**
 * The plan's status as a badge. A trialing or active plan can be closed with no word from the
 * payment provider (its renewal never came within the grace): 'Active' beside 'Subscription
 * inactive' would contradict the card, so it reads Inactive.
 */
export function subscriptionBadge(subscription: Subscription): SubscriptionBadge {
  const live = subscription.status === 'trialing' || subscription.status === 'active';
  if (live && !subscription.is_active) return INACTIVE;
  return STATUS_BADGES[subscription.status];
}
