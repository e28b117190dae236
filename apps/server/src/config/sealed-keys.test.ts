import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { closeDeps, createDeps } from '../bootstrap.ts';
import { encryptSecret } from '../lib/crypto.ts';
import { ConfigError, loadConfig } from './env.ts';

test('an ENCRYPTION_KEY that does not open the stored provider keys stops start-up, naming it', async () => {
  // Before: the server started, and every request for that provider answered a bare 500 ('The
  // gateway failed to process the request'), the log saying 'unable to authenticate data'.
  const dir = mkdtempSync(join(tmpdir(), 'tw-sealed-'));
  const keyA = Buffer.alloc(32, 1).toString('base64');
  const keyB = Buffer.alloc(32, 2).toString('base64');
  const config = (key: string) =>
    loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', ENCRYPTION_KEY: key });
  try {
    const first = await createDeps(config(keyA));
    const now = Date.now();
    await first.db.kysely
      .insertInto('accounts')
      .values({ id: 'acc', name: 'a', created_at: now })
      .execute();
    await first.db.kysely
      .insertInto('provider_keys')
      .values({
        id: 'pk',
        account_id: 'acc',
        provider: 'openai',
        label: null,
        key_sealed: encryptSecret(Buffer.from(keyA, 'base64'), 'sk-test-123'),
        created_at: now,
        last_used_at: null,
      })
      .execute();
    await closeDeps(first);

    await assert.rejects(createDeps(config(keyB)), (err: Error) => {
      assert.ok(err instanceof ConfigError, String(err));
      assert.match(err.message, /^Invalid configuration: ENCRYPTION_KEY .*does not open/);
      return true;
    });
    // The key they were sealed with still starts.
    await closeDeps(await createDeps(config(keyA)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
