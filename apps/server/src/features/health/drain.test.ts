import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { connectDatabase } from '@tokenwise/db';
import OpenAI from 'openai';
import { upstreamEnv } from '../../gateway/tests/gateway-fixture.ts';
import { type MockUpstream, startMockUpstream } from '../../mock-upstream/server.ts';
import { acceptsConnections } from '../../testing/redis-available.ts';
import { serverEntry } from '../../testing/server-entry.ts';
import { apiClient } from '../../testing/test-server.ts';
import { waitFor } from '../../testing/wait-for.ts';

const ROOT = new URL('../../../../../', import.meta.url).pathname;
const WORDS = 'one two three four five six seven eight nine ten eleven twelve';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

describe('SIGTERM drains the server (its own process, `npm start`’s entry point)', () => {
  let mock: MockUpstream;
  let child: ChildProcess;
  let dataDir: string;
  let port: number;
  let output = '';
  const exited = () =>
    new Promise<number | null>((resolve) => {
      if (child.exitCode !== null) resolve(child.exitCode);
      else child.once('exit', (code) => resolve(code));
    });

  before(async () => {
    mock = await startMockUpstream();
    dataDir = mkdtempSync(join(tmpdir(), 'tokenwise-drain-'));
    port = await freePort();
    child = spawn(process.execPath, [serverEntry()], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST_DIR: join(dataDir, 'no-web'),
        LOG_LEVEL: 'info',
        ...upstreamEnv(mock),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d) => {
      output += d;
    });
    child.stderr?.on('data', (d) => {
      output += d;
    });
    await waitFor('the server to be ready', async () => {
      if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
      const res = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined);
      return res?.status === 200;
    });
  });
  after(async () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    await mock.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('in-flight requests and streams finish, new connections are refused, log rows are written, exit 0', async () => {
    const base = `http://127.0.0.1:${port}`;
    const signup = await apiClient(base)('POST', '/v1/auth/signup', {
      email: 'drain@example.com',
      password: 'correct-horse-1',
    });
    assert.equal(signup.status, 201);
    const api = apiClient(base, signup.body.token);
    assert.equal((await api('POST', '/v1/billing/checkout', { tier: 'paid' })).status, 200);
    await api('POST', '/v1/provider-keys', { provider: 'openai', api_key: 'sk-drain', label: 'k' });
    const key = (await api('POST', '/v1/keys', { name: 'drain' })).body.key as string;
    const openai = new OpenAI({ apiKey: key, baseURL: `${base}/v1`, maxRetries: 0 });

    // A slow stream, and a plain answer the mock holds back: both in flight at SIGTERM.
    mock.setDefault({ chunkDelayMs: 150, reply: WORDS });
    mock.enqueue({ latencyMs: 1_500, reply: 'the plain answer' });
    const plain = openai.chat.completions.create({
      model: 'openai/gpt-4o-mini',
      messages: [{ role: 'user', content: 'a plain question' }],
    });
    await waitFor('the plain request to reach the provider', () => mock.callCount() === 1);
    const stream = await openai.chat.completions.create({
      model: 'openai/gpt-4o-mini',
      messages: [{ role: 'user', content: 'a streamed question' }],
      stream: true,
    });
    const chunks = stream[Symbol.asyncIterator]();
    const first = await chunks.next();
    assert.equal(first.done, false);
    let text = first.value?.choices[0]?.delta.content ?? '';

    const exit = exited();
    child.kill('SIGTERM');
    await waitFor('new connections to be refused', async () => !(await acceptsConnections(port)));
    for (;;) {
      const next = await chunks.next();
      if (next.done) break;
      text += next.value.choices[0]?.delta.content ?? '';
    }
    assert.equal(text, WORDS, 'the stream finished whole after SIGTERM');
    assert.equal((await plain).choices[0]?.message.content, 'the plain answer');
    const answeredAt = Date.now();
    assert.equal(await exit, 0, `exit code; output:\n${output}`);
    // Far below the 72 s keep-alive timeout: the exit does not wait for the client's idle
    // connections (it did, 69 s, before the drain closed them as they fell idle).
    const exitMs = Date.now() - answeredAt;
    assert.ok(exitMs < 30_000, `exited ${exitMs} ms after the last answer`);
    assert.match(output, /draining/);

    const db = await connectDatabase(`sqlite://${join(dataDir, 'tokenwise.db')}`);
    try {
      const rows = await db.kysely
        .selectFrom('request_logs')
        .select(['status', 'is_stream'])
        .orderBy('is_stream')
        .execute();
      assert.deepEqual(
        rows,
        [
          { status: 'success', is_stream: 0 },
          { status: 'success', is_stream: 1 },
        ],
        'both requests were logged before the process exited',
      );
    } finally {
      await db.close();
    }
  });
});
