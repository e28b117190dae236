import assert from 'node:assert/strict';
import { scrypt } from 'node:crypto';
import { before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { requestFrom } from '../../testing/request-from.ts';
import {
  apiClient,
  moveToAccount,
  resetTokenFrom,
  signUp,
  signUpSubscribed,
  startTestServer,
} from '../../testing/test-server.ts';
import { useTestServer } from '../../testing/use-test-server.ts';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: string,
  keylen: number,
  options: { N: number; maxmem: number },
) => Promise<Buffer>;

describe('auth API', () => {
  const server = useTestServer({
    env: {
      SUPERADMIN_EMAILS: 'boss@example.com,deputy@example.com,chief@example.com',
      PUBLIC_URL: 'http://tokenwise.test',
    },
  });
  let anon: ReturnType<typeof apiClient>;
  before(async () => {
    anon = apiClient(server.url);
  });

  test('answers carrying a session token or a temporary password are never cached; others may be', async () => {
    const email = 'no-store@example.com';
    const signup = await anon('POST', '/v1/auth/signup', { email, password: 'no-store-password' });
    assert.equal(signup.status, 201);
    assert.equal(signup.headers.get('cache-control'), 'no-store');
    const login = await anon('POST', '/v1/auth/login', { email, password: 'no-store-password' });
    assert.equal(login.headers.get('cache-control'), 'no-store');
    const refused = await anon('POST', '/v1/auth/login', { email, password: 'wrong-password' });
    assert.equal(refused.status, 401);
    assert.equal(refused.headers.get('cache-control'), 'no-store');
    const owner = await signUpSubscribed(server);
    const me = await owner.api('GET', '/v1/auth/me');
    assert.equal(me.headers.get('cache-control'), 'no-store');
    const invited = await owner.api('POST', `/v1/accounts/${owner.accountId}/members`, {
      email: 'new-invitee@example.com',
      role: 'member',
    });
    assert.ok(invited.status < 300, JSON.stringify(invited.body));
    assert.ok((invited.body as { temporary_password?: string }).temporary_password);
    assert.equal(invited.headers.get('cache-control'), 'no-store');
    // The team list carries no credential: left to the defaults.
    const team = await owner.api('GET', `/v1/accounts/${owner.accountId}`);
    assert.equal(team.headers.get('cache-control'), null);
  });

  test('signup returns a token, the user and an owned account; the token works', async () => {
    const res = await anon('POST', '/v1/auth/signup', {
      email: ' Alice@Example.com ',
      password: 'alice-password',
    });
    assert.equal(res.status, 201);
    assert.equal(res.body.user.email, 'alice@example.com');
    assert.equal(res.body.user.is_superadmin, false);
    assert.equal(res.body.accounts.length, 1);
    assert.equal(res.body.accounts[0].role, 'owner');
    assert.ok(res.body.token.length >= 43);
    const me = await apiClient(server.url, res.body.token)('GET', '/v1/auth/me');
    assert.equal(me.status, 200);
    assert.equal(me.body.email, 'alice@example.com');
  });

  test('signup with a taken email is a 409 with a message', async () => {
    await signUp(server, 'taken@example.com');
    const res = await anon('POST', '/v1/auth/signup', {
      email: 'TAKEN@example.com',
      password: 'whatever123',
    });
    assert.equal(res.status, 409);
    assert.match(res.body.message, /already exists/);
  });

  test('signup holds the password rule of reset and change: 8 characters', async () => {
    const email = 'seven@example.com';
    const short = await anon('POST', '/v1/auth/signup', { email, password: '1234567' });
    assert.equal(short.status, 400);
    assert.equal(short.body.message, 'Password must be at least 8 characters long');
    const created = await server.deps.db.kysely
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .execute();
    assert.deepEqual(created, [], 'no user is created');
    assert.equal(
      (await anon('POST', '/v1/auth/signup', { email, password: '12345678' })).status,
      201,
    );
  });

  test('SUPERADMIN_EMAILS gives the flag at signup and sign-in, never through an invite', async () => {
    const signup = await anon('POST', '/v1/auth/signup', {
      email: 'boss@example.com',
      password: 'boss-password',
    });
    assert.equal(signup.status, 201);
    assert.equal(signup.body.user.is_superadmin, true);
    const login = await anon('POST', '/v1/auth/login', {
      email: 'boss@example.com',
      password: 'boss-password',
    });
    assert.equal(login.body.user.is_superadmin, true);
    const console_ = await apiClient(server.url, login.body.token)('GET', '/v1/admin/users');
    assert.equal(console_.status, 200);

    // The inviter would hold the new user's temporary password: a listed address signs up itself.
    const inviter = await signUpSubscribed(server);
    const invited = await inviter.api('POST', `/v1/accounts/${inviter.accountId}/members`, {
      email: 'deputy@example.com',
      role: 'member',
    });
    assert.equal(invited.status, 403);
    assert.match(invited.body.message, /reserved for a platform operator: they sign up themselves/);
    const noUser = await anon('POST', '/v1/auth/login', {
      email: 'deputy@example.com',
      password: 'anything-at-all',
    });
    assert.equal(noUser.status, 401, 'no user was made');
    // Once signed up, the operator can be invited like anyone (no temporary password then).
    const boss = await inviter.api('POST', `/v1/accounts/${inviter.accountId}/members`, {
      email: 'boss@example.com',
      role: 'member',
    });
    assert.equal(boss.status, 201);
    assert.equal(boss.body.temporary_password ?? null, null);
  });

  test('a listed user keeps the flag through a password reset; an unlisted one gains nothing', async () => {
    const u = await signUp(server, 'chief@example.com', 'chief-password');
    await anon('POST', '/v1/auth/forgot-password', { email: u.email });
    const token = resetTokenFrom((await server.outbox()).at(-1) ?? '');
    const reset = await anon('POST', '/v1/auth/reset-password', {
      token,
      new_password: 'chief-password-2',
    });
    assert.equal(reset.status, 200);
    const login = await anon('POST', '/v1/auth/login', {
      email: u.email,
      password: 'chief-password-2',
    });
    assert.equal(login.body.user.is_superadmin, true);
    const console_ = await apiClient(server.url, login.body.token)('GET', '/v1/admin/users');
    assert.equal(console_.status, 200);
    // An unlisted user who resets their password gets nothing from it.
    const plain = await signUp(server);
    await anon('POST', '/v1/auth/forgot-password', { email: plain.email });
    const plainToken = resetTokenFrom((await server.outbox()).at(-1) ?? '');
    await anon('POST', '/v1/auth/reset-password', {
      token: plainToken,
      new_password: 'plain-password-2',
    });
    const plainLogin = await anon('POST', '/v1/auth/login', {
      email: plain.email,
      password: 'plain-password-2',
    });
    assert.equal(plainLogin.body.user.is_superadmin, false);
  });

  test('bad input gets a 4xx with a message, never a 500', async () => {
    const cases: [unknown, number, RegExp][] = [
      ['{not json', 400, /not valid JSON/],
      [{}, 400, /Email is required/],
      [{ email: 'nope', password: 'x' }, 400, /valid email/],
      [{ email: 'a@b.co', password: 12345678 }, 400, /./],
      [{ email: `${'a'.repeat(300)}@b.co`, password: 'xxxxxxxx' }, 400, /./],
      [{ email: 'a@b.co', password: 'x'.repeat(300) }, 400, /too long/],
    ];
    for (const [body, status, message] of cases) {
      const res = await anon('POST', '/v1/auth/signup', body);
      assert.equal(res.status, status, JSON.stringify(body).slice(0, 80));
      assert.match(res.body.message, message);
    }
  });

  test('login: right password works, wrong password and unknown email say the same thing', async () => {
    const u = await signUp(server);
    const ok = await anon('POST', '/v1/auth/login', { email: u.email, password: u.password });
    assert.equal(ok.status, 200);
    assert.equal(ok.body.password_reset_required, false);
    assert.equal(ok.body.accounts[0].id, u.accountId);
    const wrong = await anon('POST', '/v1/auth/login', {
      email: u.email,
      password: 'bad-password',
    });
    const unknown = await anon('POST', '/v1/auth/login', {
      email: 'ghost@example.com',
      password: 'bad-password',
    });
    assert.equal(wrong.status, 401);
    assert.equal(unknown.status, 401);
    assert.equal(wrong.body.message, 'Invalid email or password');
    assert.equal(unknown.body.message, wrong.body.message);
  });

  test('passwords of whole surrogate pairs (emoji, CJK extension B) sign up and sign in; half of one is refused', async () => {
    // Decision 235 refuses lone surrogates in dashboard bodies; a pair is one ordinary character.
    const email = 'pairs@example.com';
    const password = 'pass 😀𠀀𪜀 word';
    assert.equal((await anon('POST', '/v1/auth/signup', { email, password })).status, 201);
    const ok = await anon('POST', '/v1/auth/login', { email, password });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    const half = await anon('POST', '/v1/auth/login', { email, password: 'pass \ud83d word' });
    assert.equal(half.status, 400);
    assert.equal(
      half.body.message,
      'password must not contain broken characters (half a surrogate pair)',
    );
  });

  test('logout revokes the session', async () => {
    const u = await signUp(server);
    assert.equal((await u.api('POST', '/v1/auth/logout')).status, 200);
    assert.equal((await u.api('GET', '/v1/auth/me')).status, 401);
  });

  test('forgot-password answers the same for known and unknown emails and mails a single-use link', async () => {
    const u = await signUp(server);
    const before = (await server.outbox()).length;
    const known = await anon('POST', '/v1/auth/forgot-password', { email: u.email });
    const unknown = await anon('POST', '/v1/auth/forgot-password', { email: 'nobody@example.com' });
    assert.equal(known.status, 200);
    assert.deepEqual(known.body, unknown.body);
    const mails = await server.outbox();
    assert.equal(mails.length, before + 1);
    const mail = mails.at(-1) ?? '';
    assert.match(mail, new RegExp(`To: ${u.email}`));
    assert.match(mail, /http:\/\/tokenwise\.test\/reset-password\?token=/);
    const token = resetTokenFrom(mail);

    const reset = await anon('POST', '/v1/auth/reset-password', {
      token,
      new_password: 'brand-new-pass',
    });
    assert.equal(reset.status, 200);
    // The old session is revoked, the old password is gone, the new one works.
    assert.equal((await u.api('GET', '/v1/auth/me')).status, 401);
    assert.equal(
      (await anon('POST', '/v1/auth/login', { email: u.email, password: u.password })).status,
      401,
    );
    assert.equal(
      (await anon('POST', '/v1/auth/login', { email: u.email, password: 'brand-new-pass' })).status,
      200,
    );

    const again = await anon('POST', '/v1/auth/reset-password', {
      token,
      new_password: 'another-pass',
    });
    assert.equal(again.status, 400);
    assert.equal(again.body.message, 'Invalid or expired reset token');
  });

  test('reset tokens expire after an hour', async () => {
    let now = Date.now();
    const timed = await startTestServer({ clock: () => now });
    try {
      const u = await signUp(timed);
      await apiClient(timed.url)('POST', '/v1/auth/forgot-password', { email: u.email });
      const token = resetTokenFrom((await timed.outbox()).at(-1) ?? '');
      now += 60 * 60 * 1000 + 1;
      const res = await apiClient(timed.url)('POST', '/v1/auth/reset-password', {
        token,
        new_password: 'late-password',
      });
      assert.equal(res.status, 400);
      assert.equal(res.body.message, 'Invalid or expired reset token');
    } finally {
      await timed.close();
    }
  });

  test('sessions end after SESSION_TTL_DAYS; dead sessions and reset links are not kept forever', async () => {
    let now = Date.now();
    const timed = await startTestServer({ clock: () => now, env: { SESSION_TTL_DAYS: '1' } });
    try {
      const u = await signUp(timed);
      const signIn = () =>
        apiClient(timed.url)('POST', '/v1/auth/login', { email: u.email, password: u.password });
      for (let i = 0; i < 3; i++) assert.equal((await signIn()).status, 200);
      for (let i = 0; i < 2; i++) {
        await apiClient(timed.url)('POST', '/v1/auth/forgot-password', { email: u.email });
      }
      await timed.outbox();
      now += 24 * 60 * 60 * 1000 + 1;
      const expired = await u.api('GET', '/v1/auth/me');
      assert.equal(expired.status, 401);
      assert.equal(expired.body.message, 'Session expired. Please sign in again.');

      assert.equal((await signIn()).status, 200);
      await apiClient(timed.url)('POST', '/v1/auth/forgot-password', { email: u.email });
      await timed.outbox();
      const rows = (table: 'sessions' | 'password_resets') =>
        timed.deps.db.kysely
          .selectFrom(table)
          .select('user_id')
          .where('user_id', '=', u.userId)
          .execute();
      assert.equal((await rows('sessions')).length, 1, 'the four expired sessions are gone');
      assert.equal((await rows('password_resets')).length, 1, 'so are the two expired links');
    } finally {
      await timed.close();
    }
  });

  test('reset-password validates length and token', async () => {
    const short = await anon('POST', '/v1/auth/reset-password', {
      token: 'x',
      new_password: 'short',
    });
    assert.equal(short.status, 400);
    assert.equal(short.body.message, 'Password must be at least 8 characters long');
    const bogus = await anon('POST', '/v1/auth/reset-password', {
      token: 'bogus',
      new_password: 'long-enough',
    });
    assert.equal(bogus.status, 400);
    assert.equal(bogus.body.message, 'Invalid or expired reset token');
  });

  test('a made-up reset token is refused before any password is hashed', async () => {
    // Unauthenticated and unthrottled: each hash is ~32 MB and tens of ms on libuv's few threads,
    // which sign-ins share, so a flood of made-up tokens must not buy one. The test's own hashes
    // hold every thread (the server runs in this process); a reset that hashed could not start
    // before one of them ended.
    const blockers = Array.from({ length: 8 }, () =>
      scryptAsync('hold the pool', 'salt', 64, { N: 2 ** 15, maxmem: 64 * 2 ** 20 }),
    );
    const reset = anon('POST', '/v1/auth/reset-password', {
      token: 'a'.repeat(43),
      new_password: 'long-enough',
    });
    const first = await Promise.race([
      reset.then(() => 'reset'),
      Promise.race(blockers).then(() => 'a thread freed'),
    ]);
    assert.equal(first, 'reset');
    assert.equal((await reset).status, 400);
    await Promise.all(blockers);
  });

  test('reset-password without a token is the missing-token error, an oversized one the invalid-token error', async () => {
    for (const body of [
      { new_password: 'long-enough' },
      { token: '', new_password: 'long-enough' },
    ]) {
      const res = await anon('POST', '/v1/auth/reset-password', body);
      assert.equal(res.status, 400);
      assert.equal(res.body.message, 'Invalid or missing reset token');
    }
    const tooLong = await anon('POST', '/v1/auth/reset-password', {
      token: 'x'.repeat(201),
      new_password: 'long-enough',
    });
    assert.equal(tooLong.status, 400);
    assert.equal(tooLong.body.message, 'Invalid or expired reset token');
  });

  test('change-password checks the current password, the rules, and revokes other sessions', async () => {
    const u = await signUp(server);
    const other = await anon('POST', '/v1/auth/login', { email: u.email, password: u.password });
    const otherApi = apiClient(server.url, other.body.token);

    const wrong = await u.api('POST', '/v1/auth/change-password', {
      current_password: 'nope',
      new_password: 'new-password-1',
    });
    assert.equal(wrong.status, 401);
    assert.equal(wrong.body.message, 'Current password is incorrect');
    const same = await u.api('POST', '/v1/auth/change-password', {
      current_password: u.password,
      new_password: u.password,
    });
    assert.equal(same.status, 400);
    assert.equal(same.body.message, 'New password must be different from current password');
    const short = await u.api('POST', '/v1/auth/change-password', {
      current_password: u.password,
      new_password: 'short',
    });
    assert.equal(short.body.message, 'New password must be at least 8 characters long');

    const ok = await u.api('POST', '/v1/auth/change-password', {
      current_password: u.password,
      new_password: 'new-password-1',
    });
    assert.equal(ok.status, 200);
    assert.equal((await u.api('GET', '/v1/auth/me')).status, 200, 'the caller stays signed in');
    assert.equal((await otherApi('GET', '/v1/auth/me')).status, 401, 'other sessions are revoked');
  });

  test('of two simultaneous password changes from one current password, only one succeeds', async () => {
    // Before: both read the same stored hash, both matched, both answered 200, and the password
    // became whichever wrote last, unknown to the other tab.
    // From two addresses: from one, the sign-in throttle makes the second tab wait its turn
    // (login-throttle.test.ts).
    const u = await signUp(server);
    const change = (from: string, next: string) =>
      requestFrom(server.url, from)(
        'POST',
        '/v1/auth/change-password',
        { current_password: u.password, new_password: next },
        { authorization: `Bearer ${u.token}` },
      );
    const answers = await Promise.all([
      change('127.0.4.1', 'first-new-pass-1'),
      change('127.0.4.2', 'second-new-pass-2'),
    ]);
    assert.deepEqual(answers.map((a) => a.status).sort(), [200, 401]);
    const lost = answers.find((a) => a.status === 401);
    assert.equal(lost?.body.message, 'Current password is incorrect');
    const winner = answers[0]?.status === 200 ? 'first-new-pass-1' : 'second-new-pass-2';
    const login = (password: string) =>
      anon('POST', '/v1/auth/login', { email: u.email, password });
    assert.equal((await login(winner)).status, 200);
  });

  test('changing the password voids the reset links mailed before it', async () => {
    const u = await signUp(server);
    await anon('POST', '/v1/auth/forgot-password', { email: u.email });
    const token = resetTokenFrom((await server.outbox()).at(-1) ?? '');
    const changed = await u.api('POST', '/v1/auth/change-password', {
      current_password: u.password,
      new_password: 'changed-by-owner-1',
    });
    assert.equal(changed.status, 200);
    // Whoever else holds the link (a forwarded or leaked email) must not undo the change.
    const reset = await anon('POST', '/v1/auth/reset-password', {
      token,
      new_password: 'set-by-the-link-1',
    });
    assert.equal(reset.status, 400);
    assert.equal(reset.body.message, 'Invalid or expired reset token');
    assert.equal((await u.api('GET', '/v1/auth/me')).status, 200, 'the caller stays signed in');
    const login = await anon('POST', '/v1/auth/login', {
      email: u.email,
      password: 'changed-by-owner-1',
    });
    assert.equal(login.status, 200);
  });

  test('read-only members cannot change their password', async () => {
    const owner = await signUp(server);
    const ro = await signUp(server);
    // Make ro a read_only member of owner's account only.
    await moveToAccount(server, ro.userId, owner.accountId, 'read_only');
    const res = await ro.api('POST', '/v1/auth/change-password', {
      current_password: ro.password,
      new_password: 'another-one',
    });
    assert.equal(res.status, 403);
    assert.equal(
      res.body.message,
      'Read-only users cannot change their password. Please contact your account administrator.',
    );
    // Refused for who they are, before what they sent is judged.
    for (const body of [{}, { current_password: ro.password, new_password: 'short' }]) {
      const bad = await ro.api('POST', '/v1/auth/change-password', body);
      assert.equal(bad.status, 403);
      assert.match(bad.body.message, /^Read-only users cannot change their password/);
    }
  });

  test('an owner working in a team where they are read-only still changes their own password', async () => {
    // The password is the user's, not the team's: read-only in a client's team (where they
    // switched to work), they own the account they signed up with, and no administrator of the
    // team can change it for them.
    const team = await signUpSubscribed(server);
    const u = await signUp(server);
    const invited = await team.api('POST', `/v1/accounts/${team.accountId}/members`, {
      email: u.email,
      role: 'read_only',
    });
    assert.equal(invited.status, 201, JSON.stringify(invited.body));
    const switched = await u.api('PUT', '/v1/auth/active-account', { account_id: team.accountId });
    assert.equal(switched.status, 200);
    const res = await u.api('POST', '/v1/auth/change-password', {
      current_password: u.password,
      new_password: 'owner-chooses-1',
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const login = await anon('POST', '/v1/auth/login', {
      email: u.email,
      password: 'owner-chooses-1',
    });
    assert.equal(login.status, 200);
  });

  test('login reports password_reset_required for temporary passwords', async () => {
    const u = await signUp(server);
    await server.deps.db.kysely
      .updateTable('users')
      .set({ password_reset_required: 1 })
      .where('id', '=', u.userId)
      .execute();
    const res = await anon('POST', '/v1/auth/login', { email: u.email, password: u.password });
    assert.equal(res.body.password_reset_required, true);
  });

  test('deleting a user revokes their sessions', async () => {
    const u = await signUp(server);
    await server.deps.db.kysely.deleteFrom('users').where('id', '=', u.userId).execute();
    assert.equal((await u.api('GET', '/v1/auth/me')).status, 401);
  });

  test('unknown API routes are JSON 404s; a bad bearer is a 401', async () => {
    const res = await anon('GET', '/v1/nope');
    assert.equal(res.status, 404);
    assert.match(res.body.message, /not found/);
    const bad = await apiClient(server.url, 'garbage')('GET', '/v1/auth/subscription-status');
    assert.equal(bad.status, 401);
  });
});
