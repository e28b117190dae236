import type { TeamMember } from '@tokenwise/contracts';
import type { Database, Role } from '@tokenwise/db';
import type { Kysely, Transaction } from 'kysely';

type Q = Kysely<Database> | Transaction<Database>;

export async function findAccount(
  db: Q,
  accountId: string,
): Promise<{ id: string; name: string } | undefined> {
  return db
    .selectFrom('accounts')
    .select(['id', 'name'])
    .where('id', '=', accountId)
    .executeTakeFirst();
}

/** Members oldest first, so the list reads in the order people joined. */
export async function listMembers(db: Q, accountId: string): Promise<TeamMember[]> {
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(['users.id', 'users.email', 'memberships.role', 'memberships.created_at'])
    .where('memberships.account_id', '=', accountId)
    .orderBy('memberships.created_at')
    .orderBy('users.id')
    .execute();
  return rows.map(toMember);
}

export async function findMember(
  db: Q,
  accountId: string,
  userId: string,
): Promise<TeamMember | undefined> {
  const row = await db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(['users.id', 'users.email', 'memberships.role', 'memberships.created_at'])
    .where('memberships.account_id', '=', accountId)
    .where('memberships.user_id', '=', userId)
    .executeTakeFirst();
  return row && toMember(row);
}

/** Never touches an owner, even one made owner by a concurrent call: owners are not changed. */
export async function updateRole(
  db: Q,
  accountId: string,
  userId: string,
  role: Role,
): Promise<boolean> {
  const result = await db
    .updateTable('memberships')
    .set({ role })
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .where('role', '!=', 'owner')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Never removes an owner, for the same reason. */
export async function deleteMembership(db: Q, accountId: string, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('memberships')
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .where('role', '!=', 'owner')
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

function toMember(row: { id: string; email: string; role: Role; created_at: number }): TeamMember {
  return {
    user_id: row.id,
    email: row.email,
    role: row.role,
    created_at: new Date(Number(row.created_at)).toISOString(),
  };
}
