import { apiClient } from '../../../apps/server/src/testing/test-server.ts';
import type { World } from './setup.ts';

type Snapshot = Record<string, string[]>;

const LISTS = ['/v1/keys', '/v1/provider-keys', '/v1/alerts'];
const CONFIGS = [
  '/v1/settings',
  '/v1/pii-redaction/config',
  '/v1/routing/config',
  '/v1/semantic-cache/config',
  '/v1/baseline/config',
  '/v1/saml/config',
];

/**
 * What the fuzz must not take away: both accounts' keys, provider keys, alerts and members, and
 * the other account's settings, which no request of the owner's may change.
 */
export async function snapshot(w: World): Promise<Snapshot> {
  const out: Snapshot = {};
  for (const [who, token, accountId] of [
    ['owner', w.owner, w.ids.accountId],
    ['other', w.other, w.ids.other.accountId],
  ] as const) {
    const api = apiClient(w.server.url, token);
    for (const path of LISTS) {
      const res = await api('GET', path);
      out[`${who} ${path}`] =
        res.status === 200
          ? res.body.map((row: { id: string }) => row.id)
          : [`status ${res.status}`];
    }
    const team = await api('GET', `/v1/accounts/${accountId}`);
    out[`${who} members`] =
      team.status === 200
        ? team.body.members.map((m: { user_id: string; role: string }) => `${m.user_id}:${m.role}`)
        : [`status ${team.status}`];
    if (who === 'other') {
      for (const path of CONFIGS)
        out[`other ${path}`] = [JSON.stringify((await api('GET', path)).body)];
      const rows = await w.server.deps.db.kysely
        .selectFrom('request_logs')
        .select('id')
        .where('account_id', '=', accountId)
        .execute();
      out['other request_logs'] = rows.map((r) => String(r.id));
    }
  }
  return out;
}

/** Every entry present before and missing (or changed, for the other account's settings) after. */
export function lostData(before: Snapshot, after: Snapshot): string[] {
  const lost: string[] = [];
  for (const [key, values] of Object.entries(before)) {
    const now = new Set(after[key] ?? []);
    for (const v of values) if (!now.has(v)) lost.push(`${key}: ${v.slice(0, 200)}`);
  }
  return lost;
}
