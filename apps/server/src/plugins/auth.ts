import type { AccountSummary, Role } from '@tokenwise/contracts';
import type { UserRow } from '@tokenwise/db';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { deleteSession, findSession, listUserAccounts } from '../domain/auth/auth.repository.ts';
import { subscriptionRefusal } from '../domain/billing/subscription.repository.ts';
import { AppError, forbidden, paymentRequired, unauthorized } from '../errors/app-error.ts';
import { sha256 } from '../lib/crypto.ts';

/** Who is calling, signed in; `account` is null once they are a member of no account at all. */
export interface SessionContext {
  user: UserRow;
  tokenHash: string;
  accounts: AccountSummary[];
  /**
   * The active account: the one the session chose at login while the user is still a member of
   * it, else the first membership. Read from the database on every request, so a member removed
   * from the account loses it at once, on every instance, with nothing cached to invalidate.
   */
  account: AccountSummary | null;
  /** Set when the session is confined to one account (a SAML sign-in). */
  scopedTo: string | null;
}

/** The caller of a route that works in an account: every route but the few `accountless` ones. */
export interface AuthContext extends SessionContext {
  account: AccountSummary;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: SessionContext | null;
  }
}

const NO_ACCOUNT = 'No account found';

export { ALL_ROLES, MANAGER_ROLES, WRITE_ROLES } from '@tokenwise/contracts';

export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** The caller's live session (401 without one) and the hash it is stored under. */
async function liveSession(deps: AppDeps, req: FastifyRequest) {
  const token = bearerToken(req);
  if (!token || token.length > 200) throw unauthorized();
  const tokenHash = sha256(token);
  const session = await findSession(deps.db.kysely, tokenHash, deps.clock());
  if (!session) throw unauthorized('Session expired. Please sign in again.');
  return { tokenHash, session };
}

async function authenticate(deps: AppDeps, req: FastifyRequest): Promise<SessionContext> {
  const { tokenHash, session } = await liveSession(deps, req);
  const scopedTo = session.confined ? session.accountId : null;
  const all = await listUserAccounts(deps.db.kysely, session.user.id);
  // A session an identity provider vouched for reaches its account only, and never as superadmin.
  const accounts = scopedTo ? all.filter((a) => a.id === scopedTo) : all;
  const user = scopedTo ? { ...session.user, is_superadmin: 0 } : session.user;
  const account = accounts.find((a) => a.id === session.accountId) ?? accounts[0];
  if (!account && scopedTo) {
    // A SAML session reaches its one account only; the member was removed, so it is over.
    await deleteSession(deps.db.kysely, tokenHash);
    throw unauthorized('You are no longer a member of this account. Please sign in again.');
  }
  if (!account) return { user, tokenHash, accounts: [], account: null, scopedTo };
  // Spec section 3: the first account of the list is the active one, so it is listed first.
  const ordered = [account, ...accounts.filter((a) => a.id !== account.id)];
  return { user, tokenHash, accounts: ordered, account, scopedTo };
}

export interface AccessRule {
  /** Roles in the active account that may call the route. */
  roles: readonly Role[];
  /** Whether the active account needs a live subscription (402 otherwise). */
  subscription: boolean;
  /** Superadmin-only routes ignore roles. */
  superadmin?: boolean;
  /** The 403's message when the role is not allowed, where the screen shows something specific. */
  refusal?: string;
  /**
   * Whether a session signed in with a temporary password may call the route (changing it,
   * reading who it is, signing out). Elsewhere it gets 403 until the password is replaced: the
   * inviter was answered that password and the invitee's mailbox holds it.
   */
  temporaryPassword?: boolean;
  /**
   * Whether a user who is a member of no account (removed from the last one) may call the route:
   * who they are, the subscription check (none: the dashboard then shows 'No account found') and
   * their own password. Elsewhere they get 403 'No account found'.
   */
  accountless?: boolean;
}

export const PASSWORD_CHANGE_REQUIRED = 'Change your temporary password before using Tokenwise';

/**
 * The first line of every protected route: who is calling, in which account, with which role.
 * Declared per route so a reader sees the rule beside the path.
 */
export function access(deps: AppDeps, rule: AccessRule): preHandlerAsyncHookHandler {
  return async function checkAccess(req: FastifyRequest, _reply: FastifyReply) {
    const auth = await authenticate(deps, req);
    req.auth = auth;
    if (!auth.account && !rule.accountless) throw forbidden(NO_ACCOUNT);
    if (auth.user.password_reset_required === 1 && !rule.temporaryPassword) {
      throw new AppError(403, 'password_change_required', PASSWORD_CHANGE_REQUIRED);
    }
    if (rule.superadmin) {
      if (!auth.user.is_superadmin) throw forbidden('Superadmin access required');
      return;
    }
    const { account } = auth;
    // An accountless route's caller in no account: there is no role or subscription to check.
    if (!account) return;
    if (!rule.roles.includes(account.role)) throw forbidden(rule.refusal);
    if (rule.subscription) {
      const refusal = await subscriptionRefusal(deps.db.kysely, account.id, deps.clock());
      if (refusal) throw paymentRequired(refusal);
    }
  };
}

/**
 * Ends the caller's session, whatever their memberships: a user removed from every account has no
 * account for `access` to check, and their token must still die when they sign out (it would
 * otherwise work again the day someone invites them back).
 */
export async function endSession(deps: AppDeps, req: FastifyRequest): Promise<void> {
  const { tokenHash } = await liveSession(deps, req);
  await deleteSession(deps.db.kysely, tokenHash);
}

/** The caller, for handlers behind `access` (which guarantees it is set, with an account). */
export function caller(req: FastifyRequest): AuthContext {
  const auth = signedInCaller(req);
  if (!inAccount(auth)) throw forbidden(NO_ACCOUNT);
  return auth;
}

/** The caller of an `accountless` route, who may be in no account. */
export function signedInCaller(req: FastifyRequest): SessionContext {
  if (!req.auth) throw unauthorized();
  return req.auth;
}

function inAccount(auth: SessionContext): auth is AuthContext {
  return auth.account !== null;
}
