// Decision 096: one tenant's hostile dashboard calls against a large log (ROWS request_logs rows over a
// year, the newest BIG of them at the 32,000-character logging limit; USERS console users) while a
// second tenant calls a light route in a loop. Prints, per call: status, time, answer size, the
// server's loop figures (bench/support/loop-delay-probe.mjs; `cpu` is the most CPU the loop used in
// one turn), the second tenant's worst latency and the server's resident set before -> peak.
// Env: ROWS (300000), BIG (2000), USERS, MATCH (a regex of call names), ONLY (extra paths).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDatabase, ensureRequestLogPartitions } from '@tokenwise/db';
import { rebuildRollups } from '../apps/server/src/domain/analytics/rollup-rebuild.ts';
import { flagSuperadmin, seedConsoleUsers } from './support/admin-console.ts';
import { rssMiB, startProcess, stopProcess } from './support/processes.ts';
import { seedRequestLogs } from './support/seed-request-logs.ts';

const ROWS = Number(process.env.ROWS ?? 300_000);
const PORT = 19950;
const PROBE = 19951;
const base = `http://127.0.0.1:${PORT}`;
const DAY = 86_400_000;

async function postOnce(path: string, body: unknown, token?: string) {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return res.json() as Promise<{ token: string; accounts: { id: string }[] }>;
}

/** Once more on a new socket when the server closed a keep-alive one during a long seed. */
async function post(path: string, body: unknown, token?: string) {
  try {
    return await postOnce(path, body, token);
  } catch (err) {
    if ((err as { cause?: { code?: string } }).cause?.code !== 'UND_ERR_SOCKET') throw err;
    return postOnce(path, body, token);
  }
}
const dataDir = process.env.DATA_DIR_KEEP ?? mkdtempSync(join(tmpdir(), 'tw-dl-'));
const databaseUrl = `sqlite://${join(dataDir, 'bench.db')}`;
const server = await startProcess(
  'apps/server/src/main.ts',
  {
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    ENCRYPTION_KEY: Buffer.alloc(32, 3).toString('base64'),
    LOG_LEVEL: 'warn',
    LOG_RETENTION_DAYS: '0',
    SUPERADMIN_EMAILS: 'a@example.com',
    WEB_DIST_DIR: join(dataDir, 'no-web'),
    LOOP_PROBE_PORT: String(PROBE),
  },
  async () => (await fetch(`${base}/healthz`)).ok,
  ['--import', './bench/support/loop-delay-probe.mjs'],
);
try {
  const a = await post('/v1/auth/signup', { email: 'a@example.com', password: 'bench-password' });
  const b = await post('/v1/auth/signup', { email: 'b@example.com', password: 'bench-password' });
  const A = { token: a.token as string, id: a.accounts[0]?.id ?? '' };
  const B = { token: b.token as string, id: b.accounts[0]?.id ?? '' };
  await post('/v1/billing/checkout', { tier: 'paid' }, A.token);
  const db = await connectDatabase(databaseUrl);
  const to = Date.now() - 1000;
  const from = to - 365 * DAY;
  await ensureRequestLogPartitions(db, from, to);
  let t0 = performance.now();
  await seedRequestLogs(db.kysely, db.dialect, {
    accountId: A.id,
    accountIndex: 0,
    rows: ROWS,
    from,
    to,
  });
  await seedRequestLogs(db.kysely, db.dialect, {
    accountId: B.id,
    accountIndex: 1,
    rows: 1000,
    from: to - 30 * DAY,
    to,
  });
  await rebuildRollups(db.kysely);
  console.log(`seeded ${ROWS} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const big = await db.kysely
    .selectFrom('request_logs')
    .select('id')
    .where('account_id', '=', A.id)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  // What the gateway logs at most: 32,000 characters of prompt and of answer (LOG_TEXT_MAX_CHARS).
  const huge = 'lorem ipsum dolor sit amet ünïcødé 😀 '.repeat(1000).slice(0, 32_000);
  const newest = db.kysely
    .selectFrom('request_logs')
    .select('id')
    .where('account_id', '=', A.id)
    .orderBy('created_at', 'desc')
    .limit(Number(process.env.BIG ?? 2000));
  await db.kysely
    .updateTable('request_logs')
    .set({ original_text: huge, optimized_text: huge, response_text: huge })
    .where('id', 'in', newest)
    .execute();
  if (process.env.USERS) {
    await seedConsoleUsers(db, Number(process.env.USERS));
  }
  await flagSuperadmin(db, 'a@example.com');
  await db.close();
  // re-login for superadmin session
  const relog = await post('/v1/auth/login', {
    email: 'a@example.com',
    password: 'bench-password',
  });
  A.token = relog.token;

  const probe = async (p: string) =>
    (await fetch(`http://127.0.0.1:${PROBE}${p}`)).json() as Promise<Record<string, number>>;
  const attacks: [string, string][] = process.env.ONLY
    ? []
    : [
        ['analytics all', '/v1/analytics?time_range=all'],
        ['analytics all search %', '/v1/analytics?time_range=all&search=%25'],
        ['analytics all search _', '/v1/analytics?time_range=all&search=_'],
        [
          'analytics all search %_%_%',
          `/v1/analytics?time_range=all&search=${encodeURIComponent('%_%_%_%_%_%_%_%_%_%_%_%_%_%_%_%_%_%_%_%_%_')}`,
        ],
        [
          'analytics all search 200 chars',
          `/v1/analytics?time_range=all&search=${'a'.repeat(200)}`,
        ],
        [
          'analytics all search unicode',
          `/v1/analytics?time_range=all&search=${encodeURIComponent('😀ü'.repeat(60))}`,
        ],
        ['analytics all search nomatch', '/v1/analytics?time_range=all&search=zzzqqq'],
        [
          'analytics all filters+search',
          '/v1/analytics?time_range=all&provider=openai&model=gpt&status=success&cache_status=miss&search=invoice',
        ],
        ['analytics all status=error', '/v1/analytics?time_range=all&status=error'],
        ['models all', '/v1/analytics/models?time_range=all'],
        ['providers all', '/v1/analytics/providers?time_range=all'],
        ['request detail huge', `/v1/analytics/requests/${big.id}`],
        ['export csv all', '/v1/analytics/export/csv?time_range=all'],
        ['export json all', '/v1/analytics/export/json?time_range=all'],
        ['export csv all search %', '/v1/analytics/export/csv?time_range=all&search=%25'],
        ['savings 90d', '/v1/savings?range=90d'],
        ['savings export csv 90d', '/v1/savings/export/csv?range=90d'],
        ['routing stats', '/v1/routing/stats'],
        ['cache entries', '/v1/semantic-cache/entries?limit=100&offset=1000000'],
        ['cache stats', '/v1/semantic-cache/stats'],
        ['cache analytics', '/v1/semantic-cache/analytics'],
        ['cache quality', '/v1/semantic-cache/quality'],
        ['evals list', '/v1/evals'],
        ['evals stats', '/v1/evals/stats'],
        ['alerts history', '/v1/alerts/history'],
        ['admin accounts', '/v1/admin/accounts'],
        ['admin users', '/v1/admin/users'],
        ['admin users search %', '/v1/admin/users?search=%25'],
        ['admin usage A', `/v1/admin/usage/${A.id}`],
      ];
  for (const p of (process.env.ONLY ?? '').split(' ').filter(Boolean)) attacks.push([p, p]);
  const match = new RegExp(process.env.MATCH ?? '.');
  for (const [name, path] of attacks.filter(([n]) => match.test(n))) {
    await probe('/reset');
    const rss0 = rssMiB(server.pid);
    let stop = false;
    let worstB = 0;
    let nB = 0;
    const light = (async () => {
      while (!stop) {
        const t = performance.now();
        await (
          await fetch(`${base}/v1/api-keys`, { headers: { authorization: `Bearer ${B.token}` } })
        ).arrayBuffer();
        worstB = Math.max(worstB, performance.now() - t);
        nB++;
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    let peakRss = rss0;
    const rssTimer = setInterval(() => {
      peakRss = Math.max(peakRss, rssMiB(server.pid));
    }, 50);
    t0 = performance.now();
    const res = await fetch(base + path, { headers: { authorization: `Bearer ${A.token}` } });
    const body = await res.arrayBuffer();
    const took = performance.now() - t0;
    stop = true;
    await light;
    clearInterval(rssTimer);
    const p = await probe('/');
    console.log(
      `${name.padEnd(32)} ${res.status} ${String(Math.round(took)).padStart(6)} ms  ${(body.byteLength / 1e6).toFixed(1).padStart(6)} MB  loop max ${p.max_ms} cpu ${p.max_cpu_ms}  B worst ${Math.round(worstB)} ms (${nB})  rss ${rss0}->${peakRss}`,
    );
  }
} finally {
  await stopProcess(server);
}
