// The superadmin console alone (the analytics bench runs the same part after its dashboard
// figures): 100k users with an account each on SQLite and, with BENCH_PG_URL, on PostgreSQL;
// the console's list and search calls timed over HTTP against the server in its own process.
// Env: BENCH_USERS (100000), BENCH_PG_URL. Writes bench/results/admin.json.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDatabase, type Db } from '@tokenwise/db';
import pg from 'pg';
import { flagSuperadmin, measureConsole, seedConsoleUsers } from './support/admin-console.ts';
import { ROOT, startProcess, stopProcess } from './support/processes.ts';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const SUPERADMIN = 'bench-root@example.com';

async function runOne(dialect: 'sqlite' | 'postgres', port: number, pgUrl?: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tw-admin-bench-'));
  let databaseUrl = `sqlite://${join(dataDir, 'bench.db')}`;
  const pgDatabase = `tw_bench_admin_${process.pid}`;
  if (pgUrl) {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${pgDatabase}`);
    await admin.end();
    const url = new URL(pgUrl);
    url.pathname = `/${pgDatabase}`;
    databaseUrl = url.toString();
  }
  const base = `http://127.0.0.1:${port}`;
  let server: Awaited<ReturnType<typeof startProcess>> | undefined;
  let db: Db | undefined;
  try {
    server = await startProcess(
      'apps/server/src/main.ts',
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        ENCRYPTION_KEY: Buffer.alloc(32, 3).toString('base64'),
        LOG_LEVEL: 'warn',
        SUPERADMIN_EMAILS: SUPERADMIN,
        WEB_DIST_DIR: join(dataDir, 'no-web'),
      },
      async () => (await fetch(`${base}/healthz`)).ok,
    );
    db = await connectDatabase(databaseUrl);
    const signup = await fetch(`${base}/v1/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: SUPERADMIN, password: 'bench-password' }),
    });
    const { token } = (await signup.json()) as { token: string };
    await flagSuperadmin(db, SUPERADMIN);
    console.log(`\n${dialect}: seeding ${USERS.toLocaleString()} users with an account each…`);
    const seedSeconds = await seedConsoleUsers(db, USERS);
    console.log(`  seeded in ${Math.round(seedSeconds * 10) / 10} s`);
    return {
      database: dialect,
      users: USERS + 1,
      seed_seconds: Math.round(seedSeconds * 10) / 10,
      endpoints: await measureConsole(base, token),
    };
  } finally {
    await db?.close();
    if (server) await stopProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
    if (pgUrl) {
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${pgDatabase}`);
      await admin.end();
    }
  }
}

const runs = [await runOne('sqlite', 19_921)];
const pgUrl = process.env.BENCH_PG_URL;
if (pgUrl) runs.push(await runOne('postgres', 19_922, pgUrl));
else console.log('\npostgres: skipped (set BENCH_PG_URL=postgres://user@host:5432/db)');
const out = {
  bench: 'admin',
  date: new Date().toISOString(),
  machine: { cores: cpus().length, node: process.version },
  method:
    'server in its own process; sequential requests over HTTP, 3 warm-up then 30 timed per call; page size 50; each user owns an account, every 10th is also a member of another',
  runs,
  ...(pgUrl ? {} : { postgres: 'skipped: BENCH_PG_URL not set' }),
};
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(join(ROOT, 'bench/results/admin.json'), `${JSON.stringify(out, null, 2)}\n`);
console.log('\nwritten bench/results/admin.json');
