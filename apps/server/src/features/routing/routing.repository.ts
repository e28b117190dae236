import type { Database } from '@tokenwise/db';
import { type Kysely, sql } from 'kysely';

export interface DifficultyCounts {
  simple: number;
  medium: number;
  complex: number;
  /** Left unscored because routing would not use the score and they were not in the sample. */
  not_sampled: number;
}

/**
 * How many of an account's logged requests since `since` were scored at each difficulty, and how
 * many were left out of the sample scored while routing would not use the score. The
 * difficulty is kept only on the raw rows (the rollups do not split by it), so requests whose
 * rows were purged by retention count as not scored.
 */
export async function countDifficulties(
  db: Kysely<Database>,
  accountId: string,
  since: number,
): Promise<DifficultyCounts> {
  const row = await db
    .selectFrom('request_logs')
    .select([
      sql<number>`coalesce(sum(case when difficulty = 'simple' then 1 else 0 end), 0)`.as('simple'),
      sql<number>`coalesce(sum(case when difficulty = 'medium' then 1 else 0 end), 0)`.as('medium'),
      sql<number>`coalesce(sum(case when difficulty = 'complex' then 1 else 0 end), 0)`.as(
        'complex',
      ),
      sql<number>`coalesce(sum(case when difficulty_not_sampled is not null then 1 else 0 end), 0)`.as(
        'not_sampled',
      ),
    ])
    .where('account_id', '=', accountId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return {
    simple: Number(row.simple),
    medium: Number(row.medium),
    complex: Number(row.complex),
    not_sampled: Number(row.not_sampled),
  };
}
