import { randomUUID } from 'node:crypto';
import type { Profile } from '@node-saml/node-saml';
import type { AuthResponse, SamlConfig } from '@tokenwise/contracts';
import type { Database } from '@tokenwise/db';
import type { Transaction } from 'kysely';
import type { AppDeps } from '../../deps.ts';
import * as users from '../../domain/auth/auth.repository.ts';
import { insertMembership, membershipRole } from '../../domain/auth/memberships.repository.ts';
import { startSession } from '../../domain/auth/session.ts';
import { AppError, badRequest, notFound } from '../../errors/app-error.ts';
import { hashPassword, randomToken, sha256 } from '../../lib/crypto.ts';
import { limitLoginStarts } from './login-start-limit.ts';
import {
  checkAddressedToUs,
  nameIdEmail,
  readableReason,
  refuseDoctype,
  refuseSplitNameIds,
  SamlRefusal,
} from './response-checks.ts';
import { accountExists, findSamlConfig } from './saml-config.repository.ts';
import { serviceProvider, serviceProviderMetadata } from './service-provider.ts';
import * as repo from './sign-in.repository.ts';

/** Long enough for the SPA to load and trade it, short enough that a leaked one is worthless. */
export const LOGIN_CODE_TTL_MS = 60 * 1000;

/** The account's config when its SSO is switched on; the same 404 when absent or switched off. */
export async function enabledConfig(deps: AppDeps, accountId: string): Promise<SamlConfig> {
  const config = await findSamlConfig(deps.db.kysely, accountId);
  if (!config?.enabled) throw notFound('SAML single sign-on is not enabled for this account');
  return config;
}

/**
 * The redirect to the IdP, carrying an AuthnRequest whose id is remembered and, as RelayState,
 * the state the starting browser holds in its cookie (the IdP posts it back with its answer).
 */
export async function loginRedirectUrl(
  deps: AppDeps,
  accountId: string,
  browserState: string,
  clientIp: string,
): Promise<string> {
  // Unauthenticated, and each start stores a row: bounded per address before anything is read.
  await limitLoginStarts(deps.counters, clientIp);
  const { saml } = await serviceProvider(deps, accountId, await enabledConfig(deps, accountId));
  return saml.getAuthorizeUrlAsync(browserState, undefined, {});
}

/** Any existing account's SP metadata, whether or not its IdP settings are saved yet. */
export async function metadataXml(deps: AppDeps, accountId: string): Promise<string> {
  if (!(await accountExists(deps.db.kysely, accountId))) throw notFound('Account not found');
  return serviceProviderMetadata(deps, accountId);
}

/** The account for 'Single sign-on (SSO)': named directly, or found from the email. */
export async function discoverAccount(
  deps: AppDeps,
  query: { email?: string; account_id?: string },
): Promise<string> {
  if (query.account_id) {
    await enabledConfig(deps, query.account_id);
    return query.account_id;
  }
  const email = query.email ?? '';
  const found = await repo.ssoAccountsFor(deps.db.kysely, email);
  if (found.length === 1 && found[0]) return found[0];
  const domain = email.slice(email.indexOf('@') + 1);
  if (found.length > 1) {
    throw badRequest(
      `Several accounts use single sign-on for ${domain}: sign in with your account ID instead`,
      'sso_ambiguous',
    );
  }
  throw notFound(`No single sign-on is set up for ${domain}. Sign in with your password instead.`);
}

/**
 * Checks an ACS post and, when everything holds, returns a one-time code for the SPA. Refusals
 * throw SamlRefusal (400) with a reason a person can act on; nothing is created for them.
 */
export async function acceptResponse(
  deps: AppDeps,
  accountId: string,
  samlResponse: string | undefined,
  relayState: string | undefined,
): Promise<string> {
  const config = await enabledConfig(deps, accountId);
  if (!samlResponse) throw new SamlRefusal('The post carries no SAMLResponse');
  const raw = Buffer.from(samlResponse, 'base64').toString('utf8');
  refuseDoctype(raw);
  refuseSplitNameIds(raw);
  const { saml, urls } = await serviceProvider(deps, accountId, config);
  let profile: Profile | null;
  try {
    ({ profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (err) {
    throw new SamlRefusal(readableReason(err));
  }
  if (!profile) throw new SamlRefusal('The identity provider did not sign anyone in');
  const { assertionId } = checkAddressedToUs(profile.getAssertionXml?.() ?? '', raw, {
    acsUrl: urls.acs,
    idpEntityId: config.idp_entity_id,
  });
  const email = nameIdEmail(profile.nameID);
  if (!email) {
    throw new SamlRefusal('The identity provider must send the email address as the NameID');
  }
  // Every sign-in started here sent a state; without one, no browser could trade the code.
  if (!relayState || relayState.length > MAX_STATE_LENGTH) {
    throw new SamlRefusal(
      'The identity provider answered without the sign-in state Tokenwise sent; start again from Single sign-on (SSO) on the login screen',
    );
  }
  return signIn(deps, {
    accountId,
    assertionId,
    email,
    nameId: profile.nameID,
    browserHash: sha256(relayState),
  });
}

/** The state is 43 characters (32 random bytes); room for IdPs that pad, none for essays. */
const MAX_STATE_LENGTH = 200;

async function signIn(
  deps: AppDeps,
  a: { accountId: string; assertionId: string; email: string; nameId: string; browserHash: string },
): Promise<string> {
  const now = deps.clock();
  const code = randomToken(32);
  // Hashed before the transaction: scrypt inside it would hold a PostgreSQL connection meanwhile.
  const unusablePassword = await hashPassword(randomToken(32));
  const record = () =>
    deps.db.kysely.transaction().execute(async (trx) => {
      const userId = await memberFor(trx, {
        ...a,
        unusablePassword,
        now,
        reservedForOperators: deps.config.superadminEmails.has(a.email),
      });
      const first = await repo.recordLogin(trx, { ...a, userId, now });
      if (!first) throw new SamlRefusal('This SAML assertion was already used; sign in again');
      await repo.insertLoginCode(trx, {
        codeHash: sha256(code),
        accountId: a.accountId,
        userId,
        browserHash: a.browserHash,
        now,
        expiresAt: now + LOGIN_CODE_TTL_MS,
      });
    });
  try {
    await record();
  } catch (err) {
    // Two first sign-ins of one new email at once (PostgreSQL): the other created the user (and
    // its membership) while this one was creating it too. Once more, this one finds them.
    if (err instanceof AppError || !(await users.findUserByEmail(deps.db.kysely, a.email))) {
      throw err;
    }
    await record();
  }
  return code;
}

/**
 * The user the IdP vouched for: created on first sign-in as a member (never more), an existing
 * member keeps the role they have; a login that is not a member here is refused, not added.
 */
async function memberFor(
  trx: Transaction<Database>,
  a: {
    accountId: string;
    email: string;
    unusablePassword: string;
    now: number;
    reservedForOperators: boolean;
  },
): Promise<string> {
  const existing = await users.findUserByEmail(trx, a.email);
  if (existing) {
    if (await membershipRole(trx, a.accountId, existing.id)) {
      // Invited, never chose a password: the inviter still holds the temporary one, and every
      // route would answer 'change your temporary password' to a session the IdP just vouched
      // for. The IdP takes over, as for a member it created (decision 116).
      if (existing.password_reset_required === 1) {
        await repo.replaceTemporaryPassword(trx, existing.id, a.unusablePassword, a.now);
      }
      return existing.id;
    }
    throw new SamlRefusal(
      `${a.email} already has a Tokenwise login outside this account; an account admin can invite it`,
    );
  }
  // As for an invite (decision 080): an operator's address is theirs to sign up, and a user made
  // here first would keep them out of it (no password while this account's SSO is on).
  if (a.reservedForOperators) {
    throw new SamlRefusal(
      `${a.email} is reserved for a platform operator: they sign up themselves, then an account admin can invite them`,
    );
  }
  const id = randomUUID();
  await users.insertUser(trx, {
    id,
    email: a.email,
    passwordHash: a.unusablePassword,
    isSuperadmin: false,
    resetRequired: false,
    ssoOnly: true,
    now: a.now,
  });
  await insertMembership(trx, { accountId: a.accountId, userId: id, role: 'member', now: a.now });
  return id;
}

/**
 * Trades a one-time code for a session confined to the account the IdP vouched for, in the
 * browser that started the sign-in only (`browserState`, its cookie): else a victim's browser
 * could be made to finish an attacker's sign-in and work in the attacker's account.
 */
export async function exchangeCode(
  deps: AppDeps,
  code: string,
  browserState: string | undefined,
): Promise<AuthResponse> {
  const now = deps.clock();
  const used = await repo.consumeLoginCode(deps.db.kysely, sha256(code), now);
  const expired = badRequest(
    'This sign-in link has expired or was already used. Choose Single sign-on (SSO) on the login screen again.',
    'invalid_login_code',
  );
  if (!used) throw expired;
  // Used up either way: a code that reached the wrong browser is worth nothing to anyone.
  if (!browserState || !used.browser_hash || sha256(browserState) !== used.browser_hash) {
    throw badRequest(
      'This sign-in was started in another browser (or its sign-in cookie is gone). Choose Single sign-on (SSO) on the login screen again, in this browser.',
      'sso_other_browser',
    );
  }
  // Switched off, or the member removed, in the seconds since: no session after all.
  await enabledConfig(deps, used.account_id).catch(() => {
    throw expired;
  });
  if (!(await membershipRole(deps.db.kysely, used.account_id, used.user_id))) throw expired;
  return startSession(deps, used.user_id, { accountId: used.account_id });
}
