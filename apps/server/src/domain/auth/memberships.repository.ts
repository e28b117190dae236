import type { Database, Role } from '@tokenwise/db';
import type { Kysely, Transaction } from 'kysely';

type Q = Kysely<Database> | Transaction<Database>;

/** One row for a user joining an account: at signup (as owner), by invite, or by a first SAML sign-in. */
export async function insertMembership(
  db: Q,
  m: { accountId: string; userId: string; role: Role; now: number },
): Promise<void> {
  await db
    .insertInto('memberships')
    .values({ account_id: m.accountId, user_id: m.userId, role: m.role, created_at: m.now })
    .execute();
}

/** The user's role in the account, or undefined when not a member. */
export async function membershipRole(
  db: Q,
  accountId: string,
  userId: string,
): Promise<Role | undefined> {
  const row = await db
    .selectFrom('memberships')
    .select('role')
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.role;
}
