import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import OpenAI from 'openai';
import type { Page } from 'playwright-core';
import { type MockUpstream, startMockUpstream } from '../../server/src/mock-upstream/server.ts';
import { proveMailbox, signUpSubscribed } from '../../server/src/testing/test-server.ts';
import { type E2eEnv, logIn, startE2e } from './harness.ts';

const SUPERADMIN = 'csp-boss@example.com';

// Runs before any page script, in every document of the context: the page's own policy does not
// apply to it, so it sees every violation, including ones during the first render.
const RECORD_VIOLATIONS = `
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    window.__cspViolations.push(
      e.effectiveDirective + ' blocked ' + (e.blockedURI || 'inline') + ' at ' +
        e.sourceFile + ':' + e.lineNumber + ' ' + (e.sample || ''),
    );
  });
`;

/** The violations recorded in the current document, once queued reports have been dispatched. */
async function violationsSoFar(page: Page): Promise<string[]> {
  // Violation events are queued as tasks; a task queued after them runs after them.
  return page.evaluate<string[]>(
    'new Promise((resolve) => setTimeout(() => resolve([...window.__cspViolations]), 0))',
  );
}

/** Opens `path`, waits for the screen's heading and for its data (no spinner left). */
async function visit(page: Page, path: string, heading: string): Promise<string[]> {
  await page.goto(path);
  await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
  await page.locator('.mantine-Loader-root').first().waitFor({ state: 'detached' });
  return (await violationsSoFar(page)).map((v) => `${path}: ${v}`);
}

describe('Content-Security-Policy on the built dashboard', { timeout: 600_000 }, () => {
  let mock: MockUpstream;
  let e2e: E2eEnv;
  let user: Awaited<ReturnType<typeof signUpSubscribed>>;
  let requestId: string;

  before(async () => {
    mock = await startMockUpstream();
    e2e = await startE2e({
      env: { OPENAI_BASE_URL: mock.baseUrls.openai, SUPERADMIN_EMAILS: SUPERADMIN },
    });
    user = await proveMailbox(e2e.server, await signUpSubscribed(e2e.server, SUPERADMIN));
    const key = await user.api('POST', '/v1/keys', { name: 'csp traffic' });
    await user.api('POST', '/v1/provider-keys', { provider: 'openai', api_key: 'sk-test-key' });
    const openai = new OpenAI({
      apiKey: key.body.key,
      baseURL: `${e2e.server.url}/v1`,
      maxRetries: 0,
    });
    // A little traffic, so the dashboard, savings and request screens draw tables and charts.
    for (const model of ['gpt-4o-mini', 'gpt-4o', 'gpt-4o-mini']) {
      const { response } = await openai.chat.completions
        .create({ model, messages: [{ role: 'user', content: `Summarise report for ${model}` }] })
        .withResponse();
      requestId = response.headers.get('x-request-id') ?? '';
    }
    await e2e.server.app.gateway.logs.flush();
  });
  after(async () => {
    await e2e?.close();
    await mock?.close();
  });

  test('the page carries a strict policy with a fresh style nonce per load', async () => {
    const first = await fetch(`${e2e.server.url}/login`);
    const second = await fetch(`${e2e.server.url}/login`);
    const csp = first.headers.get('content-security-policy') ?? '';
    assert.match(csp, /script-src 'self'(;|$)/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    assert.match(first.headers.get('permissions-policy') ?? '', /camera=\(\)/);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? '';
    assert.ok(nonce.length >= 16, 'a nonce of 16 random bytes');
    // A base64 nonce holds '+' and '/', so it is looked for as text, not as a pattern.
    assert.ok((await first.text()).includes(`<meta property="csp-nonce" nonce="${nonce}"`));
    assert.notEqual(second.headers.get('content-security-policy'), csp);
  });

  test('every main screen renders with zero CSP violations', async () => {
    const page = await e2e.newPage();
    await page.addInitScript(RECORD_VIOLATIONS);
    const policyErrors: string[] = [];
    page.on('console', (msg) => {
      if (/Content Security Policy|Permissions-Policy/i.test(msg.text())) {
        policyErrors.push(`${page.url()}: ${msg.text()}`);
      }
    });
    page.on('pageerror', (err) => policyErrors.push(`${page.url()}: ${err.message}`));

    const found: string[] = [];
    found.push(...(await visit(page, '/login', 'Sign in')));
    // Mantine's own <style> elements are there (with the nonce), so the style path is exercised.
    assert.ok((await page.locator('style[data-mantine-styles]').count()) > 0);
    found.push(...(await visit(page, '/forgot-password', 'Forgot Password')));
    found.push(...(await visit(page, '/reset-password?token=abc', 'Reset Password')));

    // A form error, with its alert styles, through a real submit.
    found.push(...(await visit(page, '/signup', 'Create your account')));
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByLabel(/^Password/).fill('short');
    await page.getByLabel('Confirm Password').fill('short');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Password must be at least 8 characters long').waitFor();
    found.push(...(await violationsSoFar(page)));

    await logIn(page, user.email, user.password);
    await page.getByTestId('request-row').nth(2).waitFor();
    found.push(...(await violationsSoFar(page)));
    const screens: [path: string, heading: string][] = [
      ['/dashboard', 'Dashboard'],
      [`/requests/${requestId}`, 'Request Details'],
      ['/api-keys', 'API Keys'],
      ['/optimization', 'Optimization'],
      ['/semantic-cache', 'Semantic Cache'],
      ['/routing', 'Smart Routing'],
      ['/savings', 'Savings'],
      ['/evals', 'Evaluations'],
      ['/alerts', 'Alerts & Notifications'],
      ['/team', 'Team'],
      ['/settings', 'Settings'],
      ['/billing', 'Billing'],
      ['/admin/users', 'User Management'],
      ['/admin/accounts', 'Account Management'],
      ['/change-password', 'Change Password'],
    ];
    for (const [path, heading] of screens) found.push(...(await visit(page, path, heading)));

    // The mobile menu opens and closes (transitions, overlays) under the same policy.
    await page.setViewportSize({ width: 390, height: 800 });
    await visit(page, '/dashboard', 'Dashboard');
    await page.getByRole('button', { name: 'Toggle navigation menu' }).click();
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
    found.push(...(await violationsSoFar(page)));

    assert.deepEqual(found, [], 'no CSP violation events');
    assert.deepEqual(policyErrors, [], 'no CSP or Permissions-Policy console errors');
  });
});
