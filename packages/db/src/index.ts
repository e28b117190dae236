export { ownTables } from './catalog-race.ts';
export * from './connect.ts';
export { withoutLockWait } from './lock-wait.ts';
export { makeDirs } from './make-dirs.ts';
export * from './migrate.ts';
export {
  dropRequestLogPartitionsBefore,
  ensureCurrentRequestLogPartitions,
  ensureRequestLogPartitions,
  monthOf,
  type RequestLogPartition,
  requestLogPartitions,
} from './request-log-partitions.ts';
export type { Database } from './schema.ts';
export { SQLITE_UNICODE_LOWER } from './sqlite-file.ts';
export * from './tables/accounts.table.ts';
export * from './tables/alerts.table.ts';
export * from './tables/analytics.table.ts';
export * from './tables/billing.table.ts';
export * from './tables/cache.table.ts';
export * from './tables/gateway.table.ts';
export * from './tables/saml.table.ts';
export * from './tables/users.table.ts';
export { openTestDatabase } from './test-database.ts';
export {
  isConnectionLoss,
  isDatabaseUnavailable,
  isLockedByAnotherProcess,
} from './unavailable.ts';
