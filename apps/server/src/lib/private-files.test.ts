import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parseDatabaseUrl } from '@tokenwise/db';
import { type GatewayFixture, startGatewayFixture } from '../gateway/tests/gateway-fixture.ts';
import { holdWriteLock } from '../testing/sqlite-lock.ts';
import { waitFor } from '../testing/wait-for.ts';

const onSqlite = !process.env.DATABASE_URL?.startsWith('postgres');
const modeOf = (path: string) => statSync(path).mode & 0o777;
const filesIn = (dir: string, suffix: string) => {
  try {
    return readdirSync(dir)
      .filter((name) => name.endsWith(suffix))
      .map((name) => join(dir, name));
  } catch {
    return [];
  }
};

describe('data files are readable by the server user only', () => {
  let root: string;
  let dataDir: string;
  let f: GatewayFixture;
  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'tokenwise-modes-'));
    // Not there yet: the server creates it, and every folder on the way.
    dataDir = join(root, 'state', 'data');
    f = await startGatewayFixture({ DATA_DIR: dataDir });
  });
  after(async () => {
    await f.close();
    rmSync(root, { recursive: true, force: true });
  });

  test('DATA_DIR is 0700', () => {
    assert.equal(f.server.deps.config.dataDir, dataDir);
    assert.equal(modeOf(dataDir).toString(8), '700');
    assert.equal(modeOf(join(root, 'state')).toString(8), '700');
  });

  test('the SQLite database and its -wal and -shm files are 0600', { skip: !onSqlite }, () => {
    const file = parseDatabaseUrl(f.server.deps.config.databaseUrl).target;
    for (const path of [file, `${file}-wal`, `${file}-shm`]) {
      assert.ok(existsSync(path), `${path} exists while the server runs`);
      assert.equal(modeOf(path).toString(8), '600', path);
    }
  });

  test('an emailed reset link in the outbox is 0600', async () => {
    const res = await f.user.api('POST', '/v1/auth/forgot-password', { email: f.user.email });
    assert.equal(res.status, 200);
    const outbox = join(dataDir, 'outbox');
    const [eml] = await waitFor('the reset email', () => {
      const files = filesIn(outbox, '.eml');
      return files.length > 0 && files;
    });
    assert.equal(modeOf(outbox).toString(8), '700');
    assert.equal(modeOf(eml ?? '').toString(8), '600');
  });

  test('log rows spilled to disk (they hold prompts) are 0600', { skip: !onSqlite }, async () => {
    const spill = join(dataDir, 'spill');
    const lock = await holdWriteLock(parseDatabaseUrl(f.server.deps.config.databaseUrl).target);
    try {
      const answer = await f.openai.chat.completions.create({
        model: 'openai/gpt-4o-mini',
        messages: [{ role: 'user', content: 'a prompt that ends up on disk' }],
      });
      assert.ok(answer.choices[0]);
      await f.server.app.gateway.logs.flush();
      const [file] = await waitFor('a spill file', () => {
        const files = filesIn(spill, '.jsonl');
        return files.length > 0 && files;
      });
      assert.equal(modeOf(spill).toString(8), '700');
      assert.equal(modeOf(file ?? '').toString(8), '600');
    } finally {
      await lock.release();
    }
    await waitFor('the spilled rows to be replayed', async () => {
      await f.server.app.gateway.logs.flush();
      return filesIn(spill, '.jsonl').length === 0;
    });
  });
});
