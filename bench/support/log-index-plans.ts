// Which index each read of request_logs uses (decision 232): the queries the dashboard, the request
// log screen and its export, the evals list, retention, rollup rebuilds and the routing guard run,
// captured from the repositories' own builders where they are exported, each planned with
// EXPLAIN QUERY PLAN (SQLite) or EXPLAIN (PostgreSQL, DATABASE_URL=postgres://…) over a seeded
// account. `node --import tsx bench/support/log-index-plans.ts [rows=40000]`

import { openTestDatabase, type RequestLogRow } from '@tokenwise/db';
import {
  CompiledQuery,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  sql,
} from 'kysely';
import { aggregate } from '../../apps/server/src/domain/analytics/rollup-query.ts';
import {
  countRequests,
  exportBatches,
  findRequest,
  pageRequests,
} from '../../apps/server/src/features/analytics/request-log.repository.ts';
import { logRow } from '../../apps/server/src/features/analytics/testing/log-rows.ts';
import { pageEvals } from '../../apps/server/src/features/evals/evals.repository.ts';
import { countDifficulties } from '../../apps/server/src/features/routing/routing.repository.ts';
import { countLookups } from '../../apps/server/src/features/semantic-cache/semantic-cache.repository.ts';

const ROWS = Number(process.argv[2] ?? 40_000);
const db = await openTestDatabase();
const k = db.kysely;
const now = Date.now();
for (const id of ['acct', 'other']) {
  await k.insertInto('accounts').values({ id, name: id, created_at: 0 }).execute();
}
const models = ['gpt-4o-mini', 'gpt-4o', 'claude-3-5-haiku', 'llama-3.1-8b', 'rare-model'];
const rows: RequestLogRow[] = [];
for (let i = 0; i < ROWS; i++) {
  rows.push(
    logRow(i % 5 === 0 ? 'other' : 'acct', now - (ROWS - i) * 1000, {
      provider: ['openai', 'anthropic', 'groq'][i % 3] ?? 'openai',
      model: i % 997 === 0 ? 'rare-model' : (models[i % 4] ?? 'gpt-4o'),
      status: i % 101 === 0 ? 'error' : 'success',
      cache_hit: i % 53 === 0 ? 1 : 0,
      cache_status: i % 53 === 0 ? 'hit' : 'miss',
      difficulty: i % 10 === 0 ? 'simple' : null,
    }),
  );
}
for (let i = 0; i < rows.length; i += 500) {
  await k
    .insertInto('request_logs')
    .values(rows.slice(i, i + 500))
    .execute();
}
await sql`ANALYZE`.execute(k);

const captured: CompiledQuery[] = [];
const capture: KyselyPlugin = {
  transformQuery(args: PluginTransformQueryArgs) {
    captured.push(k.getExecutor().compileQuery(args.node, args.queryId));
    return args.node;
  },
  async transformResult(args: PluginTransformResultArgs) {
    return args.result;
  },
};
const traced = k.withPlugin(capture);
const from = now - 30 * 86_400_000;
const page = (filter: object) =>
  pageRequests(traced, db.dialect, 'acct', { from, filter, limit: 50 });

const reads: [string, () => Promise<unknown>][] = [
  ['log screen, no filter', () => page({})],
  ['log screen, provider', () => page({ provider: 'groq' })],
  ['log screen, model', () => page({ models: ['rare-model'] })],
  ['log screen, status error', () => page({ status: 'error' })],
  ['log screen, cache hits', () => page({ cacheHit: 1 })],
  ['log screen, cache misses', () => page({ cacheHit: 0 })],
  ['log screen, search', () => page({ search: 'question' })],
  [
    'log screen, search count',
    () => countRequests(traced, db.dialect, 'acct', { from, filter: { search: 'x' }, cap: 1000 }),
  ],
  ['request detail', () => findRequest(traced, 'acct', rows[1]?.id ?? '')],
  [
    'export, status error',
    async () => {
      const batches = exportBatches(traced, db.dialect, 'acct', {
        from,
        filter: { status: 'error' },
        batchSize: 100,
        batchChars: 1e6,
      });
      await batches.next();
    },
  ],
  // Dashboard charts and alerts read rollups; only a window's partial hours come from raw rows.
  [
    'dashboard / alert sums, partial hour',
    () =>
      aggregate(traced, 'acct', { from: now - 7 * 86_400_000, to: now }, { groupBy: ['model'] }),
  ],
  [
    'dashboard / alert sums, partial hour, provider filter',
    () =>
      aggregate(
        traced,
        'acct',
        { from: now - 7 * 86_400_000, to: now },
        { filter: { provider: 'groq' } },
      ),
  ],
  ['evals list', () => pageEvals(traced, 'acct', undefined, { limit: 50, offset: 0 }, 1000)],
  ['routing screen, difficulty mix', () => countDifficulties(traced, 'acct', from)],
  ['cache screen, lookups', () => countLookups(traced, 'acct', from)],
  [
    'retention, doomed rows (log-retention.ts)',
    () =>
      traced
        .selectFrom('request_logs')
        .select('id')
        .where('account_id', 'in', ['acct', 'other'])
        .where('created_at', '<', now - 10 * 86_400_000)
        .limit(1000)
        .execute(),
  ],
  [
    'retention, delete by id',
    () =>
      traced
        .selectFrom('request_logs')
        .select('id')
        .where('id', 'in', [rows[1]?.id ?? '', rows[2]?.id ?? ''])
        .where('created_at', '<', now)
        .execute(),
  ],
  [
    'routing guard (votes joined to rows)',
    () =>
      sql`select r.difficulty, count(*) from eval_feedback f join request_logs r on r.id = f.request_id
        where f.account_id = ${'acct'} and r.account_id = ${'acct'} and r.was_routed = 1
        and f.updated_at >= ${0} group by r.difficulty`.execute(traced),
  ],
  [
    'rollup rebuild (rollup-rebuild.ts)',
    () =>
      traced
        .selectFrom('request_logs')
        .select(['account_id', 'provider', sql<number>`count(*)`.as('n')])
        .where('created_at', '>=', now - 86_400_000)
        .where('account_id', 'in', ['acct'])
        .groupBy(['account_id', 'provider'])
        .execute(),
  ],
];

for (const [name, read] of reads) {
  captured.length = 0;
  await read();
  // A windowed read repeats its queries window by window: each distinct plan line once.
  const seen = new Set<string>();
  for (const q of captured) {
    if (!/request_logs/.test(q.sql)) continue;
    const explain = db.dialect === 'postgres' ? 'EXPLAIN (COSTS OFF) ' : 'EXPLAIN QUERY PLAN ';
    const plan = await k.executeQuery(CompiledQuery.raw(explain + q.sql, [...q.parameters]));
    for (const r of plan.rows) {
      const row = r as Record<string, unknown>;
      const line = String(row.detail ?? row['QUERY PLAN'] ?? JSON.stringify(row)).trim();
      // Partitioned PostgreSQL plans repeat each month's scan under its partition's name.
      const named = line.replace(/request_logs_(p\d{6}|default)(_\w+)?/g, 'request_logs_<part>$2');
      if (/Index|INDEX|SCAN|Seq Scan|SEARCH/.test(named)) seen.add(named);
    }
  }
  console.log(`## ${name}\n${[...seen].map((l) => `  ${l}`).join('\n')}`);
}
await db.close();
