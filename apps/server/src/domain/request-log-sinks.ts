import { addToRollups, addToRollupsSqlite } from './analytics/rollup-writer.ts';
import { addUsage, addUsageSqlite } from './billing/usage.repository.ts';

/**
 * Where a written batch of request-log rows also counts: the billing period's usage and the
 * analytics rollups, each with its SQLite fast path. app.ts hands this to the gateway's log writer,
 * which writes them in the same transaction as the rows.
 */
export const requestLogSinks = { addUsage, addUsageSqlite, addToRollups, addToRollupsSqlite };
export type RequestLogSinks = typeof requestLogSinks;
