import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { RegisteredRoute } from '../testing/test-server.ts';
import { isSuccess, leakedMarkers, probe } from './probe.ts';
import { isSuperadminOnly, NO_SESSION } from './role-rules.ts';
import {
  BODY_ID_ROUTES,
  bodyOf,
  FILTER_PARAMS,
  NEEDS_OUTSIDE_INPUT,
  PUBLIC_SP_ROUTES,
  paramsOf,
} from './route-inputs.ts';
import { fillPath, pathParams, routeKey } from './route-table.ts';
import { tenantSnapshot } from './tenant-snapshot.ts';
import {
  addMember,
  applyOwnSettings,
  CHAT_MODEL,
  startTwoTenants,
  type Tenant,
  type TwoTenants,
} from './two-tenants.ts';

type Member = Awaited<ReturnType<typeof addMember>>;

/** The ways account A can present itself when it reaches for B's data. */
function attackerCredentials(
  owner: Member,
  a: Tenant,
  b: Tenant,
): Record<string, Record<string, string>> {
  return {
    'A session': { authorization: `Bearer ${owner.token}` },
    'A session naming B as active account': {
      authorization: `Bearer ${owner.token}`,
      'x-account-id': b.accountId,
    },
    'A gateway key': { authorization: `Bearer ${a.gatewayKey}`, 'x-api-key': a.gatewayKey },
    'no credentials': {},
  };
}

interface Attempt {
  route: RegisteredRoute;
  as: string;
  status: number;
  leaked: string[];
}

/**
 * Calls each route as account A in every guise, filled with B's ids. A fresh owner of A does it,
 * so its password change and logout (which goes last) leave the fixture's sessions alone.
 */
async function attack(t: TwoTenants, routes: RegisteredRoute[]): Promise<Attempt[]> {
  const owner = await addMember(t.server, t.a, 'owner');
  const ordered = [...routes].sort(
    (x, y) => Number(x.url.endsWith('/logout')) - Number(y.url.endsWith('/logout')),
  );
  const attempts: Attempt[] = [];
  for (const route of ordered) {
    for (const [as, headers] of Object.entries(attackerCredentials(owner, t.a, t.b))) {
      const path = fillPath(route.url, paramsOf(route.url, t.b));
      const body = bodyOf(route, owner, t.b);
      const answer = await probe(t.server.url, route.method, path, headers, body);
      const sent = `${path}\n${JSON.stringify(body ?? '')}`;
      attempts.push({
        route,
        as,
        status: answer.status,
        leaked: leakedMarkers(answer.text, t.b.markers, sent),
      });
    }
  }
  return attempts;
}

const describeAttempt = (x: Attempt) =>
  `${routeKey(x.route)} as ${x.as}: ${x.status}${x.leaked.length ? ` leaked ${x.leaked.join(', ')}` : ''}`;

describe('tenant isolation, generated from the route table', () => {
  let t: TwoTenants;
  const now = Date.now();

  before(async () => {
    // A fixed clock keeps every "last used" and time-window figure still between snapshots.
    t = await startTwoTenants({ clock: () => now });
  });
  after(() => t?.close());

  test('the route table is the real one, and the suite can fill every parameter', () => {
    const keys = t.server.routes.map(routeKey);
    assert.ok(keys.includes('DELETE /v1/keys/:id'), 'routes come from the running app');
    assert.ok(keys.includes('POST /v1/chat/completions'));
    for (const route of t.server.routes) {
      paramsOf(route.url, t.b);
      bodyOf(route, t.a, t.b);
    }
    assert.throws(
      () => paramsOf('/v1/widgets/:widgetId', t.b),
      /cannot fill ':widgetId'/,
      'a parameter the suite does not know fails it',
    );
    assert.throws(() => paramsOf('/v1/widgets/:id', t.b), /no tenant record for ':id'/);
    assert.throws(() => bodyOf({ method: 'PUT', url: '/v1/widgets' }, t.a, t.b), /no valid body/);
  });

  test("B's ids, in every verb of every route that takes one: nothing succeeds, B is unchanged", async (ctx) => {
    const withIds = t.server.routes.filter(
      (r) =>
        (pathParams(r.url).length > 0 || BODY_ID_ROUTES.has(routeKey(r))) &&
        !PUBLIC_SP_ROUTES.has(
          routeKey({ method: r.method === 'HEAD' ? 'GET' : r.method, url: r.url }),
        ),
    );
    assert.ok(withIds.length >= 8, `routes with ids: ${withIds.map(routeKey).join(', ')}`);
    const before = await tenantSnapshot(t, t.b);
    const attempts = await attack(t, withIds);
    const onlyFilters = (r: RegisteredRoute) =>
      pathParams(r.url).length > 0 && pathParams(r.url).every((p) => FILTER_PARAMS.has(p));
    const succeeded = attempts.filter(
      (x) => x.leaked.length > 0 || (isSuccess(x.status) && !onlyFilters(x.route)),
    );
    ctx.diagnostic(
      `${withIds.length} route×verb with ids, ${attempts.length} attempts, ${succeeded.length} succeeded`,
    );
    assert.deepEqual(succeeded.map(describeAttempt), []);
    // Every id pointed at something real: B still reads each of them with its session (the
    // gateway's own routes, such as a model of the catalog, take a gateway key instead).
    for (const route of withIds.filter((r) => r.method === 'GET' && !NO_SESSION.has(routeKey(r)))) {
      const own = await t.b.api('GET', fillPath(route.url, paramsOf(route.url, t.b)));
      assert.equal(own.status, 200, `${routeKey(route)} works for B itself`);
    }
    assert.deepEqual(await tenantSnapshot(t, t.b), before, "B's rows and views are unchanged");
  });

  test("every other route, called as A in every guise, shows none of B's data and changes none of it", async (ctx) => {
    const withoutIds = t.server.routes.filter(
      (r) => pathParams(r.url).length === 0 && !BODY_ID_ROUTES.has(routeKey(r)),
    );
    const before = await tenantSnapshot(t, t.b);
    const attempts = await attack(t, withoutIds);
    const leaks = attempts.filter((x) => x.leaked.length > 0);
    const answered = attempts.filter((x) => isSuccess(x.status));
    ctx.diagnostic(
      `${withoutIds.length} route×verb without ids, ${attempts.length} attempts (${answered.length} answered 2xx), ${leaks.length} showed B's data`,
    );
    // Each route answered at least one guise, so the bodies were valid enough to reach its checks
    // (apart from those needing a secret from outside the API).
    const neverAnswered = withoutIds
      // The console lists every account by design; no guise of A is a superadmin (admin tests).
      .filter((r) => !answered.some((x) => x.route === r) && !isSuperadminOnly(r))
      .map(routeKey)
      .filter((k) => !NEEDS_OUTSIDE_INPUT.has(k.replace(/^HEAD /, 'GET ')));
    assert.deepEqual(neverAnswered, []);
    assert.deepEqual(leaks.map(describeAttempt), []);
    assert.deepEqual(await tenantSnapshot(t, t.b), before, "B's rows and views are unchanged");
  });

  test("gateway: B's key touches only B's data, and A's key never reads B's cache", async () => {
    const shared = 'What is the capital of the shared test country?';
    const chat = (who: Tenant, path: '/v1/chat/completions' | '/v1/messages') =>
      who.gateway('POST', path, {
        model: CHAT_MODEL,
        max_tokens: 64,
        messages: [{ role: 'user', content: shared }],
      });
    // Earlier probes changed A's settings (cache off, baseline sampling on): put A's back.
    await applyOwnSettings(t.a);
    t.mock.enqueue({ reply: t.b.reply }, 'openai');
    const first = await chat(t.b, '/v1/chat/completions');
    const again = await chat(t.b, '/v1/chat/completions');
    assert.equal(first.headers.get('x-cache'), 'MISS');
    assert.equal(again.headers.get('x-cache'), 'HIT', "B's own repeat is served from its cache");
    assert.match(JSON.stringify(again.body), new RegExp(t.b.reply));

    for (const path of ['/v1/chat/completions', '/v1/messages'] as const) {
      const fromA = await chat(t.a, path);
      assert.equal(fromA.status, 200);
      assert.doesNotMatch(JSON.stringify(fromA.body), new RegExp(t.b.reply), path);
      if (path === '/v1/chat/completions') assert.equal(fromA.headers.get('x-cache'), 'MISS');
    }
    const repeatA = await chat(t.a, '/v1/chat/completions');
    assert.equal(
      repeatA.headers.get('x-cache'),
      'HIT',
      "A's cache is on: it serves A's own answer",
    );
    assert.doesNotMatch(JSON.stringify(repeatA.body), new RegExp(t.b.reply));

    await t.settle();
    const db = t.server.deps.db.kysely;
    const rows = await db
      .selectFrom('request_logs')
      .select(['id', 'account_id', 'api_key_id'])
      .where('api_key_id', 'in', [t.a.apiKeyId, t.b.apiKeyId])
      .execute();
    const keyAccount = { [t.a.apiKeyId]: t.a.accountId, [t.b.apiKeyId]: t.b.accountId };
    const misfiled = rows.filter((r) => keyAccount[r.api_key_id ?? ''] !== r.account_id);
    assert.deepEqual(misfiled, [], "each key's requests are logged in its own account");
    for (const r of [first, again]) {
      const id = r.headers.get('x-request-id');
      assert.equal(rows.find((x) => x.id === id)?.account_id, t.b.accountId);
    }
    const entries = await db
      .selectFrom('cache_entries')
      .select(['account_id', 'query_text'])
      .where('query_text', 'like', `%${shared}%`)
      .execute();
    assert.deepEqual(
      [...new Set(entries.map((e) => e.account_id))].sort(),
      [t.a.accountId, t.b.accountId].sort(),
      'each account cached its own answer',
    );
  });
});
