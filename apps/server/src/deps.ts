import type { Db } from '@tokenwise/db';
import type { Logger } from 'pino';
import type { Config } from './config/env.ts';
import type { BillingProvider } from './domain/billing/billing-provider.ts';
import type { Mailer } from './email/mailer.ts';
import type { BackgroundJobs } from './lib/background-jobs.ts';
import type { CounterStore } from './lib/counter-store.ts';
import type { CpuPool } from './lib/cpu-pool/cpu-pool.ts';
import type { InvalidationBus } from './lib/invalidation-bus.ts';

/** What every feature may use; built once in main.ts (or by a test) and passed down explicitly. */
export interface AppDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  /** Work done after the answer is sent (emails); drained when the app closes. */
  jobs: BackgroundJobs;
  counters: CounterStore;
  bus: InvalidationBus;
  billing: BillingProvider;
  /** Worker threads for work too heavy for the event loop (large JSON bodies). */
  cpu: CpuPool;
  log: Logger;
  /** Milliseconds since epoch; tests pass a fake clock. */
  clock: () => number;
}
