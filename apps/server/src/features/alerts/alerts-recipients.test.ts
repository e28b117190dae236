import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { decodeMail, type SmtpReceiver, startSmtpReceiver } from '../../testing/smtp-receiver.ts';
import { signUpSubscribed, startTestServer, type TestServer } from '../../testing/test-server.ts';
import { inviteAs, signIn } from '../team/team-testing.ts';
import { alertForm } from './alerts-testing.ts';

/**
 * Who an alert email goes to: the account's owners and admins who can act on it. An admin invited
 * with a temporary password has not yet signed in and chosen one: the address is only what the
 * inviter typed (a typo mails a stranger the account's spend), and an invite left unanswered dies
 * in 7 days while the membership stays.
 */
describe('alert email recipients, over SMTP', { timeout: 120_000 }, () => {
  let smtp: SmtpReceiver;
  let server: TestServer;
  before(async () => {
    smtp = await startSmtpReceiver();
    server = await startTestServer({ env: { SMTP_URL: smtp.url } });
  });
  after(async () => {
    await server.close();
    await smtp.close();
  });

  /** The To: line of the alert email whose subject names `alert`, sent by its test button. */
  async function recipientsOfTest(api: Awaited<ReturnType<typeof signUpSubscribed>>['api']) {
    const name = `Budget ${Math.random().toString(36).slice(2)}`;
    const created = await api('POST', '/v1/alerts', alertForm({ name }));
    assert.equal(created.status, 201);
    assert.equal((await api('POST', `/v1/alerts/${created.body.id}/test`)).status, 200);
    const mail = (await smtp.waitFor(1)).map(decodeMail).find((m) => m.includes(name));
    assert.ok(mail, 'the test email reached the mail server');
    // A long To: header is folded onto indented lines.
    const to = /^To: (.*(?:\r?\n[ \t].*)*)/m.exec(mail)?.[1] ?? '';
    return to.split(',').map((a) => a.trim().toLowerCase());
  }

  test('an admin still on an invite password gets none until they sign in and choose one', async () => {
    const owner = await signUpSubscribed(server);
    const signedUp = await signUpSubscribed(server);
    assert.equal((await inviteAs(owner.api, owner.accountId, signedUp.email, 'admin')).status, 201);
    const invitee = `invited-admin-${Math.random().toString(36).slice(2)}@example.com`;
    const invited = await inviteAs(owner.api, owner.accountId, invitee, 'admin');
    assert.equal(invited.status, 201);

    const before = await recipientsOfTest(owner.api);
    assert.deepEqual(before.sort(), [owner.email, signedUp.email].sort());

    const first = await signIn(server, invitee, invited.body.temporary_password);
    const changed = await first.api('POST', '/v1/auth/change-password', {
      current_password: invited.body.temporary_password,
      new_password: 'my-own-password-1',
    });
    assert.equal(changed.status, 200);
    const after = await recipientsOfTest(owner.api);
    assert.deepEqual(after.sort(), [owner.email, signedUp.email, invitee].sort());
  });
});
