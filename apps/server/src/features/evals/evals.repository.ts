import type { Database, EvalFeedbackTable, RequestLogRow } from '@tokenwise/db';
import type { Kysely } from 'kysely';
import { countUpTo } from '../../lib/count-up-to.ts';

export type EvalsFilter = 'positive' | 'negative' | 'pending' | undefined;

export interface EvalRow {
  id: string;
  created_at: number;
  model: string;
  tokens_in: number;
  tokens_out: number;
  original_text: string | null;
  response_text: string | null;
  cache_hit: number;
  feedback: 'positive' | 'negative' | null;
  comment: string | null;
}

/** Embeddings calls answer with vectors, not text: there is nothing in them to rate. */
export const UNRATED_ENDPOINT = 'embeddings';

/** The account's successful answers, with the filter applied (pending: no vote yet). */
function evalsMatching(db: Kysely<Database>, accountId: string, filter: EvalsFilter) {
  let q = db
    .selectFrom('request_logs as r')
    .leftJoin('eval_feedback as f', 'f.request_id', 'r.id')
    .where('r.account_id', '=', accountId)
    .where('r.status', '=', 'success')
    .where('r.endpoint', '<>', UNRATED_ENDPOINT);
  if (filter === 'pending') q = q.where('f.request_id', 'is', null);
  else if (filter) q = q.where('f.account_id', '=', accountId).where('f.feedback', '=', filter);
  return q;
}

export interface EvalsPage {
  limit: number;
  offset: number;
}

/**
 * One page of the list, newest first, and how many rows the list holds counting no further than
 * `countCap` past the page's start. "All" and "pending" walk the (account_id, status, created_at,
 * id) index; rated lists start from the (few) votes. The count stops at the cap: an exact total
 * would read every successful request of the account (seconds at 10M rows) to print one number.
 */
export async function pageEvals(
  db: Kysely<Database>,
  accountId: string,
  filter: EvalsFilter,
  page: EvalsPage,
  countCap: number,
): Promise<{ rows: EvalRow[]; counted: number }> {
  const [rows, counted] = await Promise.all([
    evalsMatching(db, accountId, filter)
      .select([
        'r.id',
        'r.created_at',
        'r.model',
        'r.tokens_in',
        'r.tokens_out',
        'r.original_text',
        'r.response_text',
        'r.cache_hit',
        'f.feedback',
        'f.comment',
      ])
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    countUpTo(db, evalsMatching(db, accountId, filter), page.offset + countCap + 1),
  ]);
  return { rows, counted };
}

export async function countVotes(
  db: Kysely<Database>,
  accountId: string,
): Promise<{ positive: number; negative: number }> {
  const rows = await db
    .selectFrom('eval_feedback')
    .select(['feedback', (eb) => eb.fn.countAll().as('n')])
    .where('account_id', '=', accountId)
    .groupBy('feedback')
    .execute();
  const count = (f: string) => Number(rows.find((r) => r.feedback === f)?.n ?? 0);
  return { positive: count('positive'), negative: count('negative') };
}

/** What a vote needs to know about its request; only within the account. */
export async function findVotedRequest(
  db: Kysely<Database>,
  accountId: string,
  id: string,
): Promise<
  Pick<RequestLogRow, 'id' | 'status' | 'endpoint' | 'cache_hit' | 'details'> | undefined
> {
  return db
    .selectFrom('request_logs')
    .select(['id', 'status', 'endpoint', 'cache_hit', 'details'])
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** One vote per request: a second vote replaces the first (feedback and comment alike). */
export async function upsertVote(db: Kysely<Database>, vote: EvalFeedbackTable): Promise<void> {
  await db
    .insertInto('eval_feedback')
    .values(vote)
    .onConflict((oc) =>
      oc.column('request_id').doUpdateSet({
        feedback: vote.feedback,
        comment: vote.comment,
        voted_by: vote.voted_by,
        updated_at: vote.updated_at,
      }),
    )
    .execute();
}
