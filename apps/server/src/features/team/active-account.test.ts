import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { type apiClient, signUpSubscribed } from '../../testing/test-server.ts';
import { useTestServer } from '../../testing/use-test-server.ts';
import { inviteAs, signIn } from './team-testing.ts';

type Owner = Awaited<ReturnType<typeof signUpSubscribed>>;
const unique = (what: string) => `${what}-${Math.random().toString(36).slice(2)}@example.com`;

describe('the active account: the first of the list the session is told, and switching it', () => {
  let now = Date.now();
  const clock = () => ++now;
  const server = useTestServer({ clock });
  let a: Owner;
  let b: Owner;

  before(async () => {
    a = await signUpSubscribed(server, unique('owner-a'));
    b = await signUpSubscribed(server, unique('owner-b'));
  });

  test('removed from the active account and invited back: /me names the account the session works in first', async () => {
    const email = unique('twice');
    const first = await inviteAs(a.api, a.accountId, email, 'member');
    assert.equal(first.status, 201);
    const user = await signIn(server, email, first.body.temporary_password);
    // A temporary password opens nothing else until it is changed (decision 080's review).
    const changed = await user.api('POST', '/v1/auth/change-password', {
      current_password: first.body.temporary_password,
      new_password: 'invitee-chosen-1',
    });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    const userId = first.body.member.user_id as string;
    assert.equal((await inviteAs(b.api, b.accountId, email, 'read_only')).status, 201);
    assert.equal(
      (await a.api('DELETE', `/v1/accounts/${a.accountId}/members/${userId}`)).status,
      200,
    );
    assert.equal((await inviteAs(a.api, a.accountId, email, 'admin')).status, 201);
    await assertWorksInFirstListed(user.api);
  });

  test('an existing user invited into another account can work there, and back, in this session only', async () => {
    assert.equal((await inviteAs(a.api, a.accountId, b.email, 'admin')).status, 201);
    const other = await signIn(server, b.email, 'correct-horse-1');
    const switched = await b.api('PUT', '/v1/auth/active-account', { account_id: a.accountId });
    assert.equal(switched.status, 200, JSON.stringify(switched.body));
    assert.deepEqual(
      switched.body.accounts.map((x: { id: string; role: string }) => [x.id, x.role]),
      [
        [a.accountId, 'admin'],
        [b.accountId, 'owner'],
      ],
      'the answer lists the new active account first, as /me now does',
    );
    assert.equal((await b.api('GET', '/v1/auth/me')).body.accounts[0].id, a.accountId);
    const team = await b.api('GET', `/v1/accounts/${a.accountId}`);
    assert.equal(team.status, 200, 'the team of the account switched to');
    assert.equal((await b.api('GET', `/v1/accounts/${b.accountId}`)).status, 404);
    assert.equal((await b.api('POST', '/v1/billing/portal')).status, 403, "as admin, A's role");
    assert.equal(
      (await other.api('GET', `/v1/accounts/${b.accountId}`)).status,
      200,
      'another session of the same user stays where it was',
    );
    const back = await b.api('PUT', '/v1/auth/active-account', { account_id: b.accountId });
    assert.equal(back.status, 200);
    assert.equal((await b.api('GET', `/v1/accounts/${b.accountId}`)).status, 200);
  });

  test('an account the caller is not in is the same 404 as one that does not exist', async () => {
    const stranger = await signUpSubscribed(server, unique('stranger'));
    for (const id of [a.accountId, '00000000-0000-0000-0000-000000000000']) {
      const res = await stranger.api('PUT', '/v1/auth/active-account', { account_id: id });
      assert.equal(res.status, 404);
      assert.equal(res.body.message, 'Account not found');
    }
    const bad = await stranger.api('PUT', '/v1/auth/active-account', {});
    assert.equal(bad.status, 400);
    assert.equal(
      (await stranger.api('GET', '/v1/auth/me')).body.accounts[0].id,
      stranger.accountId,
    );
  });

  async function assertWorksInFirstListed(api: ReturnType<typeof apiClient>) {
    const me = await api('GET', '/v1/auth/me');
    assert.equal(me.status, 200);
    const listedFirst = me.body.accounts[0] as { id: string; role: string };
    // Every route works in one account: the one /me lists first (spec section 3).
    const team = await api('GET', `/v1/accounts/${listedFirst.id}`);
    assert.equal(
      team.status,
      200,
      `/me lists ${listedFirst.id} first but the team route said ${team.status}`,
    );
    const keys = await api('GET', '/v1/keys');
    assert.equal(keys.status, listedFirst.role === 'read_only' ? 403 : 200);
  }
});
