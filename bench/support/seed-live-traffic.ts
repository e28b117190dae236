// Live traffic for the analytics bench, in its own process so its synchronous SQLite writes never
// stall the process that times the dashboard: enqueues request-log rows into a real
// RequestLogWriter (raw rows, usage and rollups per transaction) for SECONDS, keeping the queue
// busy but below its spill threshold, then prints {"rows":N,"seconds":S} once everything is written.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { closeDeps, createDeps } from '../../apps/server/src/bootstrap.ts';
import { loadConfig } from '../../apps/server/src/config/env.ts';
import { requestLogSinks } from '../../apps/server/src/domain/request-log-sinks.ts';
import { logRow } from '../../apps/server/src/features/analytics/testing/log-rows.ts';
import { RequestLogWriter } from '../../apps/server/src/gateway/log/request-log-writer.ts';

const PROVIDERS = [
  ['openai', 'gpt-4o-mini'],
  ['anthropic', 'claude-3-5-haiku'],
  ['gemini', 'gemini-2.0-flash'],
  ['groq', 'llama-3.1-8b-instant'],
] as const;

async function main() {
  const accountId = process.env.ACCOUNT_ID ?? '';
  const seconds = Number(process.env.SECONDS ?? 10);
  const dataDir = mkdtempSync(join(tmpdir(), 'tw-ingest-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
    LOG_LEVEL: 'warn',
  });
  const deps = await createDeps(config, { log: pino({ level: 'warn' }) });
  let written = 0;
  const writer = new RequestLogWriter(deps, requestLogSinks, {
    writing() {},
    written(batch, committed) {
      if (committed) written += batch.length;
    },
  });
  const started = performance.now();
  const until = started + seconds * 1000;
  let n = 0;
  while (performance.now() < until) {
    // Stay under the queue limit (rows past it spill to disk, which is not what we measure).
    while (writer.pending() < config.logQueueMax / 2) {
      const [provider, model] = PROVIDERS[n % PROVIDERS.length] ?? PROVIDERS[0];
      writer.enqueue({
        row: logRow(accountId, Date.now(), {
          provider,
          model,
          cache_hit: n % 7 === 0 ? 1 : 0,
          tokens_in: 100 + (n % 900),
          tokens_saved: 20 + (n % 50),
          actual_cost: 0.0004,
          cost_saved: 0.0001,
          latency_ms: 200 + (n % 700),
          original_text: `user: live request ${n} asking about invoice ${n % 977} and the weekly report`,
        }),
        period: undefined,
        usage: {
          total_requests: 1,
          optimized_requests: 1,
          passthrough_requests: 0,
          total_original_tokens: 0,
          total_optimized_tokens: 0,
          total_tokens_saved: 0,
          total_cost_saved: 0,
        },
      });
      n += 1;
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  await writer.close();
  const elapsed = (performance.now() - started) / 1000;
  await closeDeps(deps);
  rmSync(dataDir, { recursive: true, force: true });
  process.stdout.write(`${JSON.stringify({ rows: written, enqueued: n, seconds: elapsed })}\n`);
}

await main();
