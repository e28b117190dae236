import type { AccountSummary, AuthResponse, SessionUser } from '@tokenwise/contracts';
import type { UserRow } from '@tokenwise/db';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors/app-error.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import * as repo from './auth.repository.ts';

/**
 * Issues a bearer token working in the spec's active account: the first of the user's list,
 * recorded on the session so a switcher can change it. `accountId` confines the session to one
 * account instead (a SAML sign-in: that account's identity provider vouches for nothing beyond
 * it), which also withholds superadmin.
 */
export async function startSession(
  deps: AppDeps,
  userId: string,
  options: { resetRequired?: boolean; accountId?: string } = {},
): Promise<AuthResponse> {
  const token = randomToken(32);
  const now = deps.clock();
  const found = await repo.findUserById(deps.db.kysely, userId);
  if (!found) throw new AppError(401, 'unauthorized', 'Not authenticated');
  const accounts = await repo.listUserAccounts(deps.db.kysely, userId);
  await repo.deleteExpiredSessions(deps.db.kysely, userId, now);
  await repo.insertSession(deps.db.kysely, {
    tokenHash: sha256(token),
    userId,
    accountId: options.accountId ?? accounts[0]?.id ?? null,
    confined: options.accountId !== undefined,
    now,
    expiresAt: now + deps.config.sessionTtlMs,
  });
  const user = sessionView(found, accounts, options);
  return {
    token,
    user,
    accounts: user.accounts,
    password_reset_required: options.resetRequired ?? false,
  };
}

/** What a session may see of its user: all memberships, or only the one it is confined to. */
export function sessionView(
  user: UserRow,
  accounts: AccountSummary[],
  scope: { accountId?: string | null },
): SessionUser {
  if (!scope.accountId) return toSessionUser(user, accounts);
  return {
    ...toSessionUser(
      user,
      accounts.filter((a) => a.id === scope.accountId),
    ),
    is_superadmin: false,
  };
}

export function toSessionUser(user: UserRow, accounts: SessionUser['accounts']): SessionUser {
  return { id: user.id, email: user.email, is_superadmin: user.is_superadmin === 1, accounts };
}
