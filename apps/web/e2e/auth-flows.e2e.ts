import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { signUp, signUpSubscribed } from '../../server/src/testing/test-server.ts';
import { type E2eEnv, logIn, resetTokenFor, startE2e, storedSession } from './harness.ts';

describe('sign-in and password flows', { timeout: 600_000 }, () => {
  let e2e: E2eEnv;
  before(async () => {
    e2e = await startE2e();
  });
  after(() => e2e?.close());

  test('a forgotten password is reset from the emailed link, then works for signing in', async () => {
    const user = await signUpSubscribed(e2e.server);
    const page = await e2e.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    // The screen is loaded on demand; until it shows, the login form's Email field is still there.
    const send = page.getByRole('button', { name: 'Send Reset Link' });
    await send.waitFor();
    await page.getByLabel('Email').fill(user.email);
    await send.click();
    await page.getByText('Check Your Email').waitFor();
    await page.getByText('expires in 1 hour').waitFor();

    const token = await resetTokenFor(e2e.server, user.email);
    await page.goto(`/reset-password?token=${encodeURIComponent(token)}`);
    await page.getByLabel(/^New Password/).fill('brand-new-pass-1');
    await page.getByLabel('Confirm New Password').fill('brand-new-pass-2');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Passwords do not match').waitFor();

    await page.getByLabel('Confirm New Password').fill('brand-new-pass-1');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password Reset Successful').waitFor();
    await page.waitForURL('**/login');

    await logIn(page, user.email, 'brand-new-pass-1');
    await page.waitForURL('**/dashboard');
  });

  test('a reset link without a token says so', async () => {
    const page = await e2e.newPage();
    await page.goto('/reset-password');
    await page.getByText('Invalid or missing reset token').waitFor();
  });

  test('a wrong password shows one generic error and stores nothing', async () => {
    const user = await signUp(e2e.server);
    const page = await e2e.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel(/^Password/).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Invalid email or password').waitFor();
    assert.equal(new URL(page.url()).pathname, '/login');
    assert.deepEqual(await storedSession(page), { token: null, user: null });
  });

  test('a session revoked on the server sends the user to /login and clears storage', async () => {
    const user = await signUpSubscribed(e2e.server);
    const page = await e2e.newPage();
    await logIn(page, user.email, user.password);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    await e2e.server.deps.db.kysely
      .deleteFrom('sessions')
      .where('user_id', '=', user.userId)
      .execute();
    // Opening a screen with the stored (now revoked) token: its first call meets the 401, and the
    // API wrapper clears storage and goes to /login. Clicking a sidebar link instead raced the
    // dashboard's own refetches, which could meet the 401 first and take the link away mid-click.
    const refused = page.waitForResponse(
      (res) => res.url().includes('/v1/') && res.status() === 401,
    );
    await page.goto('/api-keys');
    await refused;
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/login');
    assert.deepEqual(await storedSession(page), { token: null, user: null });
  });

  test('a wrong current password is reported without signing the user out', async () => {
    const user = await signUpSubscribed(e2e.server);
    const page = await e2e.newPage();
    await logIn(page, user.email, user.password);
    await page.goto('/change-password');
    await page.getByLabel('Current Password').fill('not-my-password');
    await page.getByLabel(/^New Password/).fill('another-pass-1');
    await page.getByLabel('Confirm New Password').fill('another-pass-1');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Current password is incorrect').waitFor();

    assert.equal(new URL(page.url()).pathname, '/change-password');
    assert.ok((await storedSession(page)).token, 'still signed in');
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  });

  test('a session that ended while changing the password goes to /login, not to a wrong-password error', async () => {
    const user = await signUpSubscribed(e2e.server);
    const page = await e2e.newPage();
    await logIn(page, user.email, user.password);
    await page.goto('/change-password');
    await page.getByLabel('Current Password').fill(user.password);
    await page.getByLabel(/^New Password/).fill('another-pass-1');
    await page.getByLabel('Confirm New Password').fill('another-pass-1');
    // Signed out meanwhile (another tab, a reset, an expiry): the right current password must not
    // be called wrong, or the user retries it forever on a session that cannot work.
    await e2e.server.deps.db.kysely
      .deleteFrom('sessions')
      .where('user_id', '=', user.userId)
      .execute();
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/login');
    assert.deepEqual(await storedSession(page), { token: null, user: null });
  });
});
