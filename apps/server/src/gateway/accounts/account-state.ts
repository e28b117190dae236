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
import type { LogRecord } from '../log/request-log-store.ts';
import type { LogWrites } from '../log/request-log-writer.ts';
import { UnflushedTokens } from './unflushed-tokens.ts';

/** What the pipeline needs to know about an account on every request. */
export interface AccountState {
  accountId: string;
  subscription: SubscriptionRow | undefined;
  active: boolean;
  period: Period | undefined;
  /**
   * Optimized tokens used this period, including this process's requests not yet in the database
   * (never fewer than used; a few more for one memo's life if a flush landed as usage was read).
   */
  optimizedTokensUsed: number;
  quota: number;
  settings: AccountSettings;
}

// Subscriptions and usage change rarely relative to request rates; a short memo saves two reads
// per request. Settings changes are pushed over the bus so they apply at once.
const TTL_MS = 2_000;
// A log write running while usage is read leaves it unknown whether the read saw its rows: read
// again (flushes are 100 ms apart, so a second read almost always settles it), then count them
// twice rather than not at all.
const USAGE_READS = 3;

interface Read {
  state: AccountState;
  at: number;
  /** This process's committed tokens for the account (WriteMark.committed) as usage was read. */
  committedAtRead: number;
}

export class AccountStateCache {
  private readonly entries = new Map<string, Read>();
  private readonly tokens = new UnflushedTokens();
  /** For the request-log writer: its commits release what countPending counted. */
  readonly logWrites: LogWrites = this.tokens;
  /** One database read per account at a time: requests arriving together share it. */
  private readonly reading = new Map<string, Promise<Read>>();

  constructor(private readonly deps: AppDeps) {
    for (const topic of [ACCOUNT_SETTINGS_CHANGED_TOPIC, SUBSCRIPTION_CHANGED_TOPIC]) {
      deps.bus.subscribe(topic, (accountId) => this.invalidate(accountId));
    }
  }

  async get(accountId: string): Promise<AccountState> {
    const now = this.deps.clock();
    const hit = this.entries.get(accountId);
    if (hit && now - hit.at < TTL_MS) return this.withUnseen(hit);
    try {
      return this.withUnseen(await this.readOnce(accountId, now));
    } catch (err) {
      // The database is down: an account this instance knows keeps being served as last read
      // (its log rows spill to disk meanwhile); one it never read gets the 503.
      if (!hit || !isDatabaseUnavailable(err)) throw err;
      return this.withUnseen(hit);
    }
  }

  /** Counts a finished request's optimized tokens until the log writer commits its row. */
  countPending(record: LogRecord): void {
    this.tokens.count(record);
  }

  invalidate(accountId: string): void {
    this.entries.delete(accountId);
    // A read already running may predate the change: the next request reads again.
    this.reading.delete(accountId);
  }

  /** The account as read, plus the tokens this process counted that the read did not see. */
  private withUnseen({ state, committedAtRead }: Read): AccountState {
    const { accountId } = state;
    const committedSince = this.tokens.committedFor(accountId) - committedAtRead;
    return {
      ...state,
      optimizedTokensUsed:
        state.optimizedTokensUsed + committedSince + this.tokens.unflushedFor(accountId),
    };
  }

  private readOnce(accountId: string, now: number): Promise<Read> {
    const running = this.reading.get(accountId);
    if (running) return running;
    const started: Promise<Read> = this.read(accountId, now)
      .then((read) => {
        // Invalidated meanwhile: its callers asked before the change and may use it; later ones
        // must not.
        if (this.reading.get(accountId) === started) this.entries.set(accountId, read);
        return read;
      })
      .finally(() => {
        if (this.reading.get(accountId) === started) this.reading.delete(accountId);
      });
    this.reading.set(accountId, started);
    return started;
  }

  private async read(accountId: string, now: number): Promise<Read> {
    const db = this.deps.db.kysely;
    const [subscription, settings] = await Promise.all([
      findSubscription(db, accountId),
      getAccountSettings(db, accountId),
    ]);
    const period = subscription ? currentPeriod(subscription, now) : undefined;
    const usage = period
      ? await this.readUsage(accountId, period)
      : { used: 0, committedAtRead: this.tokens.committedFor(accountId) };
    const state: AccountState = {
      accountId,
      subscription,
      active: isActive(subscription, now),
      period,
      optimizedTokensUsed: usage.used,
      quota: subscription?.monthly_token_quota ?? 0,
      settings,
    };
    return { state, at: now, committedAtRead: usage.committedAtRead };
  }

  private async readUsage(accountId: string, period: Period) {
    for (let reads = 1; ; reads++) {
      // With no write of the account's rows running as the query is sent, and none begun until it
      // answers, it read exactly the rows committed before it; others count on top (withUnseen).
      const before = this.tokens.markFor(accountId);
      const usage = await findUsage(this.deps.db.kysely, accountId, period);
      const clean =
        before.writing === 0 && this.tokens.markFor(accountId).started === before.started;
      if (clean || reads === USAGE_READS) {
        return { used: usage?.total_optimized_tokens ?? 0, committedAtRead: before.committed };
      }
    }
  }
}
