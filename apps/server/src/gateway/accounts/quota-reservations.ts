import { randomUUID } from 'node:crypto';
import type { ChainableCommander, Redis } from 'ioredis';
import type { AppDeps } from '../../deps.ts';
import { connectRedis } from '../../lib/redis-connection.ts';
import type { AccountState } from './account-state.ts';

/** Tokens held against an account's quota while its request runs; settled by log/finish.ts. */
export interface QuotaHold {
  accountId: string;
  /** The Redis counter holding it, or undefined when it was held in this process. */
  redisKey: string | undefined;
  /** Its entry in the counter's lease set (`<id>:<tokens>`), with a Redis counter. */
  lease?: string;
  tokens: number;
  /** Held from the per-instance allowance while Redis was down. */
  degraded: boolean;
}

/**
 * How long a hold counts without its instance renewing it. An instance that died mid-request (or
 * lost Redis until its request ended) never settles its holds; they would count until the period's
 * end. A living instance renews each hold every third of this, so only a dead one's lapse.
 */
export const HOLD_LEASE_MS = 60_000;

// Redis's own clock, in milliseconds: the instances' clocks may disagree, and one running a
// lease's length ahead of another counted every hold of the other as lapsed (decision 113).
const REDIS_NOW = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
`;

// The counter is settled tokens plus live holds; each hold is also in a sorted set (the lease
// set) scored by when it lapses. Lapsed holds leave the count first. Then reads the period's count
// (never below what the database has recorded: a Redis that lost the key starts again from the
// record), and adds the hold only if it fits under the quota. One script, so no two instances can
// both see room for the last tokens.
const RESERVE = `${REDIS_NOW}
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local lapsed = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now)
for _, lease in ipairs(lapsed) do used = used - tonumber(string.match(lease, ':(%d+)$')) end
if #lapsed > 0 then redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now) end
local recorded = tonumber(ARGV[1])
if recorded > used then used = recorded end
local want = tonumber(ARGV[2])
local fits = used + want <= tonumber(ARGV[3])
if fits then
  used = used + want
  redis.call('ZADD', KEYS[2], now + tonumber(ARGV[6]), ARGV[5])
  redis.call('PEXPIREAT', KEYS[2], ARGV[4])
end
redis.call('SET', KEYS[1], used, 'PXAT', ARGV[4])
if fits then return used end
return -1
`;

// A hold still running: its lapse moves a lease's length past Redis's now (never re-adds a hold
// already settled or lapsed).
const RENEW = `${REDIS_NOW}
redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[2]), ARGV[1])
`;

// The hold becomes what the provider charged: a lapsed hold already left the count, so the whole
// charge is added. A counter gone with its period is left gone.
const SETTLE = `
local delta = tonumber(ARGV[2])
if redis.call('ZREM', KEYS[2], ARGV[1]) == 1 then delta = delta - tonumber(ARGV[3]) end
if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('INCRBY', KEYS[1], delta) end
return 0
`;

type QuotaRedis = Redis & {
  reserveQuota(
    key: string,
    leases: string,
    recorded: number,
    want: number,
    quota: number,
    until: number,
    lease: string,
    leaseMs: number,
  ): Promise<number>;
  settleQuota(
    key: string,
    leases: string,
    lease: string,
    charged: number,
    held: number,
  ): Promise<number>;
};

type RenewalPipeline = ChainableCommander & {
  renewQuotaHold(leases: string, lease: string, leaseMs: number): ChainableCommander;
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
  /** This process's holds in Redis, renewed until settled. */
  private readonly leased = new Set<QuotaHold>();
  private readonly renewTimer: NodeJS.Timeout | undefined;

  constructor(private readonly deps: AppDeps) {
    if (!deps.config.redisUrl) return;
    const redis = connectRedis(deps.config.redisUrl, deps.log, 'quota');
    redis.defineCommand('reserveQuota', { numberOfKeys: 2, lua: RESERVE });
    redis.defineCommand('settleQuota', { numberOfKeys: 2, lua: SETTLE });
    redis.defineCommand('renewQuotaHold', { numberOfKeys: 1, lua: RENEW });
    this.redis = redis as QuotaRedis;
    this.renewTimer = setInterval(() => this.renewLeases(), HOLD_LEASE_MS / 3);
    this.renewTimer.unref();
  }

  /** Holds `tokens` if they fit under the quota; undefined when they do not (passthrough). */
  async reserve(account: AccountState, tokens: number): Promise<QuotaHold | undefined> {
    const { accountId, period, quota, optimizedTokensUsed } = account;
    if (this.redis?.status === 'ready' && period) {
      // Back from an outage: the shared count takes over again (the record has caught up with it).
      this.allowance.clear();
      const key = `${this.deps.config.redisKeyPrefix}quota:${accountId}:${period.start}`;
      const lease = `${randomUUID()}:${tokens}`;
      try {
        const held = await this.redis.reserveQuota(
          key,
          leasesOf(key),
          optimizedTokensUsed,
          tokens,
          quota,
          period.end,
          lease,
          HOLD_LEASE_MS,
        );
        if (held < 0) return undefined;
        const hold = { accountId, redisKey: key, lease, tokens, degraded: false };
        this.leased.add(hold);
        return hold;
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
    } else if (this.redis && hold.lease) {
      this.leased.delete(hold);
      const { redisKey, lease, tokens } = hold;
      this.redis
        .settleQuota(redisKey, leasesOf(redisKey), lease, chargedTokens, tokens)
        .catch((err) => {
          // The counter keeps the estimate until the hold lapses: the quota errs towards passthrough.
          this.deps.log.warn({ err }, 'could not settle a quota hold');
        });
    }
  }

  /** Pushes back the lapse of every hold this process's requests still run on. */
  private renewLeases(): void {
    if (!this.redis || this.leased.size === 0) return;
    const renewal = this.redis.pipeline() as RenewalPipeline;
    for (const { redisKey, lease } of this.leased) {
      if (redisKey && lease) renewal.renewQuotaHold(leasesOf(redisKey), lease, HOLD_LEASE_MS);
    }
    renewal.exec().catch((err) => this.deps.log.warn({ err }, 'could not renew quota holds'));
  }

  async close(): Promise<void> {
    clearInterval(this.renewTimer);
    this.redis?.disconnect();
  }
}

const leasesOf = (counterKey: string) => `${counterKey}:holds`;
