import type { AdminUser } from '@tokenwise/contracts';
import type { Database } from '@tokenwise/db';
import { type Kysely, sql, type Transaction } from 'kysely';
import { containsText, type Dialect } from './contains-text.ts';

type Q = Kysely<Database> | Transaction<Database>;

export interface Page {
  search?: string | undefined;
  limit: number;
  offset: number;
}

/**
 * Case-insensitive substring of the email. Emails are stored lower-cased (the contract's `Email`),
 * so only the search term is lower-cased and the column is matched as it is.
 */
function usersMatching(db: Q, search: string | undefined, dialect: Dialect) {
  let q = db.selectFrom('users');
  if (search) q = q.where(containsText(sql.ref('email'), search.toLowerCase(), dialect));
  return q;
}

/**
 * Without a search, newest first is one walk of the (created_at, id) index backwards, so a deep
 * page needs no sort. With one, the unary plus keeps the planner off that index: walking it would
 * fetch every row in index order to test it, where filtering first and sorting the matches reads
 * the table once (about half the time at 100k users, and far less for a rare term).
 */
export const newestFirst = (search: string | undefined) =>
  search ? sql<number>`+created_at` : sql<number>`created_at`;

export async function pageUsers(
  db: Q,
  dialect: Dialect,
  page: Page,
): Promise<{ users: AdminUser[]; total: number }> {
  const [rows, count] = await Promise.all([
    usersMatching(db, page.search, dialect)
      .select(['id', 'email', 'is_superadmin', 'created_at'])
      .orderBy(newestFirst(page.search), 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    usersMatching(db, page.search, dialect)
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    users: rows.map((r) => ({
      id: r.id,
      email: r.email,
      is_superadmin: r.is_superadmin === 1,
      created_at: new Date(Number(r.created_at)).toISOString(),
    })),
    total: Number(count.n),
  };
}

/**
 * Holds the user's accounts until the transaction ends, so two deletes touching the same account
 * count its owners one after the other: counted side by side, the two owners of a team each saw
 * the other and both went. SQLite needs nothing: its write transactions already run one at a time.
 */
export async function lockAccountsOf(db: Q, userId: string, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await db
    .selectFrom('accounts')
    .select('id')
    .where('id', 'in', (eb) =>
      eb.selectFrom('memberships').select('account_id').where('user_id', '=', userId),
    )
    // One order for every delete, so two of them never wait on each other's half. NO KEY UPDATE
    // leaves out the key-share locks that inserts referencing the account (request logs) take.
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
}

/** The user's accounts with how many owners and members each has, to decide what a delete does. */
export async function ownershipOf(
  db: Q,
  userId: string,
): Promise<{ accountId: string; name: string; role: string; owners: number; members: number }[]> {
  const rows = await db
    .selectFrom('memberships as mine')
    .innerJoin('accounts', 'accounts.id', 'mine.account_id')
    .innerJoin('memberships as all', 'all.account_id', 'mine.account_id')
    .select((eb) => [
      'accounts.id as accountId',
      'accounts.name',
      'mine.role',
      eb.fn
        .sum<string | number>(eb.case().when('all.role', '=', 'owner').then(1).else(0).end())
        .as('owners'),
      eb.fn.countAll<string | number>().as('members'),
    ])
    .where('mine.user_id', '=', userId)
    .groupBy(['accounts.id', 'accounts.name', 'mine.role'])
    .execute();
  return rows.map((r) => ({ ...r, owners: Number(r.owners), members: Number(r.members) }));
}

/**
 * Names of the accounts among `accountIds` that Stripe may still charge: a Stripe subscription
 * not yet canceled (past_due included, as Stripe keeps retrying the card).
 */
export async function stillBilledByStripe(db: Q, accountIds: string[]): Promise<string[]> {
  if (!accountIds.length) return [];
  const rows = await db
    .selectFrom('subscriptions')
    .innerJoin('accounts', 'accounts.id', 'subscriptions.account_id')
    .select('accounts.name')
    .where('subscriptions.account_id', 'in', accountIds)
    .where('subscriptions.provider', '=', 'stripe')
    .where('subscriptions.status', '!=', 'canceled')
    .orderBy('accounts.name')
    .execute();
  return rows.map((r) => r.name);
}

/** Hashes of the gateway keys a user delete takes away: theirs anywhere, and the lost accounts'. */
export async function keyHashesOf(db: Q, userId: string, accountIds: string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('api_keys')
    .select('key_hash')
    .where((eb) =>
      accountIds.length
        ? eb.or([eb('created_by', '=', userId), eb('account_id', 'in', accountIds)])
        : eb('created_by', '=', userId),
    )
    .execute();
  return rows.map((r) => r.key_hash);
}

export async function deleteAccounts(db: Q, accountIds: string[]): Promise<void> {
  if (accountIds.length) await db.deleteFrom('accounts').where('id', 'in', accountIds).execute();
}

/** Sessions, memberships and reset tokens go with the user (foreign keys cascade). */
export async function deleteUser(db: Q, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
