// How much memory 20 MiB requests hold in the gateway at their peak, and whether they succeed
// under given node flags (a heap cap): the bundle as `npm start` runs it, every stage on, small
// requests flowing meanwhile. Each large prompt is made-up words (the costliest kind), distinct,
// and ends with an e-mail address, so redaction makes a copy of it as it would of a real one.
// `node --import tsx bench/support/large-request-heap.ts [large at once=1] [MiB=20]`
// (LARGE_HEAP_FLAGS="--max-old-space-size=256" adds gateway flags; PROFILE_PORT=n uses ports n..n+3)
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomWords } from '../../apps/server/src/testing/random-words.ts';
import { configureStages, startGatewayStack } from './gateway-stack.ts';
import { runLoad } from './load.ts';
import { rssMiB, stopProcess } from './processes.ts';
import { buildServerBundle } from './server-bundle.ts';
import { smallChatLoad } from './unique-prompts.ts';

const MOCK_PORT = Number(process.env.PROFILE_PORT ?? 19_951);
const PROBE_PORT = MOCK_PORT + 3;
const atOnce = Number(process.argv[2] ?? 1);
const mib = Number(process.argv[3] ?? 20);
const flags = (process.env.LARGE_HEAP_FLAGS ?? '').split(' ').filter(Boolean);

const dataDir = mkdtempSync(join(tmpdir(), 'tw-large-heap-'));
const stack = await startGatewayStack({
  gatewayEntry: buildServerBundle(),
  mockPort: MOCK_PORT,
  gatewayPort: MOCK_PORT + 2,
  dataDir,
  gatewayNodeArgs: [...flags, '--expose-gc', '--import', './bench/support/memory-probe.mjs'],
  gatewayEnv: { MEMORY_PROBE_PORT: String(PROBE_PORT), MEMORY_PROBE_PEAK: '1' },
});
const probe = async (path: string) =>
  (await (await fetch(`http://127.0.0.1:${PROBE_PORT}${path}`)).json()) as Record<string, number>;
try {
  await configureStages(stack, true);
  const small = smallChatLoad(stack.gateway, stack.key);
  const { headers } = small;
  const large = (seed: number, bytes: number) =>
    JSON.stringify({
      model: 'openai/gpt-4o',
      // An address to redact: the redacted prompt is a second copy (none when nothing is found).
      messages: [
        { role: 'user', content: `${randomWords(bytes - 200, seed)} Reply to jane@example.com` },
      ],
    });
  await runLoad({ ...small, total: 500, maxSeconds: 5 });
  // The worker threads start on first use: not part of the figures.
  await (
    await fetch(`${stack.gateway}/v1/chat/completions`, {
      method: 'POST',
      headers,
      body: large(99, 512 * 1024),
    })
  ).arrayBuffer();
  const bodies = Array.from({ length: atOnce }, (_, i) => large(i + 1, mib * 1024 * 1024));
  const before = await probe('/gc');
  await probe('/peak');
  let sending = true;
  const started = performance.now();
  const sent = Promise.all(
    bodies.map(async (body) => {
      try {
        const res = await fetch(`${stack.gateway}/v1/chat/completions`, {
          method: 'POST',
          headers,
          body,
          signal: AbortSignal.timeout(600_000),
        });
        const text = await res.text();
        return res.status === 200 ? 200 : `${res.status} ${text.slice(0, 160)}`;
      } catch (err) {
        return `failed: ${(err as Error).message}`;
      }
    }),
  ).finally(() => {
    sending = false;
  });
  const during = await runLoad({ ...small, total: 1e6, maxSeconds: 900, stopWhen: () => !sending });
  const statuses = await sent;
  const seconds = Math.round(performance.now() - started) / 1000;
  // A gateway that reached a heap cap has aborted: its probe no longer answers.
  const peak = await probe('/peak').catch(() => ({}));
  const alive = stack.gatewayProc.exitCode === null && 'peak_heap_used_mib' in peak;
  console.log(
    JSON.stringify({
      flags,
      large_at_once: atOnce,
      mib,
      statuses,
      seconds,
      gateway_alive: alive,
      small_during: { requests: during.requests, errors: during.errors, p99_ms: during.p99 },
      before_after_gc: before,
      peak,
      rss_after_mib: alive ? rssMiB(stack.gatewayProc.pid) : null,
      load_average: loadavg()[0],
    }),
  );
} finally {
  await stopProcess(stack.gatewayProc);
  await stopProcess(stack.mockProc);
  rmSync(dataDir, { recursive: true, force: true });
}
