import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { endpoints } from '@tokenwise/contracts';
import { connectDatabase, openTestDatabase } from '@tokenwise/db';

type TestDatabase = Awaited<ReturnType<typeof openTestDatabase>>;

import { currentPeriod } from '../../domain/billing/billing-period.ts';
import { findSubscription } from '../../domain/billing/subscription.repository.ts';
import { addUsage } from '../../domain/billing/usage.repository.ts';
import {
  apiClient,
  moveToAccount,
  proveMailbox,
  signUp,
  signUpSubscribed,
  startTestServer,
  type TestServer,
} from '../../testing/test-server.ts';
import { useTestServer } from '../../testing/use-test-server.ts';

const tag = Math.random().toString(36).slice(2, 8);
const SUPERADMIN = `root-${tag}@example.com`;
const SECOND_SUPERADMIN = `operator-${tag}@example.com`;
const ACCOUNTLESS_SUPERADMIN = `adrift-${tag}@example.com`;
const email = (what: string) => `${what}-${tag}-${Math.random().toString(36).slice(2)}@example.com`;

type User = Awaited<ReturnType<typeof signUp>>;
interface AdminUserRow {
  id: string;
  email: string;
  is_superadmin: boolean;
}

describe('superadmin console: users and accounts (spec sections 2, 3, 6, 7)', () => {
  const logLines: string[] = [];
  const server = useTestServer({
    env: {
      SUPERADMIN_EMAILS: `${SUPERADMIN},${SECOND_SUPERADMIN},${ACCOUNTLESS_SUPERADMIN}`,
      LOG_LEVEL: 'info',
    },
    logStream: { write: (line: string) => void logLines.push(line) },
  });
  let root: User;

  before(async () => {
    root = await proveMailbox(server, await signUp(server, SUPERADMIN));
  });

  const users = (search: string, page = '') =>
    root.api('GET', `/v1/admin/users?search=${encodeURIComponent(search)}${page}`);
  const accounts = (search: string, page = '') =>
    root.api('GET', `/v1/admin/accounts?search=${encodeURIComponent(search)}${page}`);

  test('everyone without the flag gets 403, whatever their role', async () => {
    const owner = await signUpSubscribed(server, email('plain-owner'));
    for (const path of ['/v1/admin/users', '/v1/admin/accounts']) {
      const res = await owner.api('GET', path);
      assert.equal(res.status, 403, path);
      assert.equal(res.body.message, 'Superadmin access required');
    }
    const del = await owner.api('DELETE', `/v1/admin/users/${root.userId}`);
    assert.equal(del.status, 403);
    assert.equal((await apiClient(server.url)('GET', '/v1/admin/users')).status, 401);
  });

  test('every role without the flag: 403 on every admin route, and the delete deleted nothing', async () => {
    const owner = await signUpSubscribed(server, email('roles-owner'));
    const target = await signUp(server, email('roles-target'));
    for (const role of ['admin', 'member', 'read_only'] as const) {
      const caller = await signUp(server, email(`roles-${role}`));
      await moveToAccount(server, caller.userId, owner.accountId, role);
      for (const [method, path] of [
        ['GET', '/v1/admin/users?search=%25&limit=200'],
        ['GET', '/v1/admin/accounts'],
        ['DELETE', `/v1/admin/users/${target.userId}`],
        ['DELETE', `/v1/admin/users/${owner.userId}`],
      ] as const) {
        const res = await caller.api(method, path);
        assert.equal(res.status, 403, `${role} ${method} ${path}`);
        assert.equal(res.body.message, 'Superadmin access required');
      }
    }
    assert.equal((await target.api('GET', '/v1/auth/me')).status, 200, 'the target is still there');
    assert.equal((await owner.api('GET', '/v1/auth/me')).status, 200);
  });

  test('a superadmin read-only in their active account reaches the console, and nothing more in the account', async () => {
    const team = await signUpSubscribed(server, email('ro-team'));
    const operator = await proveMailbox(server, await signUp(server, SECOND_SUPERADMIN));
    await moveToAccount(server, operator.userId, team.accountId, 'read_only');
    assert.equal((await operator.api('GET', '/v1/admin/users')).status, 200);
    assert.equal((await operator.api('GET', '/v1/admin/accounts')).status, 200);
    const inAccount = [
      await operator.api('GET', '/v1/keys'),
      await operator.api('POST', '/v1/keys', { name: 'operator key' }),
      await operator.api('POST', `/v1/accounts/${team.accountId}/members`, {
        email: email('ro-invite'),
        role: 'owner',
      }),
      await operator.api('POST', '/v1/billing/checkout', { tier: 'paid' }),
      await operator.api('POST', '/v1/alerts', { name: 'Budget', conditions: {} }),
    ];
    assert.deepEqual(
      inAccount.map((r) => r.status),
      [403, 403, 403, 403, 403],
    );
  });

  test('a superadmin in no account at all (removed from the last one) still runs the console', async () => {
    const operator = await proveMailbox(server, await signUp(server, ACCOUNTLESS_SUPERADMIN));
    const loner = await signUp(server, email('adrift-target'));
    await server.deps.db.kysely
      .deleteFrom('memberships')
      .where('user_id', '=', operator.userId)
      .execute();
    const me = await operator.api('GET', '/v1/auth/me');
    assert.equal(me.status, 200);
    assert.deepEqual(me.body.accounts, [], 'the operator is in no account');
    const list = await operator.api(
      'GET',
      `/v1/admin/users?search=${encodeURIComponent(loner.email)}`,
    );
    assert.equal(list.status, 200, JSON.stringify(list.body));
    assert.equal(list.body.length, 1);
    assert.equal((await operator.api('GET', '/v1/admin/accounts')).status, 200);
    const del = await operator.api('DELETE', `/v1/admin/users/${loner.userId}`);
    assert.equal(del.status, 200, JSON.stringify(del.body));
    const self = await operator.api('DELETE', `/v1/admin/users/${operator.userId}`);
    assert.equal(self.status, 400, 'still not themselves');
    assert.equal((await operator.api('GET', '/v1/keys')).status, 403, 'no account to work in');
  });

  test('users: case-insensitive substring of the email, paged, with the total in X-Total-Count', async () => {
    const marker = `Zeta${tag}`;
    const made: string[] = [];
    for (let i = 0; i < 5; i++)
      made.push((await signUp(server, email(`${marker}${i}`))).email.toLowerCase());
    await signUp(server, email('other'));

    const all = await users(marker.toUpperCase());
    assert.equal(all.status, 200);
    assert.equal(all.headers.get('x-total-count'), '5');
    assert.deepEqual(all.body.map((u: AdminUserRow) => u.email).sort(), [...made].sort());
    assert.ok(all.body.every((u: AdminUserRow) => u.is_superadmin === false));

    const first = await users(marker, '&limit=2&offset=0');
    const rest = await users(marker, '&limit=2&offset=2');
    const last = await users(marker, '&limit=2&offset=4');
    assert.deepEqual([first.body.length, rest.body.length, last.body.length], [2, 2, 1]);
    assert.equal(first.headers.get('x-total-count'), '5', 'the total is of every page');
    const paged = [...first.body, ...rest.body, ...last.body].map((u: AdminUserRow) => u.email);
    assert.deepEqual(paged.sort(), [...made].sort(), 'pages neither repeat nor skip');

    const root_ = await users(SUPERADMIN);
    assert.equal(root_.body[0]?.is_superadmin, true);
    const wildcard = await users(`${tag}%`);
    assert.equal(wildcard.headers.get('x-total-count'), '0', "'%' is a character, not a wildcard");
    const bad = await root.api('GET', '/v1/admin/users?limit=0');
    assert.equal(bad.status, 400);
  });

  test('accounts: members, subscription and usage with the quota percentage; search by name or member email', async () => {
    const owner = await signUpSubscribed(server, email(`acct-owner`));
    const invited = email('acct-member');
    const res = await owner.api('POST', `/v1/accounts/${owner.accountId}/members`, {
      email: invited,
      role: 'admin',
    });
    assert.equal(res.status, 201);
    const db = server.deps.db.kysely;
    const sub = await findSubscription(db, owner.accountId);
    assert.ok(sub);
    const period = currentPeriod(sub, Date.now());
    const used = Math.round(sub.monthly_token_quota * 0.8123);
    await addUsage(db, owner.accountId, period, {
      total_requests: 3,
      optimized_requests: 3,
      passthrough_requests: 0,
      total_original_tokens: used * 2,
      total_optimized_tokens: used,
      total_tokens_saved: used,
      total_cost_saved: 1,
    });
    const byName = await accounts(owner.email.split('@')[0]?.toUpperCase() ?? '');
    assert.equal(byName.status, 200);
    assert.equal(byName.headers.get('x-total-count'), '1');
    const card = byName.body[0];
    assert.equal(card.id, owner.accountId);
    assert.deepEqual(
      card.members.map((m: { email: string; role: string }) => [m.email, m.role]),
      [
        [owner.email, 'owner'],
        [invited, 'admin'],
      ],
    );
    assert.equal(card.subscription.tier, 'paid');
    assert.equal(card.subscription.is_active, true);
    assert.equal(card.subscription.monthly_token_quota, sub.monthly_token_quota);
    assert.equal(card.usage.tokens_used, used);
    assert.ok(Math.abs(card.usage.quota_percentage - 81.23) < 0.01, card.usage.quota_percentage);

    const byMember = await accounts(invited.toUpperCase());
    assert.deepEqual(
      byMember.body.map((a: { id: string }) => a.id),
      [owner.accountId],
      "a member's email finds the account (the invited user has no account of their own)",
    );
    const unsubscribed = await signUp(server, email('no-sub'));
    const bare = await accounts(unsubscribed.email);
    assert.equal(bare.body[0].subscription, null);
    assert.deepEqual(bare.body[0].usage, { tokens_used: 0, quota_percentage: null });
    const none = await accounts(`nothing-${tag}-matches`);
    assert.deepEqual(none.body, []);
    assert.equal(none.headers.get('x-total-count'), '0');
  });

  test('accounts: a name outside ASCII is found in any case (SQLite lower() folds ASCII only)', async () => {
    const owner = await signUp(server, email('ecole'));
    const name = `ÉCOLE ÅNGSTRÖM ${tag}`;
    await server.deps.db.kysely
      .updateTable('accounts')
      .set({ name })
      .where('id', '=', owner.accountId)
      .execute();
    for (const search of [name, `école ångström ${tag}`, `École Ångström ${tag}`]) {
      const found = await accounts(search);
      assert.deepEqual(
        found.body.map((a: { id: string }) => a.id),
        [owner.accountId],
        search,
      );
    }
  });

  test('deleting a user: not yourself, not an unknown id', async () => {
    const self = await root.api('DELETE', `/v1/admin/users/${root.userId}`);
    assert.equal(self.status, 400);
    assert.equal(self.body.message, 'You cannot delete your own user');
    const unknown = await root.api('DELETE', '/v1/admin/users/no-such-user');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.message, 'User not found');
  });

  test('deleting a user revokes their sessions and gateway keys at once', async () => {
    const owner = await signUpSubscribed(server, email('team-owner'));
    const invite = await owner.api('POST', `/v1/accounts/${owner.accountId}/members`, {
      email: email('doomed'),
      role: 'member',
    });
    const doomed = await apiClient(server.url).expectOk(endpoints.auth.login, {
      body: { email: invite.body.member.email, password: invite.body.temporary_password },
    });
    const doomedApi = apiClient(server.url, doomed.token);
    await doomedApi.expectOk(endpoints.auth.changePassword, {
      body: { current_password: invite.body.temporary_password, new_password: 'doomed-own-1' },
    });
    const key = await doomedApi('POST', '/v1/keys', { name: 'doomed key' });
    assert.equal(key.status, 201);
    const teamKey = await owner.api('POST', '/v1/keys', { name: 'team key' });
    const gateway = (k: string) => apiClient(server.url, k)('GET', '/v1/models');
    assert.equal((await gateway(key.body.key)).status, 200);

    const del = await root.api('DELETE', `/v1/admin/users/${invite.body.member.user_id}`);
    assert.equal(del.status, 200);
    assert.equal(del.body.message, 'User deleted');
    assert.equal((await doomedApi('GET', '/v1/auth/me')).status, 401, 'the session is gone');
    assert.equal((await gateway(key.body.key)).status, 401, 'their gateway key is revoked');
    assert.equal((await gateway(teamKey.body.key)).status, 200, "the team's other keys work");
    const team = await owner.api('GET', `/v1/accounts/${owner.accountId}`);
    assert.equal(team.body.members.length, 1);
    const gone = await users(invite.body.member.email);
    assert.equal(gone.headers.get('x-total-count'), '0');
  });

  test('the only owner of a team is not deleted; a user alone in their account takes it with them', async () => {
    const owner = await signUpSubscribed(server, email('sole-owner'));
    const member = email('stays');
    await owner.api('POST', `/v1/accounts/${owner.accountId}/members`, {
      email: member,
      role: 'member',
    });
    const refused = await root.api('DELETE', `/v1/admin/users/${owner.userId}`);
    assert.equal(refused.status, 409);
    assert.match(refused.body.message, /only owner of ".+'s team", which has other members/);
    assert.equal((await owner.api('GET', '/v1/auth/me')).status, 200, 'nothing was deleted');

    const second = await owner.api('POST', `/v1/accounts/${owner.accountId}/members`, {
      email: email('co-owner'),
      role: 'owner',
    });
    assert.equal(second.status, 201);
    const allowed = await root.api('DELETE', `/v1/admin/users/${owner.userId}`);
    assert.equal(allowed.status, 200, JSON.stringify(allowed.body));
    const left = await accounts(member);
    assert.equal(left.body[0].members.length, 2, 'the account stays with its other owner');

    const loner = await signUpSubscribed(server, email('loner'));
    const alone = await root.api('DELETE', `/v1/admin/users/${loner.userId}`);
    assert.equal(alone.status, 200);
    assert.equal(alone.body.message, 'User deleted, with the account only they belonged to');
    const audit = logLines
      .map((line) => JSON.parse(line))
      .filter((l) => l.audit === 'admin.user_deleted' && l.user === loner.userId);
    assert.deepEqual(
      audit.map((l) => [l.by, l.email, l.accounts_deleted]),
      [[root.userId, loner.email.toLowerCase(), [loner.accountId]]],
      'who deleted whom, and which account went with them, is logged once',
    );
    const account = await server.deps.db.kysely
      .selectFrom('accounts')
      .select('id')
      .where('id', '=', loner.accountId)
      .executeTakeFirst();
    assert.equal(account, undefined);
  });

  test('a user alone in an account Stripe still bills is not deleted until Stripe cancels it', async () => {
    const payer = await signUp(server, email('stripe-payer'));
    const db = server.deps.db.kysely;
    const now = Date.now();
    await db
      .insertInto('subscriptions')
      .values({
        id: `sub-row-${tag}`,
        account_id: payer.accountId,
        tier: 'paid',
        status: 'active',
        provider: 'stripe',
        external_customer_id: `cus_${tag}`,
        external_subscription_id: `sub_${tag}`,
        monthly_fee: 49,
        monthly_token_quota: 30_000_000,
        savings_percentage: 0,
        trial_ends_at: null,
        current_period_start: now,
        current_period_end: now + 30 * 86_400_000,
        created_at: now,
        updated_at: now,
      })
      .execute();

    const refused = await root.api('DELETE', `/v1/admin/users/${payer.userId}`);
    assert.equal(refused.status, 409, 'the card would be charged for an account that is gone');
    assert.match(refused.body.message, /Stripe subscription/);
    assert.equal((await payer.api('GET', '/v1/auth/me')).status, 200, 'nothing was deleted');

    // Stripe's customer.subscription.deleted event marks the row canceled; then the delete goes.
    await db
      .updateTable('subscriptions')
      .set({ status: 'canceled' })
      .where('account_id', '=', payer.accountId)
      .execute();
    const deleted = await root.api('DELETE', `/v1/admin/users/${payer.userId}`);
    assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
  });

  test('the same user deleted three times at once: one delete, two 404s', async () => {
    const loner = await signUpSubscribed(server, email('thrice'));
    const answers = await Promise.all(
      [1, 2, 3].map(() => root.api('DELETE', `/v1/admin/users/${loner.userId}`)),
    );
    assert.deepEqual(
      answers.map((r) => r.status).sort(),
      [200, 404, 404],
      JSON.stringify(answers.map((r) => r.body.message)),
    );
    const deleted = answers.find((r) => r.status === 200);
    assert.equal(deleted?.body.message, 'User deleted, with the account only they belonged to');
  });

  test('the two owners of a team deleted at once: one goes, the other is refused and stays owner', async () => {
    const first = await signUpSubscribed(server, email('co-owner-a'));
    const team = first.accountId;
    const db = server.deps.db.kysely;
    const second = await signUp(server, email('co-owner-b'));
    const member = await signUp(server, email('co-member'));
    await moveToAccount(server, second.userId, team, 'owner');
    await moveToAccount(server, member.userId, team, 'member');

    const both = await Promise.all(
      [first.userId, second.userId].map((id) => root.api('DELETE', `/v1/admin/users/${id}`)),
    );
    assert.deepEqual(
      both.map((r) => r.status).sort(),
      [200, 409],
      'each delete saw the other owner; together they would leave the team without one',
    );
    const owners = await db
      .selectFrom('memberships')
      .select('user_id')
      .where('account_id', '=', team)
      .where('role', '=', 'owner')
      .execute();
    assert.equal(owners.length, 1, 'the team keeps an owner');
  });
});

describe('the superadmin flag follows SUPERADMIN_EMAILS', () => {
  /** Another instance on `shared`, started with its own SUPERADMIN_EMAILS. */
  async function restartWith(shared: TestDatabase, list: string): Promise<TestServer> {
    const db = await connectDatabase(shared.url, {
      ...(shared.schema ? { schema: shared.schema } : {}),
      poolSize: 2,
    });
    return startTestServer({ env: { SUPERADMIN_EMAILS: list }, db: { ...db, url: shared.url } });
  }

  test('an email taken off the list loses the console when the server starts without it', async () => {
    const boss = email('boss');
    const stays = email('stays');
    const shared = await openTestDatabase();
    const first = await startTestServer({
      env: { SUPERADMIN_EMAILS: `${boss},${stays}` },
      db: shared,
    });
    try {
      const gone = await proveMailbox(first, await signUp(first, boss));
      const kept = await proveMailbox(first, await signUp(first, stays));
      assert.equal((await gone.api('GET', '/v1/admin/users')).status, 200);

      // The operator removes `boss` (who left the company) and restarts with the shorter list.
      const second = await restartWith(shared, stays);
      try {
        const onSecond = apiClient(second.url, gone.token);
        const refused = await onSecond('GET', '/v1/admin/users');
        assert.equal(refused.status, 403, 'their old session no longer opens the console');
        assert.equal(refused.body.message, 'Superadmin access required');
        assert.equal((await onSecond('GET', '/v1/auth/me')).body.is_superadmin, false);
        const relogin = await apiClient(second.url)('POST', '/v1/auth/login', {
          email: gone.email,
          password: gone.password,
        });
        assert.equal(relogin.body.user.is_superadmin, false, 'nor does signing in again');
        assert.equal(
          (await apiClient(second.url, kept.token)('GET', '/v1/admin/users')).status,
          200,
          'who is still listed keeps it',
        );
      } finally {
        await second.close();
      }
    } finally {
      await first.close();
    }
  });
});
