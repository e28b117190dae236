import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { decodeMail, type SmtpReceiver, startSmtpReceiver } from '../../testing/smtp-receiver.ts';
import { apiClient, signUp, startTestServer, type TestServer } from '../../testing/test-server.ts';

describe('forgot-password with SMTP', { timeout: 180_000 }, () => {
  let smtp: SmtpReceiver;
  let server: TestServer;
  before(async () => {
    // Held: an answer that arrives while the message is held did not wait for it.
    smtp = await startSmtpReceiver({ hold: true });
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
    assert.equal(smtp.messages.length, 0, 'the answer came while the message was held');

    smtp.release();
    await smtp.waitFor(1);
    const mail = decodeMail(smtp.messages[0] ?? '');
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
    const before = smtp.messages.length;
    const unknown = await anon('POST', '/v1/auth/forgot-password', {
      email: 'nobody-here@example.com',
    });
    const known = await anon('POST', '/v1/auth/forgot-password', { email: u.email });
    assert.deepEqual([unknown.status, unknown.body], [known.status, known.body]);
    await server.deps.jobs.drain();
    assert.equal(smtp.messages.length, before + 1, 'one email, for the known address');
    assert.match(smtp.messages.at(-1) ?? '', new RegExp(`^To: ${u.email}`, 'm'));
  });
});
