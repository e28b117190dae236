import type { Database, DialectName, Role } from '@tokenwise/db';
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

/**
 * `membershipRole` inside a write that depends on it: on PostgreSQL the row is held (FOR SHARE)
 * until the transaction ends, so a removal or role change at the same moment either waits for
 * the write, and then sees what it wrote, or has already happened, and the row is gone or
 * changed. SQLite runs one write transaction at a time and needs no lock.
 */
export async function holdMembershipRole(
  trx: Transaction<Database>,
  accountId: string,
  userId: string,
  dialect: DialectName,
): Promise<Role | undefined> {
  const query = trx
    .selectFrom('memberships')
    .select('role')
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId);
  const row = await (dialect === 'postgres' ? query.forShare() : query).executeTakeFirst();
  return row?.role;
}
