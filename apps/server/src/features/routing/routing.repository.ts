import type { Database } from '@tokenwise/db';
import { type Kysely, sql } from 'kysely';

export interface RoutingCounts {
  total: number;
  routed: number;
  costSaved: number;
  simple: number;
  medium: number;
  complex: number;
}

/** Routing figures of an account's successful chat requests since `since` (epoch ms). */
export async function countRouting(
  db: Kysely<Database>,
  accountId: string,
  since: number,
): Promise<RoutingCounts> {
  const row = await db
    .selectFrom('request_logs')
    .select([
      sql<number>`count(*)`.as('total'),
      sql<number>`coalesce(sum(was_routed), 0)`.as('routed'),
      sql<number>`coalesce(sum(case when was_routed = 1 then cost_saved else 0 end), 0)`.as(
        'cost_saved',
      ),
      sql<number>`coalesce(sum(case when difficulty = 'simple' then 1 else 0 end), 0)`.as('simple'),
      sql<number>`coalesce(sum(case when difficulty = 'medium' then 1 else 0 end), 0)`.as('medium'),
      sql<number>`coalesce(sum(case when difficulty = 'complex' then 1 else 0 end), 0)`.as(
        'complex',
      ),
    ])
    .where('account_id', '=', accountId)
    .where('created_at', '>=', since)
    .where('status', '=', 'success')
    .where('endpoint', '!=', 'embeddings')
    .executeTakeFirstOrThrow();
  return {
    total: Number(row.total),
    routed: Number(row.routed),
    costSaved: Number(row.cost_saved),
    simple: Number(row.simple),
    medium: Number(row.medium),
    complex: Number(row.complex),
  };
}
