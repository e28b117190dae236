import { randomUUID } from 'node:crypto';
import {
  type AuthResponse,
  type ChangePasswordRequest,
  isReadOnlyUser,
  RESET_TOKEN_TTL_MS,
  type SessionUser,
  type SubscriptionStatusResponse,
} from '@tokenwise/contracts';
import type { AppDeps } from '../../deps.ts';
import * as repo from '../../domain/auth/auth.repository.ts';
import { startSession, toSessionUser } from '../../domain/auth/session.ts';
import { hasActiveSubscription } from '../../domain/billing/subscription.repository.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors/app-error.ts';
import { limitNow } from '../../lib/counter-store.ts';
import { decoyHash, hashPassword, randomToken, sha256, verifyPassword } from '../../lib/crypto.ts';
import type { AuthContext, SessionContext } from '../../plugins/auth.ts';
import { claimLoginAttempt, recordLoginFailure, recordLoginSuccess } from './login-throttle.ts';

const SIGN_IN_WITH_SSO =
  "This login signs in through your organization's single sign-on: choose 'Single sign-on (SSO)' on the login screen.";
/** A user a SAML sign-in created, in an account with SSO on: no password of theirs counts. */
const ssoRequired = () => new AppError(403, 'sso_required', SIGN_IN_WITH_SSO);

export async function signup(
  deps: AppDeps,
  email: string,
  password: string,
  ip: string,
): Promise<AuthResponse> {
  const { db, clock, config } = deps;
  if (await repo.findUserByEmail(db.kysely, email)) {
    throw conflict('An account with this email already exists');
  }
  const now = clock();
  const userId = randomUUID();
  const passwordHash = await hashPassword(password);
  try {
    await db.kysely.transaction().execute(async (trx) => {
      await repo.insertUser(trx, {
        id: userId,
        email,
        passwordHash,
        // A listed address that signs up itself chose its own password (decision 080).
        isSuperadmin: config.superadminEmails.has(email),
        resetRequired: false,
        now,
      });
      await repo.insertAccountWithOwner(trx, {
        accountId: randomUUID(),
        name: defaultAccountName(email),
        userId,
        now,
      });
    });
  } catch (err) {
    // Two signups racing for one email: the unique index decides, the loser gets the same 409.
    if (await repo.findUserByEmail(db.kysely, email))
      throw conflict('An account with this email already exists');
    throw err;
  }
  // The address that chose the password is known for it, as after a sign-in: a lock on the
  // address for spraying other emails does not keep its own user out.
  await recordLoginSuccess(deps.counters, email, ip);
  return startSession(deps, userId);
}

export async function login(
  deps: AppDeps,
  email: string,
  password: string,
  ip: string,
): Promise<AuthResponse> {
  const release = await claimLoginAttempt(deps.counters, email, ip);
  let user: Awaited<ReturnType<typeof repo.findUserByEmail>>;
  try {
    user = await repo.findUserByEmail(deps.db.kysely, email);
    const ok = await verifyPassword(password, user?.password_hash ?? (await decoyHash()));
    if (!user || !ok) {
      await recordLoginFailure(deps.counters, email, ip);
      throw new AppError(401, 'invalid_credentials', 'Invalid email or password');
    }
    // Checked only after the password matched: who holds an expired invite is nobody else's business.
    if (user.password_expires_at !== null && user.password_expires_at <= deps.clock()) {
      throw new AppError(
        401,
        'temporary_password_expired',
        'Your temporary password has expired. Use "Forgot password" to choose a new one, or ask your account administrator to invite you again.',
      );
    }
    // Someone SSO created holds a password only through the reset hole decision 082 closed.
    if (await repo.mustUseSso(deps.db.kysely, user)) throw ssoRequired();
    await recordLoginSuccess(deps.counters, email, ip);
  } finally {
    await release();
  }
  // A listed user who signed up before the address was listed gets the flag here; never on a
  // temporary password, which its inviter knows (decision 080).
  const temporary = user.password_reset_required === 1;
  if (!temporary && !user.is_superadmin && deps.config.superadminEmails.has(user.email)) {
    await repo.setSuperadmin(deps.db.kysely, user.id, true);
  }
  return startSession(deps, user.id, { resetRequired: temporary });
}

/** The caller as their session sees them (a SAML session: its one account, no superadmin). */
export function describeUser(auth: SessionContext): SessionUser {
  return toSessionUser(auth.user, auth.accounts);
}

/**
 * Makes another of the caller's accounts this session's active one (other sessions stay where
 * they are). One the caller is not in, or one beyond a SAML session's, is the 404 of a missing one.
 */
export async function switchAccount(
  deps: AppDeps,
  auth: AuthContext,
  accountId: string,
): Promise<SessionUser> {
  const target = auth.accounts.find((a) => a.id === accountId);
  if (!target) throw notFound('Account not found');
  await repo.setSessionAccount(deps.db.kysely, auth.tokenHash, target.id);
  // Spec section 3: the active account is the first of the list.
  return toSessionUser(auth.user, [target, ...auth.accounts.filter((a) => a !== target)]);
}

/** The active account's subscription; none for a user removed from every account. */
export async function subscriptionStatus(
  deps: AppDeps,
  auth: SessionContext,
): Promise<SubscriptionStatusResponse> {
  const active =
    auth.account !== null &&
    (await hasActiveSubscription(deps.db.kysely, auth.account.id, deps.clock()));
  return { has_active_subscription: active, user: describeUser(auth) };
}

/**
 * Always answers the same way and in the same time, whether or not the email has an account:
 * the lookup, the token and the email happen after the answer has gone.
 */
export async function requestPasswordReset(deps: AppDeps, email: string): Promise<void> {
  const perEmail = await deps.counters.increment(`reset:${email}`, 60 * 60 * 1000);
  if (perEmail > limitNow(deps.counters, 5)) return;
  deps.jobs.enqueue('password-reset-email', () => sendPasswordReset(deps, email));
}

async function sendPasswordReset(deps: AppDeps, email: string): Promise<void> {
  const user = await repo.findUserByEmail(deps.db.kysely, email);
  if (!user) return;
  if (await repo.mustUseSso(deps.db.kysely, user)) {
    // No link: a password would let them past the IdP (which may have disabled them since).
    await deps.mailer.send({
      to: user.email,
      subject: 'Your Tokenwise login uses single sign-on',
      text: `Someone asked to reset the password for ${user.email}.\n\n${user.email} signs in to Tokenwise through your organization's single sign-on and has no Tokenwise password. Choose 'Single sign-on (SSO)' on ${deps.config.publicUrl}/login.\n\nIf this was not you, ignore this email.\n`,
    });
    return;
  }
  const token = randomToken(32);
  const now = deps.clock();
  await repo.deleteDeadPasswordResets(deps.db.kysely, user.id, now);
  await repo.insertPasswordReset(deps.db.kysely, {
    tokenHash: sha256(token),
    userId: user.id,
    now,
    expiresAt: now + RESET_TOKEN_TTL_MS,
  });
  const link = `${deps.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await deps.mailer.send({
    to: user.email,
    subject: 'Reset your Tokenwise password',
    text: `Someone asked to reset the password for ${user.email}.\n\nReset it here (the link expires in 1 hour and works once):\n${link}\n\nIf this was not you, ignore this email; your password stays the same.\n`,
  });
}

export async function resetPassword(
  deps: AppDeps,
  token: string,
  newPassword: string,
  ip: string,
): Promise<void> {
  const now = deps.clock();
  const tokenHash = sha256(token);
  const invalid = () => badRequest('Invalid or expired reset token', 'invalid_reset_token');
  // Looked up before the hash: anyone may call this, as often as they like, and a made-up token
  // must not cost a hash (tens of ms and 32 MB on the threads sign-ins share). The token is 256
  // random bits, so how fast a wrong one is refused tells a guesser nothing.
  if (!(await repo.isLivePasswordReset(deps.db.kysely, tokenHash, now))) throw invalid();
  const passwordHash = await hashPassword(newPassword);
  const userId = await repo.consumePasswordReset(deps.db.kysely, tokenHash, now);
  if (!userId) throw invalid();
  // A link mailed while SSO was off, used after it was switched back on.
  const owner = await repo.findUserById(deps.db.kysely, userId);
  if (owner && (await repo.mustUseSso(deps.db.kysely, owner))) throw ssoRequired();
  await deps.db.kysely.transaction().execute(async (trx) => {
    await repo.updatePassword(trx, userId, passwordHash, now);
    await repo.expireUserResets(trx, userId, now);
    await repo.deleteUserSessions(trx, userId);
    // The link reached the mailbox: the one proof that a listed address is its owner's. Signing
    // up or being invited with it proves nothing (decision 080).
    const user = await repo.findUserById(trx, userId);
    if (user && !user.is_superadmin && deps.config.superadminEmails.has(user.email)) {
      await repo.setSuperadmin(trx, userId, true);
    }
  });
  // The link reached the mailbox from this address: it signs in with the new password at once, as
  // after a successful sign-in, instead of waiting out the failures that sent its owner to
  // 'Forgot password' (up to 15 minutes). Other addresses keep their waits.
  if (owner) await recordLoginSuccess(deps.counters, owner.email, ip);
}

/**
 * Read-only members may not change their password (spec section 6); called before the body is
 * read, so they hear that whatever they sent. A temporary password must be replaceable by anyone,
 * or a read-only invitee is locked out. The password is the user's, not the active account's: a
 * user read-only in the team they switched to, who owns or helps run another account, is not a
 * read-only user (a SAML session sees its one account only).
 */
export function assertMayChangePassword(auth: SessionContext): void {
  if (isReadOnlyUser(auth.accounts) && auth.user.password_reset_required !== 1) {
    throw forbidden(
      'Read-only users cannot change their password. Please contact your account administrator.',
    );
  }
}

export async function changePassword(
  deps: AppDeps,
  auth: SessionContext,
  body: ChangePasswordRequest,
  ip: string,
): Promise<void> {
  // A guess at the current password is a guess at the password: it waits and counts as a failed
  // sign-in does, or a stolen session could try passwords here as fast as scrypt allows.
  const release = await claimLoginAttempt(deps.counters, auth.user.email, ip);
  try {
    if (!(await verifyPassword(body.current_password, auth.user.password_hash))) {
      await recordLoginFailure(deps.counters, auth.user.email, ip);
      throw new AppError(401, 'invalid_current_password', 'Current password is incorrect');
    }
    // And the right one counts as a sign-in: the typos before it stop holding this address back.
    await recordLoginSuccess(deps.counters, auth.user.email, ip);
  } finally {
    await release();
  }
  if (body.current_password === body.new_password) {
    throw badRequest('New password must be different from current password');
  }
  const passwordHash = await hashPassword(body.new_password);
  const now = deps.clock();
  await deps.db.kysely.transaction().execute(async (trx) => {
    // Checked and set at once: a change made meanwhile (another tab, the same old password)
    // means the current password no longer matches.
    const set = await repo.updatePassword(
      trx,
      auth.user.id,
      passwordHash,
      now,
      auth.user.password_hash,
    );
    if (!set) throw new AppError(401, 'invalid_current_password', 'Current password is incorrect');
    // A reset link mailed earlier would otherwise still set a password over this one for its hour.
    await repo.expireUserResets(trx, auth.user.id, now);
    await repo.deleteUserSessions(trx, auth.user.id, auth.tokenHash);
  });
}

function defaultAccountName(email: string): string {
  const local = email.split('@')[0] ?? email;
  return `${local}'s team`.slice(0, 100);
}
