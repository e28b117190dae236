import type { Database, Role, SubscriptionRow, UsagePeriodRow } from '@tokenwise/db';
import { type Kysely, sql } from 'kysely';
import { likePattern } from '../../domain/analytics/rollup-query.ts';
import type { Page } from './admin-users.repository.ts';

/**
 * Accounts whose name, or one of whose members' email, holds the search text (any case). The two
 * halves are a UNION so each uses its own index (trigram on lower(name) and on users.email under
 * PostgreSQL) instead of an OR that would read every account.
 */
function accountsMatching(db: Kysely<Database>, search: string | undefined) {
  const q = db.selectFrom('accounts');
  if (!search) return q;
  const pattern = likePattern(search.toLowerCase());
  return q.where('accounts.id', 'in', (eb) =>
    eb
      .selectFrom('accounts as named')
      .select('named.id')
      .where(sql<boolean>`lower(named.name) like ${pattern} escape '\\'`)
      .union(
        eb
          .selectFrom('memberships')
          .innerJoin('users', 'users.id', 'memberships.user_id')
          .select('memberships.account_id as id')
          .where(sql<boolean>`users.email like ${pattern} escape '\\'`),
      ),
  );
}

export async function pageAccounts(db: Kysely<Database>, page: Page) {
  const [rows, count] = await Promise.all([
    accountsMatching(db, page.search)
      .select(['accounts.id', 'accounts.name', 'accounts.created_at'])
      .orderBy('accounts.created_at', 'desc')
      .orderBy('accounts.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    accountsMatching(db, page.search)
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
