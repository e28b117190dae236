import { ownTables } from '@tokenwise/db';
import { sql } from 'kysely';
import { paramsOf } from './route-inputs.ts';
import { fillPath } from './route-table.ts';
import type { Tenant, TwoTenants } from './two-tenants.ts';

/**
 * Everything of one tenant's that another could change: its rows in every table (found by
 * `account_id`/`user_id`, so new tables are covered) and what every GET route shows it.
 */
export async function tenantSnapshot(
  t: TwoTenants,
  owner: Tenant,
): Promise<Record<string, unknown>> {
  await t.settle();
  const db = t.server.deps.db;
  const out: Record<string, unknown> = {};
  for (const table of await ownTables(db)) {
    const columns = new Set(table.columns.map((c) => c.name));
    const where =
      table.name === 'accounts'
        ? sql`id = ${owner.accountId}`
        : table.name === 'users'
          ? sql`id = ${owner.userId}`
          : columns.has('account_id')
            ? sql`account_id = ${owner.accountId}`
            : columns.has('user_id')
              ? sql`user_id = ${owner.userId}`
              : undefined;
    if (!where) continue;
    const rows = await sql<
      Record<string, unknown>
    >`select * from ${sql.table(table.name)} where ${where}`.execute(db.kysely);
    out[`table ${table.name}`] = rows.rows.map((r) => JSON.stringify(r)).sort();
  }
  for (const route of t.server.routes) {
    // Static dashboard files hold no tenant data, and the page carries a fresh CSP nonce per load.
    if (route.method !== 'GET' || !route.url.startsWith('/v1/')) continue;
    const path = fillPath(route.url, paramsOf(route.url, owner));
    out[`GET ${path} (session)`] = await owner.api('GET', path);
    out[`GET ${path} (gateway key)`] = await owner.gateway('GET', path);
  }
  for (const v of Object.values(out)) {
    // Drop per-response headers; status and body are what the owner sees.
    if (v && typeof v === 'object' && 'headers' in v) delete (v as { headers?: unknown }).headers;
  }
  return out;
}
