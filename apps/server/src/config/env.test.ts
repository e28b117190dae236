import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { serverEntry } from '../testing/server-entry.ts';
import { ConfigError, loadConfig } from './env.ts';

describe('configuration', () => {
  test('defaults: port 8080, SQLite under ./data', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tw-cfg-'));
    try {
      const config = loadConfig({ DATA_DIR: dir });
      assert.equal(config.port, 8080);
      assert.equal(config.databaseUrl, `sqlite://${join(dir, 'tokenwise.db')}`);
      assert.equal(config.publicUrl, 'http://localhost:8080');
      assert.equal(config.logRetentionDays, 30);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('alert settings: a 60 s schedule and the webhook guard on by default; bad values named', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tw-cfg-'));
    try {
      const defaults = loadConfig({ DATA_DIR: dir });
      assert.equal(defaults.alertEvalIntervalMs, 60_000);
      assert.equal(defaults.webhookAllowPrivate, false);
      const set = loadConfig({
        DATA_DIR: dir,
        ALERT_EVAL_INTERVAL_MS: '0',
        WEBHOOK_ALLOW_PRIVATE: '1',
      });
      assert.equal(set.alertEvalIntervalMs, 0);
      assert.equal(set.webhookAllowPrivate, true);
      assert.throws(
        () =>
          loadConfig({ DATA_DIR: dir, ALERT_EVAL_INTERVAL_MS: '5', WEBHOOK_ALLOW_PRIVATE: 'yes' }),
        (err: Error) =>
          err instanceof ConfigError &&
          err.message.includes('ALERT_EVAL_INTERVAL_MS') &&
          err.message.includes('WEBHOOK_ALLOW_PRIVATE'),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('embedded mode generates ./data/secret.key once (mode 0600) and reuses it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tw-cfg-'));
    try {
      const first = loadConfig({ DATA_DIR: dir });
      const file = join(dir, 'secret.key');
      assert.equal(statSync(file).mode & 0o777, 0o600);
      assert.equal(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64').length, 32);
      const second = loadConfig({ DATA_DIR: dir });
      assert.deepEqual(second.encryptionKey, first.encryptionKey);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a DATA_DIR that is a file (the database itself, say) is named, with or without a key', () => {
    // It said "EEXIST: file already exists, mkdir '…/tokenwise.db'", no variable named.
    const dir = mkdtempSync(join(tmpdir(), 'tw-cfg-'));
    try {
      const file = join(dir, 'tokenwise.db');
      writeFileSync(file, '');
      const key = Buffer.alloc(32, 1).toString('base64');
      for (const env of [
        { DATA_DIR: file },
        { DATA_DIR: file, ENCRYPTION_KEY: key },
        { DATA_DIR: join(file, 'below') },
      ]) {
        assert.throws(
          () => loadConfig(env),
          (err: Error) =>
            err instanceof ConfigError &&
            err.message.startsWith(`Invalid configuration: DATA_DIR ${env.DATA_DIR}: `) &&
            err.message.endsWith(`${file} is a file, not a directory`),
          JSON.stringify(env),
        );
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('PII_SCAN_BUDGET_MS: 10 s by default', () => {
    const key = Buffer.alloc(32, 1).toString('base64');
    const load = (env: Record<string, string>) =>
      loadConfig({ DATA_DIR: tmpdir(), ENCRYPTION_KEY: key, ...env }).piiScanBudgetMs;
    assert.equal(load({}), 10_000);
    assert.equal(load({ PII_SCAN_BUDGET_MS: '60000' }), 60_000);
  });

  test('LOG_RETENTION_DAYS=0 keeps request logs forever', () => {
    const key = Buffer.alloc(32, 1).toString('base64');
    const config = loadConfig({ DATA_DIR: tmpdir(), ENCRYPTION_KEY: key, LOG_RETENTION_DAYS: '0' });
    assert.equal(config.logRetentionDays, 0);
  });

  test('HEAP_GROWING_PERCENT: 50 by default, 0 to leave it to V8, a small factor refused', () => {
    const key = Buffer.alloc(32, 1).toString('base64');
    const load = (HEAP_GROWING_PERCENT?: string) =>
      loadConfig({
        DATA_DIR: tmpdir(),
        ENCRYPTION_KEY: key,
        ...(HEAP_GROWING_PERCENT ? { HEAP_GROWING_PERCENT } : {}),
      }).heapGrowingPercent;
    assert.equal(load(), 50);
    assert.equal(load('0'), 0);
    assert.equal(load('100'), 100);
    // A factor of 1.05 would collect nearly all the time.
    assert.throws(
      () => load('5'),
      (err: Error) => err instanceof ConfigError && err.message.includes('HEAP_GROWING_PERCENT'),
    );
  });

  test('TRUST_PROXY: unset trusts no forwarded header; a hop count or addresses and ranges', () => {
    const key = Buffer.alloc(32, 1).toString('base64');
    const load = (TRUST_PROXY?: string) =>
      loadConfig({
        DATA_DIR: tmpdir(),
        ENCRYPTION_KEY: key,
        ...(TRUST_PROXY ? { TRUST_PROXY } : {}),
      }).trustProxy;
    assert.equal(load(), null);
    assert.deepEqual(load('2'), { hops: 2 });
    assert.deepEqual(load('10.0.0.0/8, 127.0.0.1 ,::1,fd00::/8'), {
      proxies: ['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8'],
    });
  });

  test('PostgreSQL without ENCRYPTION_KEY is refused (instances must share one key)', () => {
    assert.throws(() => loadConfig({ DATABASE_URL: 'postgres://x@h/db' }), ConfigError);
  });

  test('bad values name the variable', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ PORT: 'eighty' }, /PORT/],
      [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
      [{ ENCRYPTION_KEY: 'c2hvcnQ=' }, /ENCRYPTION_KEY must be 32 bytes/],
      [{ SMTP_URL: 'http://mail' }, /SMTP_URL/],
      [{ PUBLIC_URL: 'not a url' }, /PUBLIC_URL/],
      [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
      [{ LOG_RETENTION_DAYS: '-1' }, /LOG_RETENTION_DAYS/],
      [{ LOG_RETENTION_DAYS: '7.5' }, /LOG_RETENTION_DAYS/],
      [{ PII_SCAN_BUDGET_MS: '0' }, /PII_SCAN_BUDGET_MS/],
      [{ PII_SCAN_BUDGET_MS: 'ten seconds' }, /PII_SCAN_BUDGET_MS/],
      [{ TRUST_PROXY: 'true' }, /TRUST_PROXY must be a hop count/],
      [{ TRUST_PROXY: '0' }, /TRUST_PROXY/],
      [{ TRUST_PROXY: '10.0.0.0/33' }, /TRUST_PROXY/],
      [{ TRUST_PROXY: '10.0.0.1, proxy.internal' }, /TRUST_PROXY/],
      [{ OPENAI_API_KEY: 'sk-abc\ndef' }, /OPENAI_API_KEY API key may only contain/],
    ];
    for (const [env, message] of cases) {
      assert.throws(
        () => loadConfig({ DATA_DIR: tmpdir(), ...env }),
        (err: Error) => err instanceof ConfigError && message.test(err.message),
      );
    }
  });

  test('a numeric setting out of range or not a number says what it accepts, in one sentence', () => {
    // Zod's own words ('Invalid input: expected number, received NaN', 'Too big: expected number
    // to be <=65535') named the variable but not what to write instead.
    const cases: [Record<string, string>, string][] = [
      [{ PORT: 'eighty' }, 'PORT must be a whole number from 0 to 65535'],
      [{ PORT: '70000' }, 'PORT must be a whole number from 0 to 65535'],
      [
        { UPSTREAM_TIMEOUT_MS: '5s' },
        'UPSTREAM_TIMEOUT_MS must be a whole number from 100 to 600000',
      ],
      [{ UPSTREAM_MAX_RETRIES: '2.5' }, 'UPSTREAM_MAX_RETRIES must be a whole number from 0 to 10'],
      [{ LOG_FLUSH_MS: '-1.5' }, 'LOG_FLUSH_MS must be a whole number from 10 to 5000'],
      [{ SESSION_TTL_DAYS: '0' }, 'SESSION_TTL_DAYS must be a whole number from 1 to 365'],
      [{ PASSWORD_HASH_COST: '9' }, 'PASSWORD_HASH_COST must be a whole number from 10 to 17'],
      [{ LOG_RETENTION_DAYS: '-1' }, 'LOG_RETENTION_DAYS must be a whole number from 0 to 3650'],
      [{ LOG_QUEUE_MAX: 'lots' }, 'LOG_QUEUE_MAX must be a whole number from 100 to 1000000'],
      [{ HEAP_GROWING_PERCENT: 'fifty' }, 'HEAP_GROWING_PERCENT must be 0 or 10 to 1000'],
      [{ ALERT_EVAL_INTERVAL_MS: '1m' }, 'ALERT_EVAL_INTERVAL_MS must be 0 or 1000 to 86400000'],
      [{ DEGRADED_LIMIT_SHARE: '1/4' }, 'DEGRADED_LIMIT_SHARE must be a decimal above 0, up to 1'],
      [{ CACHE_INDEX_MAX_MB: '0' }, 'CACHE_INDEX_MAX_MB must be a number above 0, up to 1000000'],
    ];
    for (const [env, sentence] of cases) {
      assert.throws(
        () => loadConfig({ DATA_DIR: tmpdir(), ...env }),
        (err: Error) => {
          assert.equal(err.message, `Invalid configuration: ${sentence}`);
          return true;
        },
      );
    }
  });

  test('LOG_LEVEL takes any case; another word lists the levels in plain words', () => {
    assert.equal(loadConfig({ DATA_DIR: tmpdir(), LOG_LEVEL: 'DEBUG' }).logLevel, 'debug');
    assert.throws(
      () => loadConfig({ DATA_DIR: tmpdir(), LOG_LEVEL: 'verbose' }),
      (err: Error) => {
        assert.equal(
          err.message,
          'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace or silent',
        );
        return true;
      },
    );
  });

  test('a MAIL_FROM too short to be a sender says what one looks like', () => {
    assert.throws(
      () => loadConfig({ DATA_DIR: tmpdir(), MAIL_FROM: 'me' }),
      (err: Error) => {
        assert.equal(
          err.message,
          'Invalid configuration: MAIL_FROM must be a sender like Tokenwise <no-reply@example.com>',
        );
        return true;
      },
    );
  });

  test('a sqlite DATABASE_URL naming a directory is refused at start, naming the variable', () => {
    // Before: 'EISDIR: illegal operation on a directory', from deep in the driver, naming nothing.
    const dir = mkdtempSync(join(tmpdir(), 'tw-cfg-'));
    try {
      assert.throws(
        () => loadConfig({ DATA_DIR: dir, DATABASE_URL: `sqlite://${dir}` }),
        (err: Error) =>
          err instanceof ConfigError &&
          err.message ===
            `Invalid configuration: DATABASE_URL names the directory ${dir}, not a database file (sqlite:///path/to/tokenwise.db)`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a malformed DATABASE_URL, REDIS_URL or SMTP_URL is named at start, its password never shown', () => {
    // These passed a prefix check, then the server died with a bare "Invalid URL" naming nothing
    // (database, Redis), or started and failed each email later (SMTP).
    const key = Buffer.alloc(32, 1).toString('base64');
    const cases: [Record<string, string>, string][] = [
      [{ DATABASE_URL: 'postgres://u:s3cret@db.internal:abc/tokenwise' }, 'DATABASE_URL'],
      [{ DATABASE_URL: 'postgresql://u:s3cret@db internal/tokenwise' }, 'DATABASE_URL'],
      [{ REDIS_URL: 'redis://:s3cret@cache.internal:abc' }, 'REDIS_URL'],
      [{ REDIS_URL: 'redis://' }, 'REDIS_URL'],
      [{ SMTP_URL: 'smtp://u:s3cret@mail.internal:abc' }, 'SMTP_URL'],
      [{ SMTP_URL: 'smtps://' }, 'SMTP_URL'],
    ];
    for (const [env, name] of cases) {
      assert.throws(
        () => loadConfig({ DATA_DIR: tmpdir(), ENCRYPTION_KEY: key, ...env }),
        (err: Error) =>
          err instanceof ConfigError &&
          err.message.startsWith(`Invalid configuration: ${name} must be`) &&
          !err.message.includes('s3cret'),
        JSON.stringify(env),
      );
    }
    const good = loadConfig({
      DATA_DIR: tmpdir(),
      ENCRYPTION_KEY: key,
      DATABASE_URL: 'postgres:///tokenwise?host=/var/run/postgresql',
      REDIS_URL: 'rediss://:pw@cache.internal:6380/2',
      SMTP_URL: 'smtps://user:pass@mail.internal:465',
    });
    assert.equal(good.databaseUrl, 'postgres:///tokenwise?host=/var/run/postgresql');
    assert.equal(good.redisUrl, 'rediss://:pw@cache.internal:6380/2');
    assert.equal(good.smtpUrl, 'smtps://user:pass@mail.internal:465');
  });

  test('a base URL, PUBLIC_URL or STRIPE_API_URL without http:// or https:// is refused at start', () => {
    // 'localhost:9999/openai/v1' parses as a URL of scheme 'localhost:': it was taken, and every
    // request to that provider failed instead (PUBLIC_URL: every emailed link and SAML URL).
    const key = Buffer.alloc(32, 1).toString('base64');
    const cases: Record<string, string>[] = [
      { OPENAI_BASE_URL: 'localhost:9999/openai/v1' },
      { GROQ_BASE_URL: 'ftp://127.0.0.1:9999/groq/openai/v1' },
      { PUBLIC_URL: 'localhost:8080' },
      { PUBLIC_URL: 'mailto:ops@example.com' },
      { STRIPE_API_URL: '127.0.0.1:12111' },
    ];
    for (const env of cases) {
      const name = Object.keys(env)[0] ?? '';
      assert.throws(
        () => loadConfig({ DATA_DIR: tmpdir(), ENCRYPTION_KEY: key, ...env }),
        (err: Error) =>
          err instanceof ConfigError &&
          err.message.startsWith(
            `Invalid configuration: ${name} must be an http:// or https:// URL`,
          ),
        JSON.stringify(env),
      );
    }
    const good = loadConfig({
      DATA_DIR: tmpdir(),
      ENCRYPTION_KEY: key,
      OPENAI_BASE_URL: 'http://127.0.0.1:9999/openai/v1',
      PUBLIC_URL: 'https://tokenwise.example.com/',
    });
    assert.equal(good.providers.openai.baseUrl, 'http://127.0.0.1:9999/openai/v1');
    assert.equal(good.publicUrl, 'https://tokenwise.example.com');
  });

  test('a value of only spaces counts as unset, as an empty one does, never as 0', () => {
    // Number('  ') is 0: PORT=' ' listened on a random port, LOG_RETENTION_DAYS=' ' kept logs
    // forever, ALERT_EVAL_INTERVAL_MS=' ' turned alerts off, all without a word.
    const key = Buffer.alloc(32, 1).toString('base64');
    const config = loadConfig({
      DATA_DIR: tmpdir(),
      ENCRYPTION_KEY: key,
      PORT: ' ',
      LOG_RETENTION_DAYS: '  ',
      ALERT_EVAL_INTERVAL_MS: '\t',
      HEAP_GROWING_PERCENT: ' ',
      HOST: ' ',
    });
    assert.equal(config.port, 8080);
    assert.equal(config.logRetentionDays, 30);
    assert.equal(config.alertEvalIntervalMs, 60_000);
    assert.equal(config.heapGrowingPercent, 50);
    assert.equal(config.host, '0.0.0.0');
  });

  test('a failing start-up prints one readable line and exits 1', () => {
    const res = spawnSync(process.execPath, [serverEntry()], {
      env: { ...process.env, PORT: 'eighty', DATABASE_URL: '', DATA_DIR: tmpdir() },
      encoding: 'utf8',
      // Generous: a loaded machine starts slowly.
      timeout: 120_000,
    });
    assert.equal(res.status, 1);
    assert.match(res.stderr.trim(), /^Invalid configuration: PORT /m);
  });

  test('a port in use, a HOST not on this machine or an unreachable DATABASE_URL is named, with the variable to change', async () => {
    // It said only "listen EADDRINUSE ..." or "listen EADDRNOTAVAIL ...", no variable named.
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const address = holder.address();
    const held = typeof address === 'object' && address ? address.port : 0;
    const dir = mkdtempSync(join(tmpdir(), 'tw-cfg-'));
    const start = (env: Record<string, string>) =>
      new Promise<{ status: number | null; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, [serverEntry()], {
          env: {
            PATH: process.env.PATH ?? '',
            DATA_DIR: dir,
            WEB_DIST_DIR: join(dir, 'no-web'),
            LOG_LEVEL: 'silent',
            ...env,
          },
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let stderr = '';
        child.stderr.on('data', (d) => {
          stderr += d;
        });
        child.once('exit', (status) => resolve({ status, stderr }));
      });
    try {
      // A loopback port nothing listens on: a PostgreSQL server that is not running.
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const closedAddress = closed.address();
      const nobody = typeof closedAddress === 'object' && closedAddress ? closedAddress.port : 0;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      const [inUse, notHere, noDatabase] = await Promise.all([
        start({ PORT: String(held), HOST: '127.0.0.1' }),
        // TEST-NET-2 (RFC 5737): an address no interface here has; nothing is sent to it.
        start({ PORT: '0', HOST: '198.51.100.77' }),
        start({
          PORT: '0',
          DATABASE_URL: `postgres://postgres:hunter2@127.0.0.1:${nobody}/test`,
          ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
        }),
      ]);
      // It said only "connect ECONNREFUSED 127.0.0.1:…", and nothing about DATABASE_URL.
      assert.equal(noDatabase.status, 1);
      assert.match(
        noDatabase.stderr.trim(),
        new RegExp(
          `^Cannot open the PostgreSQL database at DATABASE_URL \\(postgres://postgres:\\*\\*\\*@127\\.0\\.0\\.1:${nobody}/test\\): .*ECONNREFUSED`,
        ),
      );
      assert.doesNotMatch(noDatabase.stderr, /hunter2/);
      assert.equal(inUse.status, 1);
      assert.equal(
        inUse.stderr.trim(),
        `Cannot listen on 127.0.0.1:${held}: the port is in use (set PORT to another)`,
      );
      assert.equal(notHere.status, 1);
      assert.equal(
        notHere.stderr.trim(),
        'Cannot listen on 198.51.100.77:0: no interface here has that address (check HOST)',
      );
    } finally {
      holder.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
