import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  configureStages,
  type GatewayStack,
  startGatewayStack,
} from '../../../../../bench/support/gateway-stack.ts';
import { runLoad } from '../../../../../bench/support/load.ts';
import { stopProcess } from '../../../../../bench/support/processes.ts';
import { randomWords } from '../../testing/random-words.ts';

interface LoopDelay {
  max_ms: number;
  max_cpu_ms: number | null;
  max_unqueued_ms: number | null;
}

/** CPU (ms) one fresh copy of `text` into a buffer takes in this process: the median of five. */
function oneCopyCpuMs(text: string): number {
  const runs: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = process.cpuUsage();
    const copy = Buffer.from(text);
    const used = process.cpuUsage(started);
    if (copy.length === 0) throw new Error('empty copy');
    runs.push((used.user + used.system) / 1000);
  }
  return runs.sort((a, b) => a - b)[2] ?? 0;
}

/** A port nothing listens on right now, from the OS. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * The gateway in a process of its own (as in production), with the bench's event-loop probe
 * preloaded (its figures: bench/support/loop-delay-probe.mjs), read over a side port. The mock
 * upstream and this test's clients run in other processes, so their own JSON work on a 20 MiB body
 * is not counted against the gateway.
 */
describe("a 20 MiB prompt does not hold the gateway's event loop", () => {
  let stack: GatewayStack;
  let probeUrl: string;
  let dataDir: string;
  const headers = () => ({
    'content-type': 'application/json',
    authorization: `Bearer ${stack.key}`,
  });
  const probe = async (path = '/') => (await (await fetch(probeUrl + path)).json()) as LoopDelay;
  const chat = (content: string, model = 'openai/gpt-4o') =>
    JSON.stringify({ model, messages: [{ role: 'user', content }] });

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tw-loop-'));
    const [mockPort, gatewayPort, probePort] = [
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    probeUrl = `http://127.0.0.1:${probePort}`;
    stack = await startGatewayStack({
      mockPort,
      gatewayPort,
      dataDir,
      gatewayNodeArgs: ['--import', './bench/support/loop-delay-probe.mjs'],
      // The PII scan's budget is wall-clock time, which a loaded machine can stretch past the
      // default 10 s for 20 MiB (seen once); this test is about the loop, not that budget.
      gatewayEnv: { LOOP_PROBE_PORT: String(probePort), PII_SCAN_BUDGET_MS: '300000' },
    });
    // Every stage on, redaction included: the costliest path a large prompt can take.
    await configureStages(stack, true);
  });
  after(async () => {
    await stopProcess(stack.gatewayProc);
    await stopProcess(stack.mockProc);
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('while a 20 MiB prompt goes through, no turn of the loop runs long and small requests are answered', async (t) => {
    const small = {
      origin: stack.gateway,
      path: '/v1/chat/completions',
      headers: headers(),
      body: (i: number) => chat(`small request number ${i}`, 'openai/gpt-4o-mini'),
      concurrency: 2,
    };
    // Worker threads load their code on first use; that one-off start is not what is measured.
    const warmUp = await fetch(`${stack.gateway}/v1/chat/completions`, {
      method: 'POST',
      headers: headers(),
      body: chat(randomWords(512 * 1024, 5)),
    });
    assert.equal(warmUp.status, 200);
    await warmUp.arrayBuffer();

    // Small requests alone, for the figures printed beside the ones that count.
    await runLoad({ ...small, total: 20, maxSeconds: 60 });
    await probe('/reset');
    const alone = await runLoad({ ...small, total: 100, maxSeconds: 120 });
    assert.equal(alone.errors, 0);
    const aloneLoop = await probe();

    const words = randomWords(20 * 1024 * 1024 - 1_000, 21);
    const body = chat(`${words} Reply to jane@example.com`);
    const copyBeforeMs = oneCopyCpuMs(body);
    await probe('/reset');
    let answered = false;
    const large = (async () => {
      const res = await fetch(`${stack.gateway}/v1/chat/completions`, {
        method: 'POST',
        headers: headers(),
        body,
      });
      const text = await res.text();
      answered = true;
      return { status: res.status, text };
    })();
    const during = await runLoad({
      ...small,
      total: 1_000_000,
      maxSeconds: 600,
      stopWhen: () => answered,
    });
    const answer = await large;
    const loop = await probe();
    // Measured again after the window: the machine's load (page faults, caches shared with other
    // jobs) can change while the prompt goes through, and one turn is held to the dearer reading.
    const copyMs = Math.max(copyBeforeMs, oneCopyCpuMs(body));

    t.diagnostic(
      `with the 20 MiB prompt: most CPU in one turn of the loop ${loop.max_cpu_ms} ms, longest block less waiting for a core ${loop.max_unqueued_ms} ms, wall-clock ${loop.max_ms} ms; small requests alone: ${aloneLoop.max_cpu_ms} / ${aloneLoop.max_unqueued_ms} / ${aloneLoop.max_ms} ms`,
    );
    t.diagnostic(
      `small requests: p99 ${alone.p99} ms alone, ${during.p99} ms while the 20 MiB prompt went through (${during.requests} answered)`,
    );
    assert.equal(answer.status, 200, answer.text.slice(0, 300));
    // Small requests kept being answered while the large one was in the gateway.
    assert.equal(during.errors, 0);
    assert.ok(during.requests >= 10, `only ${during.requests} small requests answered meanwhile`);

    // The block is measured in the gateway's own time, not the wall clock: on this shared 2-core
    // machine (load average 18-30 from other work) the wall-clock delay between two timer ticks
    // is mostly time the OS gave other processes (252-658 ms with the 20 MiB prompt, 88-245 ms
    // with small requests alone), which no code in the gateway can remove. What the gateway
    // decides is how much work it does before the loop comes back to its timers. Measured with
    // this test: 16-44 ms of CPU in one turn; with the body parsed on the loop, as before the
    // worker pool, 86 ms; each structured clone of the prompt to or from a worker was 50-120 ms,
    // and moving a full semantic-cache partition into its graph in one call 40-135 ms (now 32
    // entries per add). 70 ms sits between what the loop does now and what any of those would cost. The second bound catches long synchronous
    // sleeps (a locked SQLite file waits up to its busy timeout), which use no CPU; it also counts
    // the loop waiting on threads that wait for a core themselves (garbage-collection helpers,
    // probably also a synchronous fsync on a busy disk: 28-206 ms measured), hence its room.
    assert.ok(loop.max_cpu_ms !== null && loop.max_unqueued_ms !== null, 'needs /proc schedstat');
    // The gateway's loop still holds the whole prompt once (V8 flattens the string a worker hands
    // back, decision 010), so one turn costs at least one fresh 20 MiB copy: ~5 ms on the machine
    // this bound was set on, 80-160 ms of CPU on a slower one, where fresh pages fault in slowly.
    // The bound is 70 ms or 2.5 copies measured in this run (before and after the window, the
    // dearer), whichever is larger; parsing the body on the loop costs several copies more.
    const bound = Math.max(70, 2.5 * copyMs);
    t.diagnostic(
      `one 20 MiB copy in this process: ${copyMs.toFixed(1)} ms of CPU; bound ${bound.toFixed(1)} ms`,
    );
    assert.ok(
      loop.max_cpu_ms <= bound,
      `the loop ran ${loop.max_cpu_ms} ms of its own work in one turn with a 20 MiB prompt (bound ${bound.toFixed(1)} ms)`,
    );
    assert.ok(
      loop.max_unqueued_ms <= 500,
      `the loop was held ${loop.max_unqueued_ms} ms, not counting waits for a core (bound 500 ms)`,
    );
  });
});
