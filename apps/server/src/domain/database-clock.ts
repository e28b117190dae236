import type { DialectName } from '@tokenwise/db';
import { type RawBuilder, sql } from 'kysely';

/**
 * The database's own clock in epoch milliseconds: the one clock every instance shares, for rows
 * that instances whose clocks disagree must judge alike (leases, the bus relay's rows; decision 156).
 */
export function databaseNowMs(dialect: DialectName): RawBuilder<number> {
  return dialect === 'postgres'
    ? sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`
    : sql<number>`cast((julianday('now') - 2440587.5) * 86400000 as integer)`;
}
