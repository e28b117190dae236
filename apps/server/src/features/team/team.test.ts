import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { apiClient, signUp, signUpSubscribed, unfoldEmail } from '../../testing/test-server.ts';
import { useTestServer } from '../../testing/use-test-server.ts';
import { waitFor } from '../../testing/wait-for.ts';
import { NOT_A_MANAGER, OWNER_GRANTS_OWNER, OWNERS_FIXED } from './team-rules.ts';
import { inviteAs, login, signIn, TEMPORARY_PASSWORD_TTL_MS } from './team-testing.ts';

type Owner = Awaited<ReturnType<typeof signUpSubscribed>>;
const unique = (what: string) => `${what}-${Math.random().toString(36).slice(2)}@example.com`;

describe('team: members, invites, roles and removal (spec sections 4-6)', () => {
  let now = Date.now();
  // Ticks on every read, so memberships made one after another are ordered as they were made.
  const clock = () => ++now;
  const server = useTestServer({ clock });
  let a: Owner;
  let b: Owner;

  before(async () => {
    a = await signUpSubscribed(server, unique('owner-a'));
    b = await signUpSubscribed(server, unique('owner-b'));
  });

  /**
   * A new user invited into A with `role`, signed in with the temporary password and, unless
   * `keepTemporary`, past the change it requires (the session then opens their account).
   */
  async function invited(role: string, opts: { keepTemporary?: boolean } = {}) {
    const email = unique(`invited-${role}`);
    const res = await inviteAs(a.api, a.accountId, email, role);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const session = await signIn(server, email, res.body.temporary_password);
    if (!opts.keepTemporary) {
      const changed = await session.api('POST', '/v1/auth/change-password', {
        current_password: res.body.temporary_password,
        new_password: 'invitee-chosen-1',
      });
      assert.equal(changed.status, 200, JSON.stringify(changed.body));
    }
    return { email, userId: res.body.member.user_id as string, ...session };
  }

  test('the owner reads the members of the active account; any other id is the same 404', async () => {
    const own = await a.api('GET', `/v1/accounts/${a.accountId}`);
    assert.equal(own.status, 200);
    assert.deepEqual(
      own.body.members.map((m: { email: string; role: string }) => [m.email, m.role]),
      [[a.email, 'owner']],
    );
    const other = await a.api('GET', `/v1/accounts/${b.accountId}`);
    const missing = await a.api('GET', '/v1/accounts/no-such-account');
    assert.equal(other.status, 404);
    assert.deepEqual(other.body, missing.body, "B's account looks exactly like no account");
    assert.equal(other.body.message, 'Account not found');
    assert.doesNotMatch(JSON.stringify(other.body), new RegExp(b.email));
  });

  test('inviting an unknown email creates a user with a temporary password, answered once and emailed', async () => {
    const email = unique('new');
    const res = await inviteAs(a.api, a.accountId, email, 'member');
    assert.equal(res.status, 201);
    assert.equal(res.body.existing_user, false);
    assert.equal(res.body.member.email, email);
    assert.equal(res.body.member.role, 'member');
    const password = res.body.temporary_password as string;
    assert.ok(password.length >= 12, 'a random temporary password');
    const mail = (await server.outbox()).map(unfoldEmail).find((m) => m.includes(`To: ${email}`));
    assert.ok(mail, 'the invite was emailed');
    assert.ok(mail.includes(password), 'the email carries the temporary password');

    const first = await signIn(server, email, password);
    assert.equal(first.resetRequired, true, 'login says the password must be changed');
    assert.deepEqual(
      first.accounts.map((x) => [x.id, x.role]),
      [[a.accountId, 'member']],
    );
    const members = await a.api('GET', `/v1/accounts/${a.accountId}`);
    assert.ok(members.body.members.some((m: { email: string }) => m.email === email));

    const change = await first.api('POST', '/v1/auth/change-password', {
      current_password: password,
      new_password: 'chosen-by-me-1',
    });
    assert.equal(change.status, 200, JSON.stringify(change.body));
    const again = await signIn(server, email, 'chosen-by-me-1');
    assert.equal(again.resetRequired, false, 'changing the password clears the flag');
  });

  test('an existing user is added as they are: no password, their own account stays active', async () => {
    const existing = await signUp(server, unique('existing'));
    const res = await inviteAs(a.api, a.accountId, existing.email.toUpperCase(), 'read_only');
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.existing_user, true);
    assert.equal(res.body.temporary_password, undefined);
    assert.equal(res.body.member.user_id, existing.userId);
    const session = await signIn(server, existing.email, existing.password);
    assert.equal(session.resetRequired, false);
    assert.deepEqual(
      session.accounts.map((x) => x.id),
      [existing.accountId, a.accountId],
      'the first account of the list is the active one',
    );
    const again = await inviteAs(a.api, a.accountId, existing.email, 'member');
    assert.equal(again.status, 409);
    assert.equal(again.body.message, `${existing.email} is already a member of this account`);
  });

  test('invites are validated: email and role', async () => {
    const badRole = await inviteAs(a.api, a.accountId, unique('x'), 'superuser');
    assert.equal(badRole.status, 400);
    assert.equal(badRole.body.message, 'Role must be one of: owner, admin, member, read_only');
    const badEmail = await inviteAs(a.api, a.accountId, 'not-an-email', 'member');
    assert.equal(badEmail.status, 400);
    const defaulted = await a.api('POST', `/v1/accounts/${a.accountId}/members`, {
      email: unique('default'),
    });
    assert.equal(defaulted.status, 201);
    assert.equal(defaulted.body.member.role, 'member', 'role defaults to member');
    const badChange = await a.api('PUT', `/v1/accounts/${a.accountId}/members/x/role`, {
      role: 'boss',
    });
    assert.equal(badChange.status, 400);
  });

  test('members and read-only members cannot invite, change roles or remove', async () => {
    const target = await invited('member');
    for (const role of ['member', 'read_only']) {
      const who = await invited(role);
      const inviting = await inviteAs(who.api, a.accountId, unique('y'), 'read_only');
      const changing = await who.api(
        'PUT',
        `/v1/accounts/${a.accountId}/members/${target.userId}/role`,
        { role: 'read_only' },
      );
      const removing = await who.api(
        'DELETE',
        `/v1/accounts/${a.accountId}/members/${target.userId}`,
      );
      for (const res of [inviting, changing, removing]) {
        assert.equal(res.status, 403, role);
        assert.equal(res.body.message, NOT_A_MANAGER);
      }
      const list = await who.api('GET', `/v1/accounts/${a.accountId}`);
      assert.equal(list.status, 200, `${role} still sees the member list`);
    }
  });

  test('only an owner grants owner; an admin grants up to admin; owners cannot be changed or removed', async () => {
    const admin = await invited('admin');
    const ownerInvite = await inviteAs(admin.api, a.accountId, unique('z'), 'owner');
    assert.equal(ownerInvite.status, 403);
    assert.equal(ownerInvite.body.message, OWNER_GRANTS_OWNER);
    const adminInvite = await inviteAs(admin.api, a.accountId, unique('z'), 'admin');
    assert.equal(adminInvite.status, 201);

    const member = await invited('member');
    const path = `/v1/accounts/${a.accountId}/members/${member.userId}`;
    const toOwnerByAdmin = await admin.api('PUT', `${path}/role`, { role: 'owner' });
    assert.equal(toOwnerByAdmin.status, 403);
    assert.equal(toOwnerByAdmin.body.message, OWNER_GRANTS_OWNER);
    const toAdminByAdmin = await admin.api('PUT', `${path}/role`, { role: 'admin' });
    assert.equal(toAdminByAdmin.status, 200);
    const toOwner = await a.api('PUT', `${path}/role`, { role: 'owner' });
    assert.equal(toOwner.status, 200);
    const roles = await a.api('GET', `/v1/accounts/${a.accountId}`);
    assert.equal(
      roles.body.members.find((m: { user_id: string }) => m.user_id === member.userId).role,
      'owner',
    );

    for (const [who, api] of [
      ['owner', a.api],
      ['admin', admin.api],
    ] as const) {
      for (const target of [member.userId, a.userId]) {
        const p = `/v1/accounts/${a.accountId}/members/${target}`;
        const change = await api('PUT', `${p}/role`, { role: 'member' });
        const remove = await api('DELETE', p);
        for (const res of [change, remove]) {
          assert.equal(res.status, 403, `${who} on an owner`);
          assert.equal(res.body.message, OWNERS_FIXED);
        }
      }
    }
    const stillOwners = await a.api('GET', `/v1/accounts/${a.accountId}`);
    const owners = stillOwners.body.members.filter((m: { role: string }) => m.role === 'owner');
    assert.equal(owners.length, 2, 'the account keeps its owners');
  });

  test('a removed member loses the account at once; the gateway keys they made stop working', async () => {
    const gone = await invited('member');
    const key = await gone.api('POST', '/v1/keys', { name: 'made by the leaver' });
    assert.equal(key.status, 201);
    const ownersKey = await a.api('POST', '/v1/keys', { name: 'the team key' });
    const gateway = (k: string) => apiClient(server.url, k)('GET', '/v1/models');
    assert.equal((await gateway(key.body.key)).status, 200);
    assert.equal((await gone.api('GET', '/v1/analytics')).status, 200);

    const removed = await a.api('DELETE', `/v1/accounts/${a.accountId}/members/${gone.userId}`);
    assert.equal(removed.status, 200);
    const afterwards = await gone.api('GET', '/v1/analytics');
    assert.equal(afterwards.status, 403, 'the old token no longer reaches the account');
    assert.equal(afterwards.body.message, 'No account found');
    assert.equal((await gone.api('GET', `/v1/accounts/${a.accountId}`)).status, 403);
    assert.equal((await gateway(key.body.key)).status, 401, "the leaver's key is revoked");
    assert.equal((await gateway(ownersKey.body.key)).status, 200, "others' keys keep working");
    const list = await a.api('GET', `/v1/accounts/${a.accountId}`);
    assert.ok(!list.body.members.some((m: { user_id: string }) => m.user_id === gone.userId));
    const twice = await a.api('DELETE', `/v1/accounts/${a.accountId}/members/${gone.userId}`);
    assert.equal(twice.status, 404);
    assert.equal(twice.body.message, 'Member not found');
  });

  test('a member removed from every account can still sign out: a later invite does not revive the token', async () => {
    const gone = await invited('member');
    await a.api('DELETE', `/v1/accounts/${a.accountId}/members/${gone.userId}`);
    assert.equal((await gone.api('GET', '/v1/analytics')).status, 403, 'no account left');
    const out = await gone.api('POST', '/v1/auth/logout');
    assert.equal(out.status, 200, JSON.stringify(out.body));
    assert.equal((await gone.api('POST', '/v1/auth/logout')).status, 401, 'already ended');
    assert.equal((await inviteAs(a.api, a.accountId, gone.email, 'member')).status, 201);
    const after = await gone.api('GET', '/v1/auth/me');
    assert.equal(after.status, 401, 'the signed-out token stays dead once they are back');
  });

  test('a member removed from every account hears so from /me and the subscription check, not a 403', async () => {
    // The dashboard's guard shows 'Failed to verify subscription status' and a Retry that can
    // never succeed for any answer but 200 or 401; told "no subscription" with no account listed,
    // it goes to /billing, which says 'No account found' (spec sections 2 and 8).
    const gone = await invited('admin');
    await a.api('DELETE', `/v1/accounts/${a.accountId}/members/${gone.userId}`);
    const me = await gone.api('GET', '/v1/auth/me');
    assert.equal(me.status, 200, JSON.stringify(me.body));
    assert.deepEqual(me.body.accounts, []);
    const status = await gone.api('GET', '/v1/auth/subscription-status');
    assert.equal(status.status, 200, JSON.stringify(status.body));
    assert.equal(status.body.has_active_subscription, false);
    assert.deepEqual(status.body.user.accounts, []);
    const changed = await gone.api('POST', '/v1/auth/change-password', {
      current_password: 'invitee-chosen-1',
      new_password: 'invitee-chosen-2',
    });
    assert.equal(changed.status, 200, 'their password is still theirs to change');
    const keys = await gone.api('GET', '/v1/keys');
    assert.equal(keys.status, 403, 'everything that works in an account stays closed');
    assert.equal(keys.body.message, 'No account found');
  });

  test('a key made while its maker is being removed does not outlive the removal', {
    // SQLite runs one write transaction at a time, so only PostgreSQL can interleave them.
    skip: !(process.env.DATABASE_URL ?? '').startsWith('postgres') && 'needs PostgreSQL',
  }, async () => {
    // Found by a member creating keys in a loop while being removed: 2-5 of ~20 kept working.
    // Here the removal is held open at the moment that let one through: membership and keys
    // deleted, not yet committed, while the key request (which still sees the membership) runs.
    const racer = await invited('member');
    const db = server.deps.db.kysely;
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let removing = () => {};
    const removed = new Promise<void>((resolve) => {
      removing = resolve;
    });
    const removal = db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('memberships')
        .where('account_id', '=', a.accountId)
        .where('user_id', '=', racer.userId)
        .execute();
      await trx
        .deleteFrom('api_keys')
        .where('account_id', '=', a.accountId)
        .where('created_by', '=', racer.userId)
        .execute();
      removing();
      await released;
    });
    await removed;
    let answered = false;
    const made = racer.api('POST', '/v1/keys', { name: 'made mid-removal' }).finally(() => {
      answered = true;
    });
    // Answered already (nothing held it back), or waiting on the removal's locks.
    await waitFor('the key request to answer or wait on a lock', async () => {
      if (answered) return true;
      const waiting = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
        where wait_event_type = 'Lock' and query ilike '%memberships%'`.execute(db);
      return (waiting.rows[0]?.n ?? 0) > 0;
    });
    release();
    await removal;
    const res = await made;
    if (res.status === 201) {
      const gateway = await apiClient(server.url, res.body.key)('GET', '/v1/models');
      assert.equal(gateway.status, 401, 'a key made mid-removal must not work after it');
    } else {
      assert.equal(res.status, 403);
    }
    const left = await db
      .selectFrom('api_keys')
      .select('id')
      .where('created_by', '=', racer.userId)
      .execute();
    assert.deepEqual(left, [], 'no key of the removed member is left in the account');
  });

  test('a member made read-only stops making requests: the gateway keys they made are revoked', async () => {
    // Read-only members view the dashboard and analytics only (spec section 6); they cannot even
    // see the key list to delete what they made.
    const demoted = await invited('member');
    const key = await demoted.api('POST', '/v1/keys', { name: 'made before the demotion' });
    assert.equal(key.status, 201);
    const teamKey = await a.api('POST', '/v1/keys', { name: 'the team key, again' });
    const gateway = (k: string) => apiClient(server.url, k)('GET', '/v1/models');
    assert.equal((await gateway(key.body.key)).status, 200);

    const changed = await a.api(
      'PUT',
      `/v1/accounts/${a.accountId}/members/${demoted.userId}/role`,
      { role: 'read_only' },
    );
    assert.equal(changed.status, 200);
    assert.equal((await gateway(key.body.key)).status, 401, "the read-only member's key");
    assert.equal((await gateway(teamKey.body.key)).status, 200, "others' keys keep working");
    assert.equal((await demoted.api('GET', '/v1/analytics')).status, 200, 'they still view');
    const keys = await a.api('GET', '/v1/keys');
    assert.ok(!keys.body.some((k: { id: string }) => k.id === key.body.id), 'gone from the list');
  });

  test('a removed member whose session was in that account falls back to their next account', async () => {
    const both = await invited('member');
    const intoB = await inviteAs(b.api, b.accountId, both.email, 'read_only');
    assert.equal(intoB.status, 201);
    assert.equal((await both.api('GET', `/v1/accounts/${a.accountId}`)).status, 200);
    assert.equal(
      (await both.api('GET', `/v1/accounts/${b.accountId}`)).status,
      404,
      'the session works in its active account only',
    );
    await a.api('DELETE', `/v1/accounts/${a.accountId}/members/${both.userId}`);
    assert.equal((await both.api('GET', `/v1/accounts/${a.accountId}`)).status, 404);
    const inB = await both.api('GET', `/v1/accounts/${b.accountId}`);
    assert.equal(inB.status, 200, 'the same token now works in B, as read-only');
    assert.equal((await both.api('GET', '/v1/keys')).status, 403, 'with B’s role, not A’s');
  });

  test('two accounts: nobody reads or changes the other account’s members', async () => {
    const bMember = await inviteAs(b.api, b.accountId, unique('b-member'), 'member');
    const bUser = bMember.body.member.user_id as string;
    const before = await b.api('GET', `/v1/accounts/${b.accountId}`);
    const attempts = [
      await inviteAs(a.api, b.accountId, unique('intruder'), 'admin'),
      await a.api('PUT', `/v1/accounts/${b.accountId}/members/${bUser}/role`, { role: 'admin' }),
      await a.api('PUT', `/v1/accounts/${a.accountId}/members/${bUser}/role`, { role: 'admin' }),
      await a.api('DELETE', `/v1/accounts/${b.accountId}/members/${bUser}`),
      await a.api('DELETE', `/v1/accounts/${a.accountId}/members/${bUser}`),
    ];
    assert.deepEqual(
      attempts.map((r) => r.status),
      [404, 404, 404, 404, 404],
    );
    assert.deepEqual((await b.api('GET', `/v1/accounts/${b.accountId}`)).body, before.body);
  });

  test('read-only members cannot change their password, except a temporary one', async () => {
    const viewer = await invited('read_only', { keepTemporary: true });
    const password = 'viewer-chosen-1';
    const first = await viewer.api('POST', '/v1/auth/change-password', {
      current_password: (await tempPasswordOf(viewer.email)) ?? '',
      new_password: password,
    });
    assert.equal(first.status, 200, 'the temporary password can be replaced');
    const session = await signIn(server, viewer.email, password);
    const again = await session.api('POST', '/v1/auth/change-password', {
      current_password: password,
      new_password: 'viewer-chosen-2',
    });
    assert.equal(again.status, 403);
    assert.equal(
      again.body.message,
      'Read-only users cannot change their password. Please contact your account administrator.',
    );
  });

  test('a temporary password opens nothing but its own change, whoever holds it', async () => {
    // The inviter was answered it and the invitee mailed it: until it is replaced, the session
    // it opens may change it, read who it is and sign out, and nothing more.
    const newcomer = await invited('admin', { keepTemporary: true });
    for (const [method, path] of [
      ['GET', '/v1/analytics'],
      ['GET', '/v1/keys'],
      ['POST', '/v1/keys'],
      ['GET', `/v1/accounts/${a.accountId}`],
      ['GET', '/v1/provider-keys'],
    ] as const) {
      const res = await newcomer.api(method, path, method === 'POST' ? { name: 'x' } : undefined);
      assert.equal(res.status, 403, `${method} ${path}`);
      assert.equal(res.body.error, 'password_change_required');
    }
    assert.equal((await newcomer.api('GET', '/v1/auth/me')).status, 200);
    assert.equal((await newcomer.api('GET', '/v1/auth/subscription-status')).status, 200);
    const changed = await newcomer.api('POST', '/v1/auth/change-password', {
      current_password: (await tempPasswordOf(newcomer.email)) ?? '',
      new_password: 'newcomer-chosen-1',
    });
    assert.equal(changed.status, 200);
    assert.equal((await newcomer.api('GET', '/v1/analytics')).status, 200, 'then everything');
  });

  test('a temporary password stops working 7 days after the invite, with a clear message', async () => {
    const email = unique('late');
    const res = await inviteAs(a.api, a.accountId, email, 'member');
    const password = res.body.temporary_password as string;
    const start = now;
    try {
      now = start + TEMPORARY_PASSWORD_TTL_MS - 60_000;
      assert.equal((await login(server, email, password)).status, 200);
      now = start + TEMPORARY_PASSWORD_TTL_MS + 1;
      const late = await login(server, email, password);
      assert.equal(late.status, 401);
      assert.equal(late.body.error, 'temporary_password_expired');
      assert.match(late.body.message, /temporary password has expired/);
      const wrong = await login(server, email, 'not-the-password');
      assert.equal(wrong.body.message, 'Invalid email or password', 'no hint without the password');
    } finally {
      now = start;
    }
  });

  /** The temporary password from the outbox (the invite answer is not kept by `invited`). */
  async function tempPasswordOf(email: string): Promise<string | undefined> {
    const mail = (await server.outbox()).map(unfoldEmail).find((m) => m.includes(`To: ${email}`));
    return /Temporary password: (\S+)/.exec(mail ?? '')?.[1];
  }
});
