import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { requestFrom } from '../../testing/request-from.ts';
import {
  resetTokenFrom,
  signUp,
  startTestServer,
  type TestServer,
} from '../../testing/test-server.ts';
import { useTestServer } from '../../testing/use-test-server.ts';
import { recordLoginFailure } from './login-throttle.ts';

const LOCKED = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';

/** Clients are told apart by their socket address: each test uses addresses no other one uses. */
function loginAs(server: TestServer) {
  return (from: string, email: string, password: string, headers: Record<string, string> = {}) =>
    requestFrom(server.url, from)('POST', '/v1/auth/login', { email, password }, headers);
}

// Every sign-in costs a deliberately slow scrypt, so the bulk of a large attack is recorded through
// the throttle's own API (what a failed login records), and its last steps go over HTTP.
describe('login throttling', { timeout: 300_000 }, () => {
  // The throttle's clock: tests move it forward instead of waiting.
  let now = Date.now();
  const server = useTestServer({ clock: () => now });
  let login: ReturnType<typeof loginAs>;
  before(async () => {
    login = loginAs(server);
  });

  /** `count` wrong passwords from `from`, waiting out each delay on the fake clock. */
  async function failures(from: string, email: string, count: number): Promise<void> {
    for (let failed = 0; failed < count; ) {
      const res = await login(from, email, 'wrong-password');
      if (res.status === 429) now += Number(res.headers['retry-after']) * 1000;
      else {
        assert.equal(res.status, 401);
        failed++;
      }
    }
  }

  test('after three free failures, each one doubles the wait, even for the right password', async () => {
    const u = await signUp(server);
    const from = '127.0.0.2';
    await failures(from, u.email, 3);
    const waits: number[] = [];
    for (let round = 0; round < 5; round++) {
      assert.equal((await login(from, u.email, 'wrong-password')).status, 401);
      const held = await login(from, u.email, u.password);
      assert.equal(held.status, 429);
      const seconds = Number(held.headers['retry-after']);
      assert.equal(
        held.body.message,
        `Too many failed sign-in attempts. Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} and try again.`,
      );
      waits.push(seconds);
      now += seconds * 1000;
    }
    assert.deepEqual(waits, [1, 2, 4, 8, 16]);

    assert.equal((await login(from, u.email, u.password)).status, 200, 'the wait is over');
    // Signing in starts the pair afresh: a typo is free again.
    assert.equal((await login(from, u.email, 'wrong-password')).status, 401);
    assert.equal((await login(from, u.email, u.password)).status, 200);
  });

  test('sign-ins at the same moment from one address take turns: the right password gets in each time', async () => {
    // Two tabs, or a test suite's workers sharing one user, sign in together. Spec section 4:
    // signing in stores a session; the second one was refused with 429 'already being checked'.
    const u = await signUp(server);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => login('127.0.0.20', u.email, u.password)),
    );
    assert.deepEqual(
      answers.map((a) => [a.status, a.body.message]),
      Array.from({ length: 4 }, () => [200, undefined]),
    );
    assert.equal(new Set(answers.map((a) => a.body.token)).size, 4, 'four sessions');
  });

  test('a burst of guesses from one address still has them checked one at a time', async () => {
    const u = await signUp(server);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login('127.0.0.21', u.email, `guess number ${i}`)),
    );
    const checked = answers.filter((a) => a.status === 401).length;
    assert.equal(checked + answers.filter((a) => a.status === 429).length, answers.length);
    // Taking turns, the fourth failure already makes the ones after it wait.
    assert.equal(checked, 4);
  });

  test('two tabs changing the password at once from one address: one changes it, the other hears the current one is wrong', async () => {
    const u = await signUp(server);
    const change = (next: string) =>
      requestFrom(server.url, '127.0.0.22')(
        'POST',
        '/v1/auth/change-password',
        { current_password: u.password, new_password: next },
        { authorization: `Bearer ${u.token}` },
      );
    const answers = await Promise.all([change('first-new-pass-1'), change('second-new-pass-2')]);
    assert.deepEqual(answers.map((a) => a.status).sort(), [200, 401]);
    assert.equal(
      answers.find((a) => a.status === 401)?.body.message,
      'Current password is incorrect',
    );
  });

  test('a session guessing its current password at change-password waits like a sign-in', async () => {
    // A stolen token must not become an unthrottled password oracle: the current password is
    // what keeps its holder from taking the account over for good.
    const u = await signUp(server);
    const from = '127.0.0.7';
    const change = (current: string) =>
      requestFrom(server.url, from)(
        'POST',
        '/v1/auth/change-password',
        { current_password: current, new_password: 'taken-over-1' },
        { authorization: `Bearer ${u.token}` },
      );
    for (let i = 0; i < 4; i++) assert.equal((await change(`guess-${i}`)).status, 401);
    const held = await change(u.password);
    assert.equal(held.status, 429, 'even the right password waits');
    assert.match(held.body.message, /Please wait 1 second/);
    assert.equal((await login(from, u.email, u.password)).status, 429, 'one count with sign-in');
    now += Number(held.headers['retry-after']) * 1000;
    assert.equal((await change(u.password)).status, 200, 'the wait is over');
    // The right current password counts as a sign-in: the pair starts afresh, a typo is free.
    assert.equal((await login(from, u.email, 'taken-over-l')).status, 401);
    assert.equal((await login(from, u.email, 'taken-over-1')).status, 200);
  });

  test('a reset from the mailbox lets its address sign in with the new password at once; a guesser elsewhere still waits', async () => {
    // The owner forgot the password and tried ten (the last waits 64 s, a few more 15 minutes),
    // then reset it from the email; a guesser at another address tried as many.
    const u = await signUp(server);
    const mine = '127.0.0.8';
    const guesser = '127.0.0.9';
    await failures(mine, u.email, 10);
    await failures(guesser, u.email, 10);
    const call = requestFrom(server.url, mine);
    assert.equal((await call('POST', '/v1/auth/forgot-password', { email: u.email })).status, 200);
    const mail = (await server.outbox()).reverse().find((eml) => eml.includes(`To: ${u.email}`));
    assert.ok(mail, 'the reset email went out');
    const reset = await call('POST', '/v1/auth/reset-password', {
      token: resetTokenFrom(mail),
      new_password: 'chosen-after-reset',
    });
    assert.equal(reset.status, 200);

    const signIn = await login(mine, u.email, 'chosen-after-reset');
    assert.equal(signIn.status, 200, JSON.stringify(signIn.body));
    const other = await login(guesser, u.email, 'chosen-after-reset');
    assert.equal(other.status, 429, "the reset proves nothing about the guesser's address");
  });

  test("an attacker's failures from one address do not stop the owner at another", async () => {
    const owner = await signUp(server);
    await failures('127.0.0.3', owner.email, 8);
    assert.equal((await login('127.0.0.3', owner.email, owner.password)).status, 429);
    const mine = await login('127.0.0.4', owner.email, owner.password);
    assert.equal(mine.status, 200);
    assert.ok(mine.body.token);
  });

  test('rotating X-Forwarded-For does not escape the per-address limit; a forged one blames nobody', async () => {
    const victim = await signUp(server);
    const attacker = '127.0.0.5';
    for (let i = 0; i < 25; i++) {
      await recordLoginFailure(server.deps.counters, `spray-${i}@example.com`, attacker);
    }
    // Failures 26 to 30, each "forwarded for" someone else, among them the victim's real
    // address. Without TRUST_PROXY the header is ignored: they all count against the attacker.
    for (let i = 25; i < 30; i++) {
      const forged = i % 2 ? `198.51.100.${i}` : '127.0.0.6';
      const res = await login(attacker, `spray-${i}@example.com`, 'guess', {
        'x-forwarded-for': forged,
      });
      assert.equal(res.status, 401);
    }
    const blocked = await login(attacker, 'spray-new@example.com', 'guess', {
      'x-forwarded-for': '198.51.100.200',
    });
    assert.equal(blocked.status, 429);
    assert.equal(blocked.body.message, LOCKED);
    assert.equal((await login('127.0.0.6', victim.email, victim.password)).status, 200);
  });

  test('an address locked for spraying still lets in the users who signed in or signed up from it', async () => {
    const from = '127.0.0.12';
    const call = requestFrom(server.url, from);
    const regular = await signUp(server);
    assert.equal((await login(from, regular.email, regular.password)).status, 200);
    const newcomer = { email: `newcomer-${Date.now()}@example.com`, password: 'chosen-here-1' };
    assert.equal((await call('POST', '/v1/auth/signup', newcomer)).status, 201);
    const stranger = await signUp(server);
    for (let i = 0; i < 30; i++) {
      await recordLoginFailure(server.deps.counters, `spray-known-${i}@example.com`, from);
    }

    const sprayed = await login(from, 'spray-known-new@example.com', 'guess');
    assert.equal(sprayed.status, 429);
    assert.equal(sprayed.body.message, LOCKED);
    const strangerIn = await login(from, stranger.email, stranger.password);
    assert.equal(strangerIn.status, 429, 'no sign-in from this address yet: locked');
    assert.equal((await login(from, regular.email, regular.password)).status, 200);
    assert.equal((await login(from, newcomer.email, newcomer.password)).status, 200);
    // A known pair still gets its own delays after its free failures.
    await failures(from, regular.email, 4);
    assert.equal((await login(from, regular.email, regular.password)).status, 429);
  });

  test('the per-email limit of 100 still stops guessing from many addresses, not the owner at a known one', async () => {
    const owner = await signUp(server);
    assert.equal((await login('127.0.1.1', owner.email, owner.password)).status, 200);
    // 98 failures, three per address (never enough for a per-address delay), then two over HTTP.
    for (let i = 0; i < 98; i++) {
      await recordLoginFailure(
        server.deps.counters,
        owner.email,
        `127.0.2.${1 + Math.floor(i / 3)}`,
      );
    }
    for (const from of ['127.0.2.40', '127.0.2.41']) {
      assert.equal((await login(from, owner.email, 'one-more-guess')).status, 401);
    }
    const stranger = await login('127.0.3.1', owner.email, owner.password);
    assert.equal(stranger.status, 429, 'the 101st attempt is refused, even the right password');
    assert.equal(stranger.body.message, LOCKED);
    assert.equal((await login('127.0.1.1', owner.email, owner.password)).status, 200);

    now += 15 * 60 * 1000;
    assert.equal((await login('127.0.3.1', owner.email, owner.password)).status, 200);
  });
});

describe('TRUST_PROXY', { timeout: 300_000 }, () => {
  const now = Date.now();

  for (const setting of ['127.0.0.1/32', '1']) {
    test(`TRUST_PROXY=${setting}: the forwarded address is the client`, async () => {
      const server = await startTestServer({ env: { TRUST_PROXY: setting }, clock: () => now });
      try {
        const login = loginAs(server);
        const u = await signUp(server);
        const asClient = (ip: string) => ({ 'x-forwarded-for': `192.0.2.99, ${ip}` });
        for (let i = 0; i < 4; i++) {
          const res = await login('127.0.0.1', u.email, 'wrong', asClient('203.0.113.7'));
          assert.equal(res.status, 401);
        }
        const held = await login('127.0.0.1', u.email, u.password, asClient('203.0.113.7'));
        assert.equal(held.status, 429, 'the client behind the proxy waits');
        const other = await login('127.0.0.1', u.email, u.password, asClient('203.0.113.8'));
        assert.equal(other.status, 200, 'another client behind the same proxy does not');
        // A peer outside the list is its own client; with a hop count every peer is a proxy.
        const direct = await login('127.0.0.2', u.email, u.password, asClient('203.0.113.7'));
        assert.equal(direct.status, setting === '1' ? 429 : 200);
      } finally {
        await server.close();
      }
    });
  }

  test('an IPv6 client is one client across its /64: new addresses do not renew its limit', async () => {
    const server = await startTestServer({
      env: { TRUST_PROXY: '127.0.0.1/32' },
      clock: () => now,
    });
    try {
      const login = loginAs(server);
      const from = (ip: string) => ({ 'x-forwarded-for': ip });
      // A host handed 2001:db8:1:2::/64 sprays emails, a fresh address of it for every guess.
      for (let i = 1; i < 30; i++) {
        const address = `2001:db8:1:2:${i.toString(16)}::1`;
        await recordLoginFailure(server.deps.counters, `v6-spray-${i}@example.com`, address);
      }
      const last = await login(
        '127.0.0.1',
        'v6-spray-30@example.com',
        'guess',
        from('2001:db8:1:2::30'),
      );
      assert.equal(last.status, 401, 'the 30th failure is still checked');
      const next = await login(
        '127.0.0.1',
        'v6-spray-31@example.com',
        'guess',
        from('2001:db8:1:2:ffff::9'),
      );
      assert.equal(next.status, 429, 'its /64 has used up the per-address limit');
      assert.equal(next.body.message, LOCKED);
      const neighbour = await login(
        '127.0.0.1',
        'v6-spray-31@example.com',
        'guess',
        from('2001:db8:1:3::1'),
      );
      assert.equal(neighbour.status, 401, 'the next /64 is another client');
    } finally {
      await server.close();
    }
  });
});
