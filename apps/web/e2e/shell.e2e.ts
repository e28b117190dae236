import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { proveMailbox, signUpSubscribed } from '../../server/src/testing/test-server.ts';
import {
  type E2eEnv,
  logIn,
  saveScreenshot,
  sidebarLabels,
  startE2e,
  storedSession,
  uniqueEmail,
} from './harness.ts';

const SUPERADMIN = 'boss@example.com';
// Functions, not strings: the dashboard's CSP forbids eval, which a string predicate needs. They
// run in the page, where `document` exists; these files compile without the DOM types, hence the cast.
// Each is sent to the page on its own, so neither may call a helper.
type MenuDocument = {
  querySelector(selector: string): { getBoundingClientRect(): { right: number } } | null;
};
const menuIsOffScreen = (): boolean =>
  ((globalThis as unknown as { document: MenuDocument }).document
    .querySelector('nav[aria-label="Main navigation"]')
    ?.getBoundingClientRect().right ?? 1) <= 0;
const menuIsOnScreen = (): boolean =>
  ((globalThis as unknown as { document: MenuDocument }).document
    .querySelector('nav[aria-label="Main navigation"]')
    ?.getBoundingClientRect().right ?? 1) > 0;
const SIDEBAR = [
  'Dashboard',
  'API Keys',
  'Optimization',
  'Semantic Cache',
  'Smart Routing',
  'Savings',
  'Evaluations',
  'Alerts',
  'Team',
  'Settings',
  'Billing',
];

describe('dashboard shell', { timeout: 600_000 }, () => {
  let e2e: E2eEnv;
  before(async () => {
    e2e = await startE2e({ env: { SUPERADMIN_EMAILS: SUPERADMIN } });
  });
  after(() => e2e?.close());

  test('a new user signs up, is sent to billing, starts the trial and reaches the dashboard', async () => {
    const page = await e2e.newPage();
    // An account without a subscription must not make requests that fail (issue 15: the
    // subscription read used to answer 404 and log it in the console).
    const failed: string[] = [];
    const asked: string[] = [];
    page.on('response', (res) => {
      if (res.status() >= 400) failed.push(`${res.status()} ${res.url()}`);
      asked.push(new URL(res.url()).pathname);
    });
    page.on('console', (msg) => {
      if (msg.type() === 'error') failed.push(`console: ${msg.text()}`);
    });
    await page.goto('/signup');
    await page.getByLabel('Email').fill(uniqueEmail('newcomer'));
    await page.getByLabel(/^Password/).fill('first-password-1');
    await page.getByLabel('Confirm Password').fill('first-password-1');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create Account' }).click();

    // Signup goes to /dashboard; with no subscription the guard moves on to /billing.
    await page.waitForURL('**/billing');
    await page.getByText('Subscription Required').waitFor();
    await page.getByText('Please subscribe to continue using Tokenwise').waitFor();
    assert.ok((await storedSession(page)).token, 'signup stores the session');
    await page.getByRole('button', { name: 'Start Free Trial' }).waitFor();
    await page.getByText('No payment required during the trial').waitFor();
    assert.deepEqual(failed, [], 'no failed request or console error without a subscription');

    await page.getByRole('button', { name: 'Start Free Trial' }).click();
    await page.waitForURL('**/billing?checkout=success');
    await page.getByText('Checkout complete').waitFor();
    await page.getByText('Next billing date:').waitFor();
    await page.getByText('Usage This Period').waitFor();
    // Each figure says what it counts (docs/metrics.md).
    const usage = page.getByRole('group', { name: 'Usage figures' });
    for (const label of ['Total requests', 'Failed requests', 'Savings rate', 'Total cost saved']) {
      await usage.getByRole('group', { name: label }).waitFor();
    }
    await page.getByText('Optimized tokens used (monthly quota)').waitFor();
    // Spec section 7's reads for the screen: the account's subscription, then its usage.
    const stored = JSON.parse((await storedSession(page)).user ?? '{}');
    const accountId: string = stored.accounts?.[0]?.id;
    for (const path of [
      `/v1/admin/subscriptions/user/${accountId}`,
      `/v1/admin/usage/${accountId}`,
    ]) {
      assert.ok(asked.includes(path), `/billing asked ${path}: ${asked.join(', ')}`);
    }
    assert.equal(await page.getByText('Subscription Required').count(), 0);
    await saveScreenshot(page, 'billing');

    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    assert.deepEqual(await sidebarLabels(page), SIDEBAR);
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    await saveScreenshot(page, 'dashboard-shell');
  });

  test('a superadmin also sees the admin links and can open them', async () => {
    const boss = await proveMailbox(e2e.server, await signUpSubscribed(e2e.server, SUPERADMIN));
    const page = await e2e.newPage();
    await logIn(page, boss.email, boss.password);
    await page.waitForURL('**/dashboard');
    assert.deepEqual(await sidebarLabels(page), [...SIDEBAR, 'Admin: Users', 'Admin: Accounts']);
    await page.getByRole('link', { name: 'Admin: Accounts' }).click();
    await page.waitForURL('**/admin/accounts');
    await page.getByRole('heading', { name: 'Account Management' }).waitFor();
  });

  test('on a phone the sidebar is a slide-over opened by the burger', async () => {
    const user = await signUpSubscribed(e2e.server);
    const page = await e2e.newPage({ viewport: { width: 390, height: 800 } });
    await logIn(page, user.email, user.password);
    await page.waitForURL('**/dashboard');
    // A closed slide-over sits off-screen to the left (it is moved, not hidden).
    await page.waitForFunction(menuIsOffScreen);
    await page.getByRole('button', { name: 'Toggle navigation menu' }).click();
    await page.waitForFunction(menuIsOnScreen);
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.waitForURL('**/settings');
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
  });

  test('logout ends the session and returns to /login', async () => {
    const user = await signUpSubscribed(e2e.server);
    const page = await e2e.newPage();
    await logIn(page, user.email, user.password);
    const { token } = await storedSession(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    assert.deepEqual(await storedSession(page), { token: null, user: null });
    const me = await fetch(`${e2e.server.url}/v1/auth/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(me.status, 401, 'the old token no longer works');
  });

  test('/ leads to the dashboard, which needs a session; an unknown path says Page not found', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await page.goto('/no-such-screen');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/no-such-screen');
  });

  test('/billing makes no session check of its own: without a token it says Not authenticated', async () => {
    const user = await signUpSubscribed(e2e.server);
    const page = await e2e.newPage();
    await logIn(page, user.email, user.password);
    // The token alone goes (the stored user stays): the billing screen's own check is on the token.
    await page.evaluate("localStorage.removeItem('auth_token')");
    const calls: string[] = [];
    // The dashboard left behind may still send its own calls (with its token) after this point.
    page.on('request', (req) => {
      if (new URL(req.url()).pathname.startsWith('/v1/') && !req.headers().authorization)
        calls.push(req.url());
    });
    await page.goto('/billing');
    await page.getByText('Not authenticated', { exact: true }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/billing');
    assert.deepEqual(calls, [], 'nothing is asked of the server without a token');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
  });
});
