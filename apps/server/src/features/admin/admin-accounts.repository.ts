import type { Database, Role, SubscriptionRow, UsagePeriodRow } from '@tokenwise/db';
import { type Kysely, sql } from 'kysely';
import type { Page } from './admin-users.repository.ts';
import { containsText, type Dialect, lowerText } from './contains-text.ts';

/**
 * Accounts whose name, or one of whose members' email, holds the search text (any case). Two
 * halves instead of an OR, so each can use its own index (trigram on lower(name) and on
 * users.email under PostgreSQL).
 */
function accountsMatching(db: Kysely<Database>, search: string | undefined, dialect: Dialect) {
  const q = db.selectFrom('accounts');
  if (!search) return q;
  const text = search.toLowerCase();
  // Matching users first, then their memberships by user: one pass over users, not a join per
  // membership. UNION ALL: IN ignores duplicates, so nothing needs sorting out.
  return q.where('accounts.id', 'in', (eb) =>
    eb
      .selectFrom('accounts as named')
      .select('named.id')
      .where(containsText(lowerText(sql.ref('named.name'), dialect), text, dialect))
      .unionAll(
        eb
          .selectFrom('memberships')
          .select('memberships.account_id as id')
          .where('memberships.user_id', 'in', (sub) =>
            sub
              .selectFrom('users')
              .select('users.id')
              .where(containsText(sql.ref('users.email'), text, dialect)),
          ),
      ),
  );
}

export async function pageAccounts(db: Kysely<Database>, dialect: Dialect, page: Page) {
  const [rows, count] = await Promise.all([
    accountsMatching(db, page.search, dialect)
      .select(['accounts.id', 'accounts.name', 'accounts.created_at'])
      // As for users (newestFirst): filter then sort when searching, walk the index when not.
      .orderBy(page.search ? sql`+accounts.created_at` : sql`accounts.created_at`, 'desc')
      .orderBy('accounts.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    accountsMatching(db, page.search, dialect)
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { accounts: rows, total: Number(count.n) };
}

export interface AccountDetails {
  members: { account_id: string; user_id: string; email: string; role: Role; joined_at: number }[];
  subscriptions: SubscriptionRow[];
  usage: UsagePeriodRow[];
}

/** Members, subscriptions and usage rows of one page of accounts, three reads in all. */
export async function detailsOf(
  db: Kysely<Database>,
  accountIds: string[],
): Promise<AccountDetails> {
  if (!accountIds.length) return { members: [], subscriptions: [], usage: [] };
  const [members, subscriptions, usage] = await Promise.all([
    db
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .select([
        'memberships.account_id',
        'memberships.user_id',
        'users.email',
        'memberships.role',
        'memberships.created_at as joined_at',
      ])
      .where('memberships.account_id', 'in', accountIds)
      .orderBy('memberships.created_at')
      .orderBy('memberships.user_id')
      .execute(),
    db.selectFrom('subscriptions').selectAll().where('account_id', 'in', accountIds).execute(),
    db.selectFrom('usage_periods').selectAll().where('account_id', 'in', accountIds).execute(),
  ]);
  return { members, subscriptions, usage };
}
