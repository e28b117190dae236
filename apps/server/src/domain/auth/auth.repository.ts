import type { AccountSummary } from '@tokenwise/contracts';
import type { Database, Role, UserRow } from '@tokenwise/db';
import type { Kysely, Transaction } from 'kysely';
import { insertMembership } from './memberships.repository.ts';

type Q = Kysely<Database> | Transaction<Database>;

export async function findUserByEmail(db: Q, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function findUserById(db: Q, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertUser(
  db: Q,
  user: {
    id: string;
    email: string;
    passwordHash: string;
    isSuperadmin: boolean;
    resetRequired: boolean;
    /** When a temporary password stops working; omitted for a password the user chose. */
    passwordExpiresAt?: number;
    /** Created by a SAML sign-in: the password is unusable and nobody chose it. */
    ssoOnly?: boolean;
    now: number;
  },
): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id: user.id,
      email: user.email,
      password_hash: user.passwordHash,
      is_superadmin: user.isSuperadmin ? 1 : 0,
      password_reset_required: user.resetRequired ? 1 : 0,
      password_expires_at: user.passwordExpiresAt ?? null,
      sso_only: user.ssoOnly ? 1 : 0,
      created_at: user.now,
      updated_at: user.now,
    })
    .execute();
}

/**
 * Whether `user` may only sign in through SSO: a SAML sign-in created them (they never chose a
 * password) and an account they belong to has SSO switched on (decision 082).
 */
export async function mustUseSso(db: Q, user: UserRow): Promise<boolean> {
  if (user.sso_only !== 1) return false;
  const row = await db
    .selectFrom('memberships')
    .innerJoin('saml_configs', 'saml_configs.account_id', 'memberships.account_id')
    .select('memberships.account_id')
    .where('memberships.user_id', '=', user.id)
    .where('saml_configs.enabled', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Sets the password; with `replacing`, only while the stored hash is still that one (a
 * compare-and-set: of two changes made from the same current password, one finds it gone).
 * Answers whether it was set.
 */
export async function updatePassword(
  db: Q,
  userId: string,
  passwordHash: string,
  now: number,
  replacing?: string,
): Promise<boolean> {
  let update = db
    .updateTable('users')
    .set({
      password_hash: passwordHash,
      password_reset_required: 0,
      password_expires_at: null,
      // A password the user chose: from now on they sign in like any other member.
      sso_only: 0,
      updated_at: now,
    })
    .where('id', '=', userId);
  if (replacing !== undefined) update = update.where('password_hash', '=', replacing);
  const result = await update.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function setSuperadmin(db: Q, userId: string, value: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ is_superadmin: value ? 1 : 0 })
    .where('id', '=', userId)
    .execute();
}

/**
 * Takes the flag from every user whose email is no longer in SUPERADMIN_EMAILS (the flag is only
 * ever granted from that list, so the list is the whole truth); returns how many lost it.
 */
export async function revokeUnlistedSuperadmins(
  db: Q,
  listed: ReadonlySet<string>,
): Promise<number> {
  let q = db.updateTable('users').set({ is_superadmin: 0 }).where('is_superadmin', '=', 1);
  if (listed.size > 0) q = q.where('email', 'not in', [...listed]);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function insertAccountWithOwner(
  db: Q,
  a: { accountId: string; name: string; userId: string; now: number },
): Promise<void> {
  await db
    .insertInto('accounts')
    .values({ id: a.accountId, name: a.name, created_at: a.now })
    .execute();
  await insertMembership(db, {
    accountId: a.accountId,
    userId: a.userId,
    role: 'owner',
    now: a.now,
  });
}

/** The user's accounts, oldest membership first: the first one is the active account. */
export async function listUserAccounts(db: Q, userId: string): Promise<AccountSummary[]> {
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('accounts', 'accounts.id', 'memberships.account_id')
    .select(['accounts.id', 'accounts.name', 'memberships.role'])
    .where('memberships.user_id', '=', userId)
    .orderBy('memberships.created_at')
    .orderBy('accounts.id')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, role: r.role as Role }));
}

export async function insertSession(
  db: Q,
  s: {
    tokenHash: string;
    userId: string;
    /** The active account (the first membership at sign-in). */
    accountId: string | null;
    /** Whether the session reaches only that account (a SAML sign-in). */
    confined: boolean;
    now: number;
    expiresAt: number;
  },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      token_hash: s.tokenHash,
      user_id: s.userId,
      account_id: s.accountId,
      confined: s.confined ? 1 : 0,
      created_at: s.now,
      expires_at: s.expiresAt,
    })
    .execute();
}

/**
 * A live session's user, the account the session chose (null: the first membership) and whether
 * it is confined to that account.
 */
export async function findSession(
  db: Q,
  tokenHash: string,
  now: number,
): Promise<{ user: UserRow; accountId: string | null; confined: boolean } | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.account_id as session_account_id', 'sessions.confined as session_confined'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_account_id, session_confined, ...user } = row;
  return { user, accountId: session_account_id, confined: session_confined === 1 };
}

/**
 * Deletes the user's sessions that have expired. Nothing else removes them, so without this every
 * sign-in would leave a row behind for good; called when the user starts a new one.
 */
export async function deleteExpiredSessions(db: Q, userId: string, now: number): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('expires_at', '<=', now)
    .execute();
}

/** Records the session's active account (a switch); a SAML session's stays its confined one. */
export async function setSessionAccount(
  db: Q,
  tokenHash: string,
  accountId: string,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ account_id: accountId })
    .where('token_hash', '=', tokenHash)
    .where('confined', '=', 0)
    .execute();
}

export async function deleteSession(db: Q, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

/** Revokes every session of a user except, optionally, the one making the call. */
export async function deleteUserSessions(
  db: Q,
  userId: string,
  keepTokenHash?: string,
): Promise<void> {
  let q = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepTokenHash) q = q.where('token_hash', '!=', keepTokenHash);
  await q.execute();
}

export async function insertPasswordReset(
  db: Q,
  r: { tokenHash: string; userId: string; now: number; expiresAt: number },
): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({
      token_hash: r.tokenHash,
      user_id: r.userId,
      created_at: r.now,
      expires_at: r.expiresAt,
      used_at: null,
    })
    .execute();
}

/** Whether a reset token is live and unused (it is consumed later, by `consumePasswordReset`). */
export async function isLivePasswordReset(db: Q, tokenHash: string, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('password_resets')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks a live, unused reset token as used and returns its user, in one statement so it works once. */
export async function consumePasswordReset(
  db: Q,
  tokenHash: string,
  now: number,
): Promise<string | undefined> {
  const row = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** Deletes the user's reset links that can no longer be used (used or expired); called before a new one. */
export async function deleteDeadPasswordResets(db: Q, userId: string, now: number): Promise<void> {
  await db
    .deleteFrom('password_resets')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', now)]))
    .execute();
}

export async function expireUserResets(db: Q, userId: string, now: number): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}
