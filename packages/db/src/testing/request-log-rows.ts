// Rows for the request-log partition tests: a log row at a given time, votes on rows, and which
// table (on PostgreSQL, which month's partition) each row is stored in.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema.ts';

/** Midday UTC of a calendar date, `m` counted from 1. */
export const at = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d, 12);

export async function insertLog(
  k: Kysely<Database>,
  id: string,
  createdAt: number,
  accountId = 'acc',
): Promise<void> {
  await sql`INSERT INTO request_logs (id, account_id, created_at, endpoint, status, http_status,
      provider, model, requested_model, original_text)
    VALUES (${id}, ${accountId}, ${createdAt}, 'chat', 'success', 200, 'openai', 'gpt-4o-mini',
      'gpt-4o-mini', ${`prompt ${id}`})`.execute(k);
}

/** A thumbs-up on each of these requests. */
export async function insertVotes(
  k: Kysely<Database>,
  requestIds: string[],
  accountId = 'acc',
): Promise<void> {
  await k
    .insertInto('eval_feedback')
    .values(
      requestIds.map((request_id) => ({
        request_id,
        account_id: accountId,
        feedback: 'positive' as const,
        comment: null,
        voted_by: null,
        created_at: 0,
        updated_at: 0,
      })),
    )
    .execute();
}

/** Each row's table by row id, without its schema. */
export async function tablesOfRows(k: Kysely<Database>): Promise<Record<string, string>> {
  const { rows } = await sql<{ id: string; part: string }>`
    SELECT id, tableoid::regclass::text AS part FROM request_logs ORDER BY id`.execute(k);
  return Object.fromEntries(rows.map((r) => [r.id, r.part.replace(/^.*\./, '')]));
}
