import { pendingMigrations } from '@tokenwise/db';
import { sql } from 'kysely';
import type { AppDeps } from '../../deps.ts';
import { answerWithin } from '../../lib/answer-within.ts';

export type PartState = 'up' | 'down' | 'not_configured';

export interface Readiness {
  /** ready: take traffic; degraded: take traffic, shared limits are per instance for now; unavailable: don't. */
  status: 'ready' | 'degraded' | 'unavailable';
  database: PartState;
  redis: PartState;
  /** Migrations this code needs that the database lacks (another version's database). */
  pending_migrations: string[];
}

// A probe that hangs is worse than one that fails: load balancers time out and guess.
const CHECK_TIMEOUT_MS = 2_000;

/**
 * What a load balancer needs before sending traffic. The database is required (no key can be
 * checked without it); Redis is not: without it requests still flow, on local counters
 * (docs/deploy.md, degraded mode).
 */
export async function checkReadiness(deps: AppDeps): Promise<Readiness> {
  const [database, pending, redis] = await Promise.all([
    answerWithin(
      sql`select 1`.execute(deps.db.kysely).then(() => true),
      CHECK_TIMEOUT_MS,
    ),
    answerWithin(pendingMigrations(deps.db), CHECK_TIMEOUT_MS),
    deps.config.redisUrl ? answerWithin(deps.counters.reachable(), CHECK_TIMEOUT_MS) : undefined,
  ]);
  const dbUp = database === true && pending !== undefined;
  const redisState: PartState =
    redis === undefined && !deps.config.redisUrl ? 'not_configured' : redis ? 'up' : 'down';
  const migrated = pending !== undefined && pending.length === 0;
  return {
    status: !dbUp || !migrated ? 'unavailable' : redisState === 'down' ? 'degraded' : 'ready',
    database: dbUp ? 'up' : 'down',
    redis: redisState,
    pending_migrations: pending ?? [],
  };
}
