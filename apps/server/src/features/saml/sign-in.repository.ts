import type { Database } from '@tokenwise/db';
import { type Kysely, sql, type Transaction } from 'kysely';

type Q = Kysely<Database> | Transaction<Database>;

/** Records the login; false when this assertion was used before (its id is the key). */
export async function recordLogin(
  db: Q,
  l: { accountId: string; assertionId: string; userId: string; nameId: string; now: number },
): Promise<boolean> {
  const result = await db
    .insertInto('saml_logins')
    .values({
      account_id: l.accountId,
      assertion_id: l.assertionId,
      user_id: l.userId,
      name_id: l.nameId,
      created_at: l.now,
    })
    .onConflict((oc) => oc.columns(['account_id', 'assertion_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function insertLoginCode(
  db: Q,
  c: {
    codeHash: string;
    accountId: string;
    userId: string;
    browserHash: string;
    now: number;
    expiresAt: number;
  },
): Promise<void> {
  await db
    .insertInto('saml_login_codes')
    .values({
      code_hash: c.codeHash,
      account_id: c.accountId,
      user_id: c.userId,
      created_at: c.now,
      expires_at: c.expiresAt,
      used_at: null,
      browser_hash: c.browserHash,
    })
    .execute();
}

/** Marks a live, unused code as used and returns whom it signs in, in one statement: once only. */
export async function consumeLoginCode(
  db: Q,
  codeHash: string,
  now: number,
): Promise<{ user_id: string; account_id: string; browser_hash: string | null } | undefined> {
  return db
    .updateTable('saml_login_codes')
    .set({ used_at: now })
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id', 'account_id', 'browser_hash'])
    .executeTakeFirst();
}

/**
 * Accounts with SSO switched on that `email` is a member of; failing that, those whose owners or
 * admins (the people who set SSO up) have an address at the email's domain.
 */
export async function ssoAccountsFor(db: Q, email: string): Promise<string[]> {
  const enabled = db
    .selectFrom('saml_configs')
    .innerJoin('memberships', 'memberships.account_id', 'saml_configs.account_id')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select('saml_configs.account_id')
    .distinct()
    .where('saml_configs.enabled', '=', 1);
  const own = await enabled.where('users.email', '=', email).execute();
  if (own.length > 0) return own.map((r) => r.account_id);
  const domain = email.slice(email.lastIndexOf('@'));
  const managed = await enabled
    .where('memberships.role', 'in', ['owner', 'admin'])
    // A suffix compared as text: LIKE would read `_` and `%` in the input as wildcards.
    .where(sql`substr(users.email, length(users.email) - ${domain.length - 1})`, '=', domain)
    .execute();
  return managed.map((r) => r.account_id);
}

/**
 * An invited user's temporary password gives way to the IdP: unusable from now on, and the user
 * is SSO-only like one a SAML sign-in created (decision 082) until they choose a password.
 */
export async function replaceTemporaryPassword(
  db: Q,
  userId: string,
  unusablePassword: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      password_hash: unusablePassword,
      password_reset_required: 0,
      password_expires_at: null,
      sso_only: 1,
      updated_at: now,
    })
    .where('id', '=', userId)
    .where('password_reset_required', '=', 1)
    .execute();
  // Signed in with the temporary password (by its holder, or its inviter): those sessions were
  // held at 'change your password' and must not open up now that the flag is gone.
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('confined', '=', 0).execute();
}

/** Ends the sessions a SAML sign-in gave `userId` in this account; password sessions stay. */
/**
 * Records a LogoutRequest as acted on; false when its id was recorded before. Ids whose requests
 * are past the age check are pruned: they cannot come back.
 */
export async function recordLogoutRequest(
  db: Q,
  r: { accountId: string; requestId: string; acceptableUntil: number; now: number },
): Promise<boolean> {
  await db.deleteFrom('saml_logout_requests').where('expires_at', '<', r.now).execute();
  const result = await db
    .insertInto('saml_logout_requests')
    .values({ account_id: r.accountId, request_id: r.requestId, expires_at: r.acceptableUntil })
    .onConflict((oc) => oc.columns(['account_id', 'request_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function deleteAccountSessions(db: Q, accountId: string, userId: string) {
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('account_id', '=', accountId)
    .where('confined', '=', 1)
    .execute();
}

/**
 * Ends every SAML sign-in of the account (sessions, codes not yet traded, logins under way): the
 * IdP that vouched for them is no longer trusted. Password sessions stay.
 */
export async function endSamlSignIns(db: Q, accountId: string): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('account_id', '=', accountId)
    .where('confined', '=', 1)
    .execute();
  await db.deleteFrom('saml_login_codes').where('account_id', '=', accountId).execute();
  await db.deleteFrom('saml_requests').where('account_id', '=', accountId).execute();
}
