import { pendingMigrations } from '@tokenwise/db';
import { sql } from 'kysely';
import type { AppDeps } from '../../deps.ts';

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
    withinTimeout(sql`select 1`.execute(deps.db.kysely).then(() => true)),
    withinTimeout(pendingMigrations(deps.db)),
    deps.config.redisUrl ? withinTimeout(deps.counters.reachable()) : undefined,
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

/** The check's answer, or undefined if it failed or took longer than the probe may. */
async function withinTimeout<T>(check: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check.catch(() => undefined), late]);
  } finally {
    clearTimeout(timer);
  }
}
