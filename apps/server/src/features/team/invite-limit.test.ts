import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { signUpSubscribed } from '../../testing/test-server.ts';
import { useMailingServer } from '../../testing/use-mailing-server.ts';
import { inviteAs } from './team-testing.ts';

const MIN = 60_000;

/** Each invite emails an address the inviter chose: an account may not make that a mail cannon. */
describe('invites per account per hour, over real SMTP', { timeout: 180_000 }, () => {
  let now = Date.now();
  const mailing = useMailingServer(() => now);

  test('30 an hour are sent; the 31st is a 429 the form shows, with no user made and no mail', async () => {
    const { server, smtp } = mailing;
    const owner = await signUpSubscribed(server);
    const start = now;
    const email = (i: number) =>
      `invite-limit-${i}-${Math.random().toString(36).slice(2)}@example.com`;
    for (let i = 0; i < 30; i++) {
      now = start + i * MIN;
      const res = await inviteAs(owner.api, owner.accountId, email(i), 'member');
      assert.equal(res.status, 201, `invite ${i + 1}: ${JSON.stringify(res.body)}`);
    }
    assert.equal((await smtp.waitFor(30)).length, 30);

    now = start + 40 * MIN;
    const refused = email(31);
    const over = await inviteAs(owner.api, owner.accountId, refused, 'admin');
    assert.equal(over.status, 429);
    assert.equal(
      over.body.message,
      'An account can invite 30 people an hour; please try again in 20 minutes',
    );
    const team = await owner.api('GET', `/v1/accounts/${owner.accountId}`);
    assert.equal(team.body.members.length, 31, 'the owner and the 30');
    const user = await server.deps.db.kysely
      .selectFrom('users')
      .select('id')
      .where('email', '=', refused)
      .executeTakeFirst();
    assert.equal(user, undefined, 'no user was made for the refused address');

    const other = await signUpSubscribed(server);
    assert.equal((await inviteAs(other.api, other.accountId, email(32), 'member')).status, 201);
    const mails = await smtp.waitFor(31);
    assert.equal(mails.length, 31, 'only the other account’s invite was mailed');

    now = start + 60 * MIN;
    assert.equal((await inviteAs(owner.api, owner.accountId, refused, 'admin')).status, 201);
  });
});
