// The demo: the mock upstream (in this process, so faults can be queued), the real server in a
// process of its own pointed at it with the test clock on, a demo account, and the planned
// traffic through the gateway. Used by `npm run demo`, the README screenshot and demo.test.ts.
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { PROVIDER_IDS } from '../../apps/server/src/gateway/types.ts';
import { startMockUpstream } from '../../apps/server/src/mock-upstream/server.ts';
import { callApi } from '../../bench/support/gateway-stack.ts';
import { startProcess, stopProcess } from '../../bench/support/processes.ts';
import { buildServerBundle } from '../../bench/support/server-bundle.ts';
import { loadDemoPrompts } from './demo-prompts.ts';
import { type DemoAccount, seedDemoAccount } from './seed-account.ts';
import { sendTraffic, sendVotes, type TrafficTally } from './send-traffic.ts';
import { planTraffic } from './traffic-plan.ts';

export interface DemoOptions {
  /** Requests to send. */
  count: number;
  /** 0 picks a free port. */
  port: number;
  /** Where the server keeps its SQLite database (should start empty). */
  dataDir: string;
  concurrency?: number;
  /** How long to wait for an alert to fire after the traffic (0: don't wait). */
  alertWaitMs?: number;
  onProgress?: (done: number, total: number) => void;
}

export interface RunningDemo {
  url: string;
  account: DemoAccount;
  tally: TrafficTally;
  alertFired: boolean;
  close(): Promise<void>;
}

export async function runDemo(opts: DemoOptions): Promise<RunningDemo> {
  const mock = await startMockUpstream();
  const port = opts.port || (await freePort());
  const url = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  try {
    // The server as `npm start` runs it (the bundle with plain Node), so the demo and its test
    // exercise what users run rather than the TypeScript sources.
    server = await startProcess(
      buildServerBundle(),
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: opts.dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        TOKENWISE_TEST_CLOCK: '1',
        ALERT_EVAL_INTERVAL_MS: '2000',
        ...Object.fromEntries(
          PROVIDER_IDS.map((p) => [`${p.toUpperCase()}_BASE_URL`, mock.baseUrls[p]]),
        ),
      },
      async () => (await fetch(`${url}/healthz`)).ok,
      [],
      [],
      // Generous: a busy two-core machine can take a long time to start anything.
      300_000,
    );
    const account = await seedDemoAccount(url);
    const plan = planTraffic(loadDemoPrompts(), opts.count, Date.now());
    const tally = await sendTraffic({
      url,
      gatewayKey: account.gatewayKey,
      mock,
      plan,
      concurrency: opts.concurrency ?? 8,
      onProgress: (done) => opts.onProgress?.(done, plan.length),
    });
    await untilLogged(url, account.session, tally.sent);
    await sendVotes(url, account.gatewayKey, tally.votes);
    const alertFired = await untilAlertFired(url, account.session, opts.alertWaitMs ?? 0);
    const running = server;
    return {
      url,
      account,
      tally,
      alertFired,
      async close() {
        await stopProcess(running);
        await mock.close();
      },
    };
  } catch (err) {
    if (server) await stopProcess(server);
    await mock.close();
    throw err;
  }
}

/** Log rows are written behind the requests: wait until the dashboard counts every one. */
async function untilLogged(url: string, session: string, count: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const answer = await callApi(
      `${url}/v1/analytics?time_range=30d&compare=false&limit=1`,
      'GET',
      undefined,
      session,
    );
    if ((answer.stats as { total_requests: number }).total_requests >= count) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the dashboard did not count all ${count} demo requests within a minute`);
}

async function untilAlertFired(url: string, session: string, waitMs: number): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  do {
    const history = await callApi(`${url}/v1/alerts/history`, 'GET', undefined, session);
    if ((history as unknown as unknown[]).length) return true;
    await new Promise((r) => setTimeout(r, 500));
  } while (Date.now() < deadline);
  return false;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
