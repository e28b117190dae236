import type { Redis } from 'ioredis';
import type { AppDeps } from '../../deps.ts';
import { connectRedis } from '../../lib/redis-connection.ts';
import type { AccountState } from './account-state.ts';

/** Tokens held against an account's quota while its request runs; settled by log/finish.ts. */
export interface QuotaHold {
  accountId: string;
  /** The Redis counter holding it, or undefined when it was held in this process. */
  redisKey: string | undefined;
  tokens: number;
  /** Held from the per-instance allowance while Redis was down. */
  degraded: boolean;
}

// Reads the period's count (never below what the database has recorded: a Redis that lost the key
// starts again from the record), and adds the hold only if it fits under the quota. One script, so
// no two instances can both see room for the last tokens.
const RESERVE = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local recorded = tonumber(ARGV[1])
if recorded > used then used = recorded end
local want = tonumber(ARGV[2])
local fits = used + want <= tonumber(ARGV[3])
if fits then used = used + want end
redis.call('SET', KEYS[1], used, 'PXAT', ARGV[4])
if fits then return used end
return -1
`;

// The hold becomes what the provider charged; a counter gone with its period is left gone.
const SETTLE = `
if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('INCRBY', KEYS[1], ARGV[1]) end
return 0
`;

type QuotaRedis = Redis & {
  reserveQuota(
    key: string,
    recorded: number,
    want: number,
    quota: number,
    until: number,
  ): Promise<number>;
  settleQuota(key: string, delta: number): Promise<number>;
};

/**
 * Optimized tokens may not exceed the monthly quota, however many requests run at once on however
 * many instances: each request holds its estimated prompt tokens before the upstream call (passing
 * through unoptimized when they do not fit) and settles to the real count after. With Redis the
 * count is shared (a Lua script); without it, or while it is down, this process holds tokens on its
 * own, and with Redis configured may use only DEGRADED_LIMIT_SHARE of what was left.
 * The database stays the record: usage_periods, written by the request-log writer.
 */
export class QuotaReservations {
  private readonly redis: QuotaRedis | undefined;
  /** Without Redis: tokens held by this process's requests in flight, per account. */
  private readonly local = new Map<string, number>();
  /** Redis down: tokens this process may still use, per account (see reserveDegraded). */
  private readonly allowance = new Map<string, number>();

  constructor(private readonly deps: AppDeps) {
    if (!deps.config.redisUrl) return;
    const redis = connectRedis(deps.config.redisUrl, deps.log, 'quota');
    redis.defineCommand('reserveQuota', { numberOfKeys: 1, lua: RESERVE });
    redis.defineCommand('settleQuota', { numberOfKeys: 1, lua: SETTLE });
    this.redis = redis as QuotaRedis;
  }

  /** Holds `tokens` if they fit under the quota; undefined when they do not (passthrough). */
  async reserve(account: AccountState, tokens: number): Promise<QuotaHold | undefined> {
    const { accountId, period, quota, optimizedTokensUsed } = account;
    if (this.redis?.status === 'ready' && period) {
      // Back from an outage: the shared count takes over again (the record has caught up with it).
      this.allowance.clear();
      const key = `${this.deps.config.redisKeyPrefix}quota:${accountId}:${period.start}`;
      try {
        const held = await this.redis.reserveQuota(
          key,
          optimizedTokensUsed,
          tokens,
          quota,
          period.end,
        );
        return held < 0 ? undefined : { accountId, redisKey: key, tokens, degraded: false };
      } catch (err) {
        this.deps.log.warn({ err }, 'shared quota unavailable; holding on this instance');
      }
    }
    if (this.redis) return this.reserveDegraded(accountId, tokens, quota - optimizedTokensUsed);
    const inFlight = this.local.get(accountId) ?? 0;
    if (inFlight + tokens > quota - optimizedTokensUsed) return undefined;
    this.local.set(accountId, inFlight + tokens);
    return { accountId, redisKey: undefined, tokens, degraded: false };
  }

  /**
   * Redis is configured but unreachable: other instances spend too, unseen. This one may use its
   * share of what was left when it lost Redis, and no more until Redis is back.
   */
  private reserveDegraded(accountId: string, tokens: number, remaining: number) {
    let left = this.allowance.get(accountId);
    if (left === undefined) {
      left = Math.floor(Math.max(0, remaining) * this.deps.config.degradedLimitShare);
      this.deps.log.warn(
        { account: accountId, allowance: left },
        'quota held locally while Redis is down',
      );
    }
    const fits = tokens <= left;
    this.allowance.set(accountId, fits ? left - tokens : left);
    return fits ? { accountId, redisKey: undefined, tokens, degraded: true } : undefined;
  }

  /** Replaces the hold by what was charged (0 for a failed, cached or baseline request). */
  settle(hold: QuotaHold, chargedTokens: number): void {
    const unused = hold.tokens - chargedTokens;
    if (hold.degraded) {
      const left = this.allowance.get(hold.accountId);
      if (left !== undefined) this.allowance.set(hold.accountId, left + unused);
    } else if (!hold.redisKey) {
      // The charged tokens reach the account state as pending tokens (finish.ts), not here.
      const inFlight = (this.local.get(hold.accountId) ?? 0) - hold.tokens;
      if (inFlight > 0) this.local.set(hold.accountId, inFlight);
      else this.local.delete(hold.accountId);
    } else if (unused !== 0 && this.redis) {
      this.redis.settleQuota(hold.redisKey, -unused).catch((err) => {
        // The counter keeps the estimate, an over-count: the quota errs towards passthrough.
        this.deps.log.warn({ err }, 'could not settle a quota hold');
      });
    }
  }

  async close(): Promise<void> {
    this.redis?.disconnect();
  }
}
