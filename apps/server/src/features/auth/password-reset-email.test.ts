import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { SMTPServer } from 'smtp-server';
import { apiClient, signUp, startTestServer, type TestServer } from '../../testing/test-server.ts';

/**
 * An SMTP server on loopback that holds each message (the DATA step does not finish) until the
 * test lets it through: an answer that arrives while a message is held did not wait for it.
 */
async function startHoldingSmtp() {
  const delivered: string[] = [];
  const waiting: (() => void)[] = [];
  let open = false;
  const gate: (() => void)[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const finish = () => {
          delivered.push(Buffer.concat(chunks).toString('utf8'));
          callback();
          for (const wake of waiting.splice(0)) wake();
        };
        if (open) finish();
        else gate.push(finish);
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    delivered,
    /** Lets held and future messages through. */
    release() {
      open = true;
      for (const finish of gate.splice(0)) finish();
    },
    async waitForDeliveries(count: number) {
      while (delivered.length < count) await new Promise<void>((r) => waiting.push(r));
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

describe('forgot-password with SMTP', { timeout: 180_000 }, () => {
  let smtp: Awaited<ReturnType<typeof startHoldingSmtp>>;
  let server: TestServer;
  before(async () => {
    smtp = await startHoldingSmtp();
    server = await startTestServer({
      env: { SMTP_URL: smtp.url, PUBLIC_URL: 'http://tokenwise.test' },
    });
  });
  after(async () => {
    smtp.release();
    await server.close();
    await smtp.close();
  });

  test('answers before the email is sent; the email still arrives and its link works', async () => {
    const u = await signUp(server);
    const anon = apiClient(server.url);
    const known = await anon('POST', '/v1/auth/forgot-password', { email: u.email });
    assert.equal(known.status, 200);
    assert.equal(smtp.delivered.length, 0, 'the answer came while the message was held');

    smtp.release();
    await smtp.waitForDeliveries(1);
    const mail = (smtp.delivered[0] ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    assert.match(mail, new RegExp(`^To: ${u.email}`, 'm'));
    const token = /reset-password\?token=([\w%-]+)/.exec(mail)?.[1];
    assert.ok(token, 'the email holds a reset link');
    const reset = await anon('POST', '/v1/auth/reset-password', {
      token: decodeURIComponent(token),
      new_password: 'brand-new-pass',
    });
    assert.equal(reset.status, 200);
  });

  test('an unknown email gets the same answer and no email', async () => {
    const u = await signUp(server);
    const anon = apiClient(server.url);
    const before = smtp.delivered.length;
    const unknown = await anon('POST', '/v1/auth/forgot-password', {
      email: 'nobody-here@example.com',
    });
    const known = await anon('POST', '/v1/auth/forgot-password', { email: u.email });
    assert.deepEqual([unknown.status, unknown.body], [known.status, known.body]);
    await server.deps.jobs.drain();
    assert.equal(smtp.delivered.length, before + 1, 'one email, for the known address');
    assert.match(smtp.delivered.at(-1) ?? '', new RegExp(`^To: ${u.email}`, 'm'));
  });
});
