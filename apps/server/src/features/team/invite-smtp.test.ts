import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type SmtpReceiver, startSmtpReceiver } from '../../testing/smtp-receiver.ts';
import { signUpSubscribed, startTestServer, type TestServer } from '../../testing/test-server.ts';
import { inviteAs, login, signIn } from './team-testing.ts';

describe('invite email over SMTP', { timeout: 180_000 }, () => {
  let smtp: SmtpReceiver;
  let server: TestServer;
  before(async () => {
    smtp = await startSmtpReceiver();
    server = await startTestServer({
      env: { SMTP_URL: smtp.url, PUBLIC_URL: 'http://tokenwise.test' },
    });
  });
  after(async () => {
    await server.close();
    await smtp.close();
  });

  test('the temporary password arrives by email, signs in once, and must be replaced', async () => {
    const owner = await signUpSubscribed(server);
    const email = `smtp-invitee-${Math.random().toString(36).slice(2)}@example.com`;
    const res = await inviteAs(owner.api, owner.accountId, email, 'member');
    assert.equal(res.status, 201);
    const mail = await smtp.messageTo(email);
    const mailed = /Temporary password: (\S+)/.exec(mail)?.[1];
    assert.equal(mailed, res.body.temporary_password, 'the email carries the answered password');
    assert.match(mail, /http:\/\/tokenwise\.test\/login/);
    assert.match(mail, /7 days/);

    const first = await signIn(server, email, mailed ?? '');
    assert.equal(first.resetRequired, true);
    const changed = await first.api('POST', '/v1/auth/change-password', {
      current_password: mailed,
      new_password: 'my-own-password-1',
    });
    assert.equal(changed.status, 200);
    assert.equal(
      (await login(server, email, mailed ?? '')).status,
      401,
      'the temporary one is dead',
    );
    const own = await signIn(server, email, 'my-own-password-1');
    assert.equal(own.resetRequired, false);
  });

  test('added to a second team before choosing a password, the email does not send them to a "usual password"', async () => {
    const first = await signUpSubscribed(server);
    const second = await signUpSubscribed(server);
    const email = `smtp-twice-${Math.random().toString(36).slice(2)}@example.com`;
    assert.equal((await inviteAs(first.api, first.accountId, email, 'member')).status, 201);
    await smtp.messageTo(email);
    const again = await inviteAs(second.api, second.accountId, email, 'member');
    assert.equal(again.status, 201);
    assert.equal(again.body.existing_user, true);
    const mail = await smtp.messageTo(email, (m) => m.includes('You were added to'));
    assert.doesNotMatch(mail, /usual password/, 'they have never chosen one');
    assert.match(mail, /Forgot password/);
  });
});
