import { randomUUID } from 'node:crypto';
import {
  type InviteRequest,
  type InviteResponse,
  TEMPORARY_PASSWORD_TTL_MS,
  type TeamMember,
} from '@tokenwise/contracts';
import type { AppDeps } from '../../deps.ts';
import { findUserByEmail, insertUser } from '../../domain/auth/auth.repository.ts';
import { insertMembership } from '../../domain/auth/memberships.repository.ts';
import { conflict, forbidden, notFound } from '../../errors/app-error.ts';
import { countWithinLimit } from '../../lib/count-within-limit.ts';
import { hashPassword, randomToken } from '../../lib/crypto.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { inviteEmail } from './invite-email.ts';
import * as repo from './team.repository.ts';
import { ACCOUNT_NOT_FOUND, assertActiveAccount } from './team.service.ts';
import { assertMayGrant } from './team-rules.ts';

/**
 * Adds an existing user as they are; an unknown email becomes a user with a random temporary
 * password, answered once and emailed, that must be changed at first login and dies in 7 days.
 */
export async function invite(
  deps: AppDeps,
  auth: AuthContext,
  accountId: string,
  body: InviteRequest,
): Promise<InviteResponse> {
  assertMayGrant(auth.account.role, body.role);
  assertActiveAccount(auth, accountId);
  const db = deps.db.kysely;
  const account = await repo.findAccount(db, accountId);
  if (!account) throw notFound(ACCOUNT_NOT_FOUND);
  const now = deps.clock();
  const existing = await findUserByEmail(db, body.email);
  if (existing && (await repo.findMember(db, accountId, existing.id))) {
    throw alreadyMember(body.email);
  }
  // Whoever invites a new user holds its temporary password: a platform operator's address
  // (SUPERADMIN_EMAILS) signs up itself, then can be invited (decision 080).
  if (!existing && deps.config.superadminEmails.has(body.email)) {
    throw forbidden(
      `${body.email} is reserved for a platform operator: they sign up themselves, then you can invite them`,
    );
  }
  await limitInvites(deps, accountId);
  const temporaryPassword = existing ? undefined : randomToken(12);
  const userId = existing?.id ?? randomUUID();
  const passwordHash = temporaryPassword ? await hashPassword(temporaryPassword) : undefined;
  try {
    await db.transaction().execute(async (trx) => {
      if (passwordHash) {
        await insertUser(trx, {
          id: userId,
          email: body.email,
          passwordHash,
          isSuperadmin: false,
          resetRequired: true,
          passwordExpiresAt: now + TEMPORARY_PASSWORD_TTL_MS,
          now,
        });
      }
      await insertMembership(trx, { accountId, userId, role: body.role, now });
    });
  } catch (err) {
    // The membership's primary key (or the email's unique index, on a racing signup) decided.
    if (await isAlreadyMember(deps, accountId, body.email)) throw alreadyMember(body.email);
    if (!existing && (await findUserByEmail(db, body.email))) {
      return invite(deps, auth, accountId, body);
    }
    throw err;
  }
  const member: TeamMember = {
    user_id: userId,
    email: body.email,
    role: body.role,
    created_at: new Date(now).toISOString(),
  };
  deps.jobs.enqueue('invite-email', () =>
    deps.mailer.send(
      inviteEmail({
        to: body.email,
        accountName: account.name,
        inviter: auth.user.email,
        loginUrl: `${deps.config.publicUrl}/login`,
        temporaryPassword,
        noPasswordChosenYet: existing?.password_expires_at != null,
      }),
    ),
  );
  return {
    success: true,
    member,
    ...(temporaryPassword ? { temporary_password: temporaryPassword } : {}),
    existing_user: !!existing,
  };
}

// Each invite emails an address the inviter typed (and makes it a user): enough for a team joining
// in one sitting, not a way to mail strangers from this server all day (decision 131).
const INVITES_PER_HOUR = 30;
const HOUR_MS = 60 * 60_000;

async function limitInvites(deps: AppDeps, accountId: string): Promise<void> {
  await countWithinLimit(
    deps.counters,
    `invites:${accountId}`,
    HOUR_MS,
    INVITES_PER_HOUR,
    (limit, wait) => `An account can invite ${limit} people an hour; please try again in ${wait}`,
  );
}

async function isAlreadyMember(deps: AppDeps, accountId: string, email: string) {
  const user = await findUserByEmail(deps.db.kysely, email);
  return !!user && !!(await repo.findMember(deps.db.kysely, accountId, user.id));
}

const alreadyMember = (email: string) => conflict(`${email} is already a member of this account`);
