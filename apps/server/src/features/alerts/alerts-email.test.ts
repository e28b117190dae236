import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { decodeMail } from '../../testing/smtp-receiver.ts';
import { signUpSubscribed, startTestServer, type TestServer } from '../../testing/test-server.ts';
import { useTestServer } from '../../testing/use-test-server.ts';
import { alertForm } from './alerts-testing.ts';

/**
 * What an alert email says. A person can be owner or admin of several accounts, each with a
 * "Daily budget": the email must say which account it is about and where to act on it.
 */
describe('alert emails', () => {
  const server = useTestServer();

  test('name the account, in the subject and the text, and link to the Alerts screen', async () => {
    const u = await signUpSubscribed(server);
    const db = server.deps.db.kysely;
    await db
      .updateTable('accounts')
      .set({ name: 'Acme Research' })
      .where('id', '=', u.accountId)
      .execute();
    const created = await u.api('POST', '/v1/alerts', alertForm({ name: 'Daily budget' }));
    assert.equal(created.status, 201);
    assert.equal((await u.api('POST', `/v1/alerts/${created.body.id}/test`)).status, 200);
    const mail = (await server.outbox()).map(decodeMail).find((m) => m.includes('Daily budget'));
    assert.ok(mail, 'the test email was written');
    assert.match(mail, /^Subject: Test: Daily budget \(Acme Research\)$/m);
    assert.match(mail, /^Account: Acme Research$/m);
    assert.ok(
      mail.includes(`${server.deps.config.publicUrl}/alerts`),
      `a link to the Alerts screen: ${mail}`,
    );
  });
});

describe('a test notification whose email cannot be sent', () => {
  let server: TestServer;
  before(async () => {
    // A port nothing listens on: the mail server is down, and the refusal comes at once.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    server = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });
  after(() => server.close());

  test('answers 502 naming the channel that failed, not a bare "Timeout" or socket error', async () => {
    const u = await signUpSubscribed(server);
    const created = await u.api('POST', '/v1/alerts', alertForm({ name: 'Mail only' }));
    const res = await u.api('POST', `/v1/alerts/${created.body.id}/test`);
    assert.equal(res.status, 502);
    assert.equal(res.body.error, 'notification_failed');
    assert.match(res.body.message, /^The test email failed: \S/);
  });
});
