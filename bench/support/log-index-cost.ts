// CPU a request-log row costs to insert with the table's indexes as they are, against the same
// inserts with the per-filter indexes dropped (decision 232). Two migrated SQLite files, the
// server's pragmas and its single-row prepared insert, batches of 250 in one transaction as the
// log writer writes them, alternated batch by batch so the machine's noise falls on both alike.
// Usage: node --import tsx bench/support/log-index-cost.ts [rows per file] [prefill rows]
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDatabase, migrateToLatest, type RequestLogRow } from '@tokenwise/db';
import { logRow } from '../../apps/server/src/features/analytics/testing/log-rows.ts';
import { insertIgnoringIdSql } from '../../apps/server/src/lib/sqlite-statements.ts';

const ROWS = Number(process.argv[2] ?? 20_000);
const PREFILL = Number(process.argv[3] ?? 20_000);
const BATCH = 250;
const FILTER_INDEXES = ['provider', 'model', 'status', 'cache_hit'].map(
  (c) => `request_logs_account_${c}_time_idx`,
);

async function openVariant(name: string, drop: string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'log-index-'));
  const db = await connectDatabase(`sqlite://${join(dir, 'log.db')}`);
  await migrateToLatest(db);
  const handle = db.sqlite;
  if (!handle) throw new Error('SQLite only');
  for (const index of drop) handle.exec(`DROP INDEX ${index}`);
  handle.exec(`INSERT INTO accounts (id, name, created_at) VALUES ('acct', 'bench', 0)`);
  const columns = Object.keys(logRow('acct', 0));
  const insert = handle.prepare(insertIgnoringIdSql('request_logs', columns));
  const write = handle.transaction((rows: RequestLogRow[]) => {
    for (const row of rows) insert.run(columns.map((c) => row[c as keyof RequestLogRow]));
  });
  return { name, db, dir, write, cpu: 0, rows: 0 };
}

const providers = ['openai', 'anthropic', 'groq'];
const models = ['gpt-4o-mini', 'gpt-4o', 'claude-3-5-haiku', 'llama-3.1-8b'];
let clock = Date.now() - 86_400_000;
function rows(n: number): RequestLogRow[] {
  return Array.from({ length: n }, (_, i) =>
    logRow('acct', clock++, {
      provider: providers[i % 3] ?? 'openai',
      model: models[i % 4] ?? 'gpt-4o',
      cache_hit: i % 7 === 0 ? 1 : 0,
      status: i % 50 === 0 ? 'error' : 'success',
      original_text: `user: ${'a question about the weather and how to plan a trip '.repeat(4)}${randomUUID()}`,
      optimized_text: `user: ${'a question about weather, plan a trip '.repeat(4)}`,
      response_text: 'an answer of a few hundred characters '.repeat(12),
    }),
  );
}

// LOG_INDEX_AA=1: both files keep every index, for the spread between identical variants.
// LOG_INDEX_ONE=five|time: that file alone, for valgrind, whose instruction counts need no A/A:
// `valgrind --tool=callgrind --toggle-collect=sqlite3_step node --import tsx …` counts SQLite's
// own work (the inserts, their index upkeep and the commits) and nothing of the JavaScript.
const one = process.env.LOG_INDEX_ONE;
const variants = [
  ...(one === 'time' ? [] : [await openVariant('five indexes', [])]),
  ...(one === 'five'
    ? []
    : [
        process.env.LOG_INDEX_AA === '1'
          ? await openVariant('five indexes (A/A)', [])
          : await openVariant('time index only', FILTER_INDEXES),
      ]),
];
for (let done = 0; done < PREFILL; done += BATCH) {
  const batch = rows(BATCH);
  for (const v of variants) v.write(batch);
}
for (let done = 0; done < ROWS; done += BATCH) {
  const batch = rows(BATCH);
  // The order swaps every batch: neither variant always runs just after the other's commit.
  const order = (done / BATCH) % 2 === 0 ? variants : [...variants].reverse();
  for (const v of order) {
    const start = process.cpuUsage();
    v.write(batch);
    const used = process.cpuUsage(start);
    v.cpu += used.user + used.system;
    v.rows += batch.length;
  }
}
for (const v of variants) {
  console.log(`${v.name}: ${(v.cpu / v.rows).toFixed(2)} µs CPU a row over ${v.rows} rows`);
  await v.db.close();
  rmSync(v.dir, { recursive: true, force: true });
}
