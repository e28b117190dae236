import { isDatabaseUnavailable, type SubscriptionRow } from '@tokenwise/db';
import type { AppDeps } from '../../deps.ts';
import { currentPeriod, type Period } from '../../domain/billing/billing-period.ts';
import { findSubscription, isActive } from '../../domain/billing/subscription.repository.ts';
import { findUsage } from '../../domain/billing/usage.repository.ts';
import {
  type AccountSettings,
  getAccountSettings,
} from '../../domain/settings/account-settings.repository.ts';
import { ACCOUNT_SETTINGS_CHANGED_TOPIC, SUBSCRIPTION_CHANGED_TOPIC } from '../../domain/topics.ts';

/** What the pipeline needs to know about an account on every request. */
export interface AccountState {
  accountId: string;
  subscription: SubscriptionRow | undefined;
  active: boolean;
  period: Period | undefined;
  /** Optimized tokens used this period, including requests not yet flushed to the database. */
  optimizedTokensUsed: number;
  quota: number;
  settings: AccountSettings;
}

// Subscriptions and usage change rarely relative to request rates; a short memo saves two reads
// per request. Settings changes are pushed over the bus so they apply at once.
const TTL_MS = 2_000;

export class AccountStateCache {
  private readonly entries = new Map<string, { state: AccountState; at: number }>();
  /** Tokens counted by this instance since the state was read, so quota checks include them. */
  private readonly pendingTokens = new Map<string, number>();
  /** One database read per account at a time: requests arriving together share it. */
  private readonly reading = new Map<string, Promise<AccountState>>();

  constructor(private readonly deps: AppDeps) {
    for (const topic of [ACCOUNT_SETTINGS_CHANGED_TOPIC, SUBSCRIPTION_CHANGED_TOPIC]) {
      deps.bus.subscribe(topic, (accountId) => this.invalidate(accountId));
    }
  }

  async get(accountId: string): Promise<AccountState> {
    const now = this.deps.clock();
    const hit = this.entries.get(accountId);
    if (hit && now - hit.at < TTL_MS) return this.withPending(hit.state);
    try {
      return await this.readOnce(accountId, now);
    } catch (err) {
      // The database is down: an account this instance knows keeps being served as last read
      // (its log rows spill to disk meanwhile); one it never read gets the 503.
      if (!hit || !isDatabaseUnavailable(err)) throw err;
      return this.withPending(hit.state);
    }
  }

  private withPending(state: AccountState): AccountState {
    return {
      ...state,
      optimizedTokensUsed:
        state.optimizedTokensUsed + (this.pendingTokens.get(state.accountId) ?? 0),
    };
  }

  private readOnce(accountId: string, now: number): Promise<AccountState> {
    let read = this.reading.get(accountId);
    if (!read) {
      const started = this.read(accountId, now).finally(() => {
        if (this.reading.get(accountId) === started) this.reading.delete(accountId);
      });
      read = started;
      this.reading.set(accountId, started);
    }
    return read.then((state) => this.withPending(state));
  }

  private async read(accountId: string, now: number): Promise<AccountState> {
    // Tokens counted while the read runs are not in what it reads: only those counted before it
    // started may be (a request finishing mid-read must still count, or parallel requests would
    // see its tokens vanish and overshoot the quota).
    const countedBefore = this.pendingTokens.get(accountId) ?? 0;
    const db = this.deps.db.kysely;
    const [subscription, settings] = await Promise.all([
      findSubscription(db, accountId),
      getAccountSettings(db, accountId),
    ]);
    const period = subscription ? currentPeriod(subscription, now) : undefined;
    const usage = period ? await findUsage(db, accountId, period) : undefined;
    const state: AccountState = {
      accountId,
      subscription,
      active: isActive(subscription, now),
      period,
      optimizedTokensUsed: usage?.total_optimized_tokens ?? 0,
      quota: subscription?.monthly_token_quota ?? 0,
      settings,
    };
    this.entries.set(accountId, { state, at: now });
    const countedDuring = (this.pendingTokens.get(accountId) ?? 0) - countedBefore;
    if (countedDuring > 0) this.pendingTokens.set(accountId, countedDuring);
    else this.pendingTokens.delete(accountId);
    return state;
  }

  addPendingTokens(accountId: string, tokens: number): void {
    this.pendingTokens.set(accountId, (this.pendingTokens.get(accountId) ?? 0) + tokens);
  }

  invalidate(accountId: string): void {
    this.entries.delete(accountId);
    // A read already running may predate the change: the next request reads again.
    this.reading.delete(accountId);
  }
}
