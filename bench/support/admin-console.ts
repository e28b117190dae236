// The superadmin console at scale (issue 13): seeds N users, each owning an account of their own
// (every 10th also a member of another account), then times the console's list and search calls
// over HTTP. Shared by analytics.bench.ts and admin.bench.ts.
import type { Db } from '@tokenwise/db';
import { sql } from 'kysely';
import { percentile } from './load.ts';

const WORDS = ['amber', 'birch', 'cedar', 'delta', 'ember', 'fjord', 'grove', 'harbor', 'indigo'];
const DOMAINS = ['example.com', 'corp.test', 'mail.test', 'acme.test'];
const BATCH = 1000;

export interface ConsoleTiming {
  p50_ms: number;
  p95_ms: number;
  requests: number;
  total: number;
}

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * Gives the bench's console user the superadmin flag, standing in for the password reset from
 * their mailbox that grants it to a SUPERADMIN_EMAILS address (decision 080).
 */
export async function flagSuperadmin(db: Db, email: string): Promise<void> {
  await db.kysely
    .updateTable('users')
    .set({ is_superadmin: 1 })
    .where('email', '=', email)
    .execute();
}

/** Inserts `users` users with an account each, straight into the tables (no password hashing). */
export async function seedConsoleUsers(db: Db, users: number): Promise<number> {
  const t0 = performance.now();
  const now = Date.now();
  for (let start = 0; start < users; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, users - start) }, (_, k) => start + k);
    const user = (i: number) => `console-user-${i}`;
    const word = (i: number) => WORDS[i % WORDS.length] ?? 'amber';
    await db.kysely
      .insertInto('users')
      .values(
        rows.map((i) => ({
          id: user(i),
          email: `${word(i)}.${i}@${DOMAINS[i % DOMAINS.length]}`,
          password_hash: 'not-a-password',
          is_superadmin: 0,
          password_reset_required: 0,
          created_at: now - i * 1000,
          updated_at: now,
        })),
      )
      .execute();
    await db.kysely
      .insertInto('accounts')
      .values(
        rows.map((i) => ({
          id: `console-acct-${i}`,
          name: `${word(i + 3)} team ${i}`,
          created_at: now - i * 1000,
        })),
      )
      .execute();
    await db.kysely
      .insertInto('memberships')
      .values([
        ...rows.map((i) => ({
          account_id: `console-acct-${i}`,
          user_id: user(i),
          role: 'owner' as const,
          created_at: now - i * 1000,
        })),
        ...rows
          .filter((i) => i % 10 === 0 && i > 0)
          .map((i) => ({
            account_id: `console-acct-${i - 1}`,
            user_id: user(i),
            role: 'member' as const,
            created_at: now - i * 1000 + 1,
          })),
      ])
      .execute();
  }
  if (db.dialect === 'postgres') await sql`VACUUM ANALYZE`.execute(db.kysely);
  return (performance.now() - t0) / 1000;
}

async function timeOnce(base: string, path: string, token: string) {
  const t0 = performance.now();
  const res = await fetch(base + path, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
  return { ms: performance.now() - t0, total: Number(res.headers.get('x-total-count')) };
}

/** Each console call: 3 warm-up, then 30 timed, sequential. */
export async function measureConsole(base: string, superadminToken: string) {
  const calls: [string, string][] = [
    ['users page 1', '/v1/admin/users'],
    ['users page 1000 (offset 50k)', '/v1/admin/users?offset=50000'],
    ['users search common ("example")', '/v1/admin/users?search=example'],
    ['users search rare (".77777@")', '/v1/admin/users?search=.77777%40'],
    ['users search no match', '/v1/admin/users?search=zzqqxx'],
    ['accounts page 1', '/v1/admin/accounts'],
    ['accounts search name rare ("team 77777")', '/v1/admin/accounts?search=TEAM%2077777'],
    ['accounts search member email rare', '/v1/admin/accounts?search=.55550%40'],
    ['accounts search common ("grove")', '/v1/admin/accounts?search=grove'],
    ['accounts search no match', '/v1/admin/accounts?search=zzqqxx'],
  ];
  const out: Record<string, ConsoleTiming> = {};
  for (const [name, path] of calls) {
    for (let i = 0; i < 3; i++) await timeOnce(base, path, superadminToken);
    const samples: number[] = [];
    let total = 0;
    for (let i = 0; i < 30; i++) {
      const t = await timeOnce(base, path, superadminToken);
      samples.push(t.ms);
      total = t.total;
    }
    samples.sort((a, b) => a - b);
    out[name] = {
      p50_ms: round(percentile(samples, 50)),
      p95_ms: round(percentile(samples, 95)),
      requests: samples.length,
      total,
    };
    const t = out[name];
    console.log(
      `  ${name.padEnd(42)} p50 ${String(t.p50_ms).padStart(6)} ms  p95 ${String(t.p95_ms).padStart(6)} ms  (${total} matches)`,
    );
  }
  return out;
}
