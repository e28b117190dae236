import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { type apiClient, signUpSubscribed } from '../../testing/test-server.ts';
import { useTestServer } from '../../testing/use-test-server.ts';
import { inviteAs, signIn } from './team-testing.ts';

type Owner = Awaited<ReturnType<typeof signUpSubscribed>>;
const unique = (what: string) => `${what}-${Math.random().toString(36).slice(2)}@example.com`;

describe('the active account is the first of the list the session is told', () => {
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
