import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { connectDatabase } from '@tokenwise/db';
import { serverEntry } from '../../testing/server-entry.ts';
import { waitFor } from '../../testing/wait-for.ts';
import { isFreshDatabase, startupBanner } from './first-run-banner.ts';

/** Runs the real server until its banner is out, signs up once, and returns stdout. */
async function runServerAndSignUp(
  dataDir: string,
  then?: (url: string, token: string) => Promise<void>,
): Promise<string> {
  const child = spawn(process.execPath, [serverEntry()], {
    // The embedded default (SQLite in the data dir) whatever database the suite runs against:
    // the banner is about `npm start` on a fresh machine.
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        const m = /Dashboard: (\S+)/.exec(out);
        // The banner is printed in one write; wait for its last line when it has several.
        if (m?.[1] && (!out.includes('First run') || out.includes('/v1 for a first request'))) {
          resolve(m[1]);
        }
      });
      child.once('exit', (code) => reject(new Error(`server exited (${code}) before its banner`)));
    });
    {
      const res = await fetch(`${url}/v1/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'first@example.com', password: 'Correct-Horse-9' }),
      });
      assert.ok(res.ok, `signup answered ${res.status}`);
      await then?.(url, ((await res.json()) as { token: string }).token);
    }
    return out;
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  }
}

describe('npm start banner', () => {
  test('names the dashboard and, on a fresh database only, what to do first', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tw-banner-'));
    try {
      const first = await runServerAndSignUp(dir);
      assert.match(first, /Dashboard: http:\/\/127\.0\.0\.1:\d+/);
      assert.match(first, /First run: nobody has signed up yet/);
      assert.match(first, /\/signup and create your account/);
      // The same database after that signup no longer counts as a first run.
      const db = await connectDatabase(`sqlite://${join(dir, 'tokenwise.db')}`);
      try {
        assert.equal(await isFreshDatabase(db.kysely), false);
      } finally {
        await db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('with PORT=0 and no PUBLIC_URL, emailed links and SAML metadata name the port it listens on', async () => {
    // Before: 'http://localhost:0/reset-password?token=…', and the same port 0 in the metadata.
    const dir = mkdtempSync(join(tmpdir(), 'tw-port0-'));
    try {
      await runServerAndSignUp(dir, async (url, token) => {
        const port = new URL(url).port;
        const forgot = await fetch(`${url}/v1/auth/forgot-password`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'first@example.com' }),
        });
        assert.equal(forgot.status, 200);
        const outbox = join(dir, 'outbox');
        const mail = await waitFor('the reset email', () => {
          // An .eml appears whole (renamed into place): an empty read was a file still being written.
          const files = existsSync(outbox)
            ? readdirSync(outbox).filter((f) => f.endsWith('.eml'))
            : [];
          return files[0] ? readFileSync(join(outbox, files[0]), 'utf8') : undefined;
        });
        assert.match(mail, new RegExp(`http://localhost:${port}/reset-password\\?token=`));
        const me = await fetch(`${url}/v1/auth/me`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const { accounts } = (await me.json()) as { accounts: { id: string }[] };
        const metadata = await (await fetch(`${url}/v1/saml/${accounts[0]?.id}/metadata`)).text();
        assert.match(metadata, new RegExp(`Location="http://localhost:${port}/v1/saml/`));
        assert.doesNotMatch(metadata, /localhost:0\//);
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('says the trial is started on Billing, not by signing up', () => {
    // Signing up opens no subscription: every screen but Billing answers 402 until the trial is
    // started there, so a first run told "the trial starts at once" met a wall it was not told of.
    const text = startupBanner('https://gw.example.com', true);
    assert.doesNotMatch(text, /trial starts at once/);
    assert.match(text, /Start Free Trial/);
    const steps = text.split('\n').filter((l) => /^ {2}\d\./.test(l));
    assert.deepEqual(
      steps.map((l) => l.trim().slice(0, 2)),
      ['1.', '2.', '3.'],
    );
    assert.match(steps[1] ?? '', /Billing/);
  });

  test('points the SDK at the gateway under the dashboard address', () => {
    const text = startupBanner('https://gw.example.com', true);
    assert.match(text, /https:\/\/gw\.example\.com\/v1 for a first request/);
    assert.equal(startupBanner('https://gw.example.com', false).split('\n').length, 1);
  });
});
