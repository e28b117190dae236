import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { Role } from '@tokenwise/db';
import type { RegisteredRoute } from '../testing/test-server.ts';
import { probe } from './probe.ts';
import { ALL_ROLES, needsSession, rolesFor, SUPERADMIN_ONLY } from './role-rules.ts';
import { bodyOf, paramsOf } from './route-inputs.ts';
import { fillPath, routeKey } from './route-table.ts';
import { tenantSnapshot } from './tenant-snapshot.ts';
import { addMember, startTwoTenants, type Tenant, type TwoTenants } from './two-tenants.ts';

type Member = Awaited<ReturnType<typeof addMember>>;

/** Ids in A's shape that point at nothing, so an allowed delete has nothing to destroy. */
function ghostOf(t: Tenant): Tenant {
  const ghost = randomUUID();
  return {
    ...t,
    userId: ghost,
    apiKeyId: ghost,
    providerKeyIds: [ghost],
    requestId: ghost,
    cacheEntryId: ghost,
    alertId: ghost,
    topic: `nothing-matches-${ghost}`,
  };
}

/** Session routes with their rule, logout last so each member stays signed in until then. */
function sessionRoutes(t: TwoTenants): RegisteredRoute[] {
  return t.server.routes
    .filter(needsSession)
    .sort((x, y) => Number(x.url.endsWith('/logout')) - Number(y.url.endsWith('/logout')));
}

describe('role checks on every session route of the route table', () => {
  let t: TwoTenants;
  const members = {} as Record<Role, Member>;
  const now = Date.now();

  before(async () => {
    t = await startTwoTenants({ clock: () => now });
    for (const role of ALL_ROLES) members[role] = await addMember(t.server, t.a, role);
  });
  after(() => t?.close());

  const call = (route: RegisteredRoute, who: Member, target: Tenant) =>
    probe(
      t.server.url,
      route.method,
      fillPath(route.url, paramsOf(route.url, target)),
      { authorization: `Bearer ${who.token}` },
      bodyOf(route, who, target),
    );

  test('every /v1 route either takes no session or states which roles may call it', () => {
    const unlisted = t.server.routes.filter((r) => needsSession(r) && !rolesFor(r)).map(routeKey);
    assert.deepEqual(unlisted, [], 'add these to ROLE_RULES in security/role-rules.ts');
  });

  test("a role outside a route's rule gets 403, even for the account's real records, and changes nothing", async (ctx) => {
    const before = await tenantSnapshot(t, t.a);
    const wrong: string[] = [];
    let attempts = 0;
    for (const route of sessionRoutes(t)) {
      for (const role of ALL_ROLES.filter((r) => !rolesFor(route)?.includes(r))) {
        attempts++;
        const answer = await call(route, members[role], t.a);
        if (answer.status !== 403) wrong.push(`${routeKey(route)} as ${role}: ${answer.status}`);
      }
    }
    ctx.diagnostic(`${attempts} refused-role attempts, ${wrong.length} not refused`);
    assert.ok(attempts > 20, 'the table restricts some routes');
    assert.deepEqual(wrong, []);
    assert.deepEqual(await tenantSnapshot(t, t.a), before, "A's rows and views are unchanged");
  });

  test("a role inside a route's rule gets past the check", async (ctx) => {
    const ghost = ghostOf(t.a);
    const wrong: string[] = [];
    let attempts = 0;
    for (const route of sessionRoutes(t)) {
      // Reads use real ids; writes use ids of nothing, so one role's delete leaves the next its target.
      const target = route.method === 'GET' || route.method === 'HEAD' ? t.a : ghost;
      for (const role of rolesFor(route) ?? []) {
        attempts++;
        const answer = await call(route, members[role], target);
        if ([401, 402, 403].includes(answer.status)) {
          wrong.push(`${routeKey(route)} as ${role}: ${answer.status} ${answer.body}`);
        }
      }
    }
    ctx.diagnostic(`${attempts} allowed-role attempts, ${wrong.length} refused`);
    assert.deepEqual(wrong, []);
  });

  test('the superadmin flag, whatever the role in the account, gets past the console routes', async () => {
    const ghost = ghostOf(t.a);
    const consoleRoutes = t.server.routes.filter((r) => SUPERADMIN_ONLY.has(routeKey(r)));
    assert.equal(consoleRoutes.length, SUPERADMIN_ONLY.size, 'every console route is registered');
    const wrong: string[] = [];
    for (const role of ALL_ROLES) {
      const admin = await addMember(t.server, t.a, role);
      await t.server.deps.db.kysely
        .updateTable('users')
        .set({ is_superadmin: 1 })
        .where('id', '=', admin.userId)
        .execute();
      for (const route of consoleRoutes) {
        const answer = await call(route, admin, route.method === 'GET' ? t.a : ghost);
        if ([401, 402, 403].includes(answer.status)) {
          wrong.push(`${routeKey(route)} as superadmin ${role}: ${answer.status} ${answer.body}`);
        }
      }
    }
    assert.deepEqual(wrong, []);
  });
});
