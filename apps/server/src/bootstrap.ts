import { join } from 'node:path';
import { connectDatabase, type Db, migrateToLatest } from '@tokenwise/db';
import pino, { type Logger } from 'pino';
import type { Config } from './config/env.ts';
import type { AppDeps } from './deps.ts';
import { createMailer } from './email/mailer.ts';
import { createLocalBilling } from './features/billing/local-billing.ts';
import { createMemoryCounterStore, createRedisCounterStore } from './lib/counter-store.ts';
import { createCpuPool } from './lib/cpu-pool/cpu-pool.ts';
import { createLocalBus, createRedisBus } from './lib/invalidation-bus.ts';

/** Opens the database, applies migrations and wires every dependency from the config. */
export async function createDeps(
  config: Config,
  overrides: { db?: Db; log?: Logger; clock?: () => number } = {},
): Promise<AppDeps> {
  const log = overrides.log ?? pino({ level: config.logLevel });
  const clock = overrides.clock ?? Date.now;
  const db = overrides.db ?? (await connectDatabase(config.databaseUrl));
  await migrateToLatest(db);
  return {
    config,
    db,
    log,
    clock,
    bus: config.redisUrl ? createRedisBus(config.redisUrl) : createLocalBus(),
    counters: config.redisUrl
      ? createRedisCounterStore(config.redisUrl)
      : createMemoryCounterStore(clock),
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: join(config.dataDir, 'outbox'),
      log,
    }),
    billing: createLocalBilling(db, clock),
    cpu: createCpuPool((err) => log.error({ err }, 'worker thread failed')),
  };
}

export async function closeDeps(deps: AppDeps): Promise<void> {
  await deps.counters.close();
  await deps.bus.close();
  await deps.db.close();
  await deps.cpu.close();
}
