import { statSync } from 'node:fs';
import { join } from 'node:path';
import {
  connectDatabase,
  type Db,
  ensureCurrentRequestLogPartitions,
  migrateToLatest,
} from '@tokenwise/db';
import pino, { type Logger } from 'pino';
import { type Config, ConfigError } from './config/env.ts';
import type { AppDeps } from './deps.ts';
import { revokeUnlistedSuperadmins } from './domain/auth/auth.repository.ts';
import { createDatabaseBusRelay } from './domain/bus-relay.ts';
import { CACHE_ENTRY_ADDED_TOPIC } from './domain/topics.ts';
import { createMailer } from './email/mailer.ts';
import { createLocalBilling } from './features/billing/local-billing.ts';
import { createStripeBilling } from './features/billing/stripe-billing.ts';
import { createStripeClient } from './features/billing/stripe-client.ts';
import { createBackgroundJobs } from './lib/background-jobs.ts';
import { createMemoryCounterStore, createRedisCounterStore } from './lib/counter-store.ts';
import { createCpuPool } from './lib/cpu-pool/cpu-pool.ts';
import { decryptSecret, setPasswordHashCost } from './lib/crypto.ts';
import { createLocalBus, createRedisBus } from './lib/invalidation-bus.ts';
import { ensurePrivateDir } from './lib/private-files.ts';

/**
 * The newest stored provider key must open with this key: one sealed with another (ENCRYPTION_KEY
 * changed, or set beside the secret.key that sealed them) failed every request for that provider
 * with a bare 500, the server having started as if nothing were wrong.
 */
async function checkEncryptionKeyOpensStoredKeys(db: Db, config: Config): Promise<void> {
  const row = await db.kysely
    .selectFrom('provider_keys')
    .select('key_sealed')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return;
  try {
    decryptSecret(config.encryptionKey, row.key_sealed);
  } catch {
    await db.close();
    const which = config.databaseUrl.startsWith('sqlite')
      ? `ENCRYPTION_KEY (or, when it is unset, ${join(config.dataDir, 'secret.key')})`
      : 'ENCRYPTION_KEY';
    throw new ConfigError(
      `Invalid configuration: ${which} does not open the provider keys stored in the database; start with the key they were stored with`,
    );
  }
}

/** Opens the database, applies migrations and wires every dependency from the config. */
export async function createDeps(
  config: Config,
  overrides: { db?: Db; log?: Logger; clock?: () => number } = {},
): Promise<AppDeps> {
  const log = overrides.log ?? pino({ level: config.logLevel });
  const clock = overrides.clock ?? Date.now;
  setPasswordHashCost(config.passwordHashCost);
  openDataDir(config.dataDir, log);
  const db =
    overrides.db ??
    (await connectDatabase(config.databaseUrl, {
      onConnectionError: (err) => log.warn({ err }, 'database connection lost; reconnecting'),
    }));
  await migrateToLatest(db);
  if (!overrides.db) await checkEncryptionKeyOpensStoredKeys(db, config);
  // PostgreSQL: this month's and next month's log partitions exist before the first request
  // (retention keeps them ahead afterwards). Without them rows still land, in the default one.
  await ensureCurrentRequestLogPartitions(db, clock()).catch((err) =>
    log.warn({ err }, 'could not create request-log partitions; rows go to the default one'),
  );
  // Someone taken off SUPERADMIN_EMAILS loses the console now, sessions and all, not never.
  const revoked = await revokeUnlistedSuperadmins(db.kysely, config.superadminEmails);
  if (revoked > 0)
    log.warn({ revoked }, 'superadmin flag removed from users not in SUPERADMIN_EMAILS');
  const bus = config.redisUrl
    ? createRedisBus(config.redisUrl, log, {
        prefix: config.redisKeyPrefix,
        relay: createDatabaseBusRelay(db, clock),
        // Lost, it costs a cache miss; relayed, every cache store during an outage is a row.
        unrelayed: [CACHE_ENTRY_ADDED_TOPIC],
      })
    : createLocalBus();
  return {
    config,
    db,
    log,
    clock,
    bus,
    counters: config.redisUrl
      ? createRedisCounterStore(config.redisUrl, log, config.redisKeyPrefix, {
          degradedShare: config.degradedLimitShare,
          clock,
        })
      : createMemoryCounterStore(clock),
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: join(config.dataDir, 'outbox'),
      log,
    }),
    jobs: createBackgroundJobs(log),
    billing: config.stripe
      ? createStripeBilling({
          db,
          clock,
          bus,
          stripe: await createStripeClient(config.stripe),
          config: config.stripe,
          // Read when a link is made: with PORT=0 it is only known once listening.
          get publicUrl() {
            return config.publicUrl;
          },
          log,
        })
      : createLocalBilling(db, clock),
    cpu: createCpuPool((err) => log.error({ err }, 'worker thread failed')),
  };
}

/** Creates DATA_DIR for this user only; an existing one is left as the operator made it. */
function openDataDir(dir: string, log: Logger): void {
  ensurePrivateDir(dir);
  if ((statSync(dir).mode & 0o077) !== 0)
    log.warn({ dir }, 'DATA_DIR is readable by other users; it holds prompts and reset links');
}

export async function closeDeps(deps: AppDeps): Promise<void> {
  await deps.counters.close();
  await deps.bus.close();
  await deps.db.close();
  await deps.cpu.close();
}
