import type { Role } from '@tokenwise/db';
import { NO_SESSION, ROLE_RULES, SUPERADMIN_ONLY } from './role-rules.ts';

const ROLES: readonly Role[] = ['owner', 'admin', 'member', 'read_only'];

/** Rules a cell cannot show; each names the check that holds it and the test that proves it. */
const NOTES: Record<string, string> = {
  'POST /v1/auth/change-password':
    "read_only is refused with the spec's message when read-only in every account the session sees (not when they own or work in another), except while holding a temporary password (an invited read-only user must be able to replace it)",
  'GET /v1/admin/subscriptions/user/:accountId':
    "the caller's own accounts (the /billing screen reads them); a superadmin any account",
  'GET /v1/admin/usage/:accountId':
    "the caller's own accounts (the /billing screen reads them); a superadmin any account",
  'POST /v1/billing/checkout': "403 'Only the account owner can manage billing'",
  'POST /v1/billing/portal': "403 'Only the account owner can manage billing'",
  'GET /v1/alerts':
    'member and read_only see a webhook URL as scheme and host only (`https://hooks.slack.com/…`): its path or query is often the credential',
  'GET /v1/alerts/:id':
    'member and read_only see a webhook URL as scheme and host only (`https://hooks.slack.com/…`): its path or query is often the credential',
  'POST /v1/alerts/:id/test':
    'mails every owner and admin: 10 an account a minute and 20 an hour, then 429',
  'PUT /v1/saml/config':
    'the IdP vouches for every member, owners included: an admin could sign in as the owner through an IdP of their own',
  'GET /v1/accounts/:id': "only the caller's active account; any other id is the same 404",
  'POST /v1/accounts/:id/members':
    'only an owner grants owner; nobody grants a role above their own; already a member: 409; 30 invites an account an hour, then 429 (each one emails the address)',
  'PUT /v1/accounts/:id/members/:userId/role':
    'only an owner grants owner; owners cannot be changed (so an account keeps its last owner); made read_only, the member loses the gateway keys they created in the account',
  'DELETE /v1/accounts/:id/members/:userId':
    'owners cannot be removed; the gateway keys the member created in the account are revoked',
  'GET /v1/saml/:accountId/login':
    '100 starts a client address (an IPv6 /64) in 10 minutes, then 429 with Retry-After: each start stores a pending sign-in',
  'POST /v1/saml/:accountId/sls':
    'a LogoutRequest ID is acted on once; used again it is refused (400) like an invalid one',
  'GET /v1/saml/:accountId/sls':
    'a LogoutRequest ID is acted on once; used again it is refused (400) like an invalid one',
  'DELETE /v1/admin/users/:id':
    'not yourself; refused while the user is the only owner of an account with other members',
};

const PROSE = `# Permissions: role × route

Generated from \`apps/server/src/security/role-rules.ts\` by \`npm run docs:permissions\`;
\`permissions-doc.test.ts\` fails when this file and the table differ, and \`role-access.test.ts\`
calls every cell below (a refused role must get 403 and change nothing, an allowed one must get
past the check) on SQLite and PostgreSQL.

Roles are per account (spec section 6): **owner** everything including billing and single sign-on
(whoever sets the identity provider decides who signs in as whom, owners included); **admin** team
members, API keys and requests; **member** API requests and API keys; **read_only** the dashboard
and analytics only. **superadmin** is a flag on the user, not a role: it opens the console routes
whatever the user's role (or in no account at all), and adds nothing inside an account.

## How a request is checked

- The first line of every route is \`access()\` (\`plugins/auth.ts\`): the bearer session, then the
  **active account**, then the role in it, then (for most routes) a live subscription (402).
- A session signed in with a **temporary password** (an invite's, or one an admin reset) reaches
  only \`change-password\`, \`me\`, \`subscription-status\` and \`logout\` until the password is
  replaced; everything else answers 403 \`password_change_required\`. The inviter was answered that
  password, so it must open nothing of the invitee's.
- The active account is recorded in the session (\`sessions.account_id\`): at login, the first
  account of the user's list, as the spec says. While the user is still a member of it the session
  works there; when the membership is gone (removed from the team) the session falls back to the
  user's first remaining account (and works in the recorded one again if they are invited back),
  or, when there is none, answers 403 \`No account found\` everywhere but \`me\`, the subscription
  check (no accounts, no subscription: the dashboard shows /billing's 'No account found'),
  \`change-password\` and \`logout\` (decision 106); a SAML session, confined to the one
  account, ends instead (401). \`GET /v1/auth/me\` and the subscription check list the active
  account first, and the dashboard refreshes its stored user from the latter. The
  \`X-Account-Id\` header is no longer read: \`PUT /v1/auth/active-account\` changes the session's
  row to another of the user's accounts (decision 106).
- Memberships and roles are read from the database on every request; nothing caches them, so a
  removal or a role change holds at once on every instance and there is nothing to invalidate on
  the bus. (Gateway keys are cached per instance; revoking one publishes \`api-key-deleted\`.)

## Gateway keys of a member who leaves

Gateway keys belong to the account, but each records who created it. Removing a member revokes the
keys **they created in that account** (and deleting a user revokes the keys they created
anywhere), and every instance's key resolver forgets them at once. The person who made a key holds
it; leaving it working would let a removed member keep spending the account's money. Making a member
read-only does the same to their keys (read-only members make no requests and cannot see the key
list). Keys made by others stay: the integrations the team runs on them keep working. Members can reveal every key of
the account on the API keys screen, so after removing someone you do not trust, rotate the rest.

## Deleting a user (superadmin)

Sessions, memberships and reset tokens go with the user; the gateway keys they created are
revoked. An account they were the only member of is deleted with them (nobody is left to own it).
If they are the only owner of an account that has other members, the delete is refused (409) until
another member is made owner. It is refused (409) too while an account they are the only member of
has a Stripe subscription that is not canceled: deleting the account would not stop Stripe charging
the card (decision 105). A superadmin cannot delete themselves (400). Deletes that touch the same
account run one after the other, and a user deleted twice at once is deleted once (the other
answers 404).
`;

function cell(roles: readonly Role[], role: Role): string {
  return roles.includes(role) ? '✓' : '—';
}

/** docs/permissions.md, from the route table. */
export function renderPermissionsDoc(): string {
  const rows = Object.entries(ROLE_RULES).map(([route, roles]) => {
    const superadmin = SUPERADMIN_ONLY.has(route) ? '✓' : 'as role';
    const note = NOTES[route] ?? '';
    return `| \`${route}\` | ${ROLES.map((r) => cell(roles, r)).join(' | ')} | ${superadmin} | ${note} |`;
  });
  const open = [...NO_SESSION].map((r) => `- \`${r}\`${NOTES[r] ? `: ${NOTES[r]}` : ''}`);
  return [
    PROSE,
    '## Matrix',
    '',
    '✓ may call, — gets 403. The superadmin column: ✓ for the console routes only the flag opens; elsewhere the flag changes nothing (as role).',
    '',
    `| route | ${ROLES.join(' | ')} | superadmin | also |`,
    `|---|${ROLES.map(() => '---').join('|')}|---|---|`,
    ...rows,
    '',
    '## Without a session',
    '',
    "Signing in, the gateway (its key is the credential), Stripe's webhook (its signature is the",
    "credential) and the SAML service provider (the IdP's signature, or a single-use code):",
    '',
    ...open,
    '',
  ].join('\n');
}
