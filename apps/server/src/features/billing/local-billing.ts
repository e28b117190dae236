import { randomUUID } from 'node:crypto';
import { PAID_TIER } from '@tokenwise/contracts';
import type { Db } from '@tokenwise/db';
import { addMonths } from '../../domain/billing/billing-period.ts';
import type { BillingProvider } from '../../domain/billing/billing-provider.ts';
import {
  findSubscription,
  isActive,
  upsertSubscription,
} from '../../domain/billing/subscription.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Billing with no payment processor (the embedded default): checkout starts the 14-day trial at
 * once and the paid tier then renews by itself. See docs/decisions/002-local-billing.md.
 */
export function createLocalBilling(db: Db, clock: () => number): BillingProvider {
  return {
    id: 'local',
    async startCheckout({ account }) {
      const existing = await findSubscription(db.kysely, account.id);
      const now = clock();
      if (!isActive(existing, now)) {
        const trialEnd = now + PAID_TIER.trial_days * DAY_MS;
        await upsertSubscription(db.kysely, {
          id: existing?.id ?? randomUUID(),
          account_id: account.id,
          tier: 'paid',
          // A returning account gets no second trial: its paid month starts now.
          status: existing ? 'active' : 'trialing',
          provider: 'local',
          external_customer_id: null,
          external_subscription_id: null,
          monthly_fee: PAID_TIER.monthly_fee,
          monthly_token_quota: PAID_TIER.monthly_token_quota,
          savings_percentage: PAID_TIER.savings_percentage,
          trial_ends_at: existing ? null : trialEnd,
          current_period_start: now,
          current_period_end: existing ? addMonths(now, 1) : trialEnd,
          cancel_at: null,
          created_at: existing?.created_at ?? now,
          updated_at: now,
        });
      }
      // Relative, so it works whatever host name the browser used to reach us.
      return '/billing?checkout=success';
    },
    async openPortal() {
      return '/billing?portal=local';
    },
  };
}
