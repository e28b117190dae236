import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import OpenAI from 'openai';
import type { Page } from 'playwright-core';
import { upstreamEnv } from '../../server/src/gateway/tests/gateway-fixture.ts';
import { type MockUpstream, startMockUpstream } from '../../server/src/mock-upstream/server.ts';
import { type E2eEnv, logIn, startE2e, uniqueEmail } from './harness.ts';

/** Where the walk's screenshots go: kept by CI as artifacts, never committed. */
const ARTIFACTS = join(
  process.env.E2E_ARTIFACTS_DIR ?? new URL('../../../test-artifacts', import.meta.url).pathname,
  'walkthrough',
);
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Every call that failed and every console error a page shows, for the 'nothing broke' check. */
function watchForProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('response', (res) => {
    if (res.status() >= 400)
      problems.push(`${res.status()} ${res.request().method()} ${res.url()}`);
  });
  page.on('requestfailed', (req) => {
    const reason = req.failure()?.errorText ?? '';
    // Leaving a page (page.goto) cancels the calls still in flight: the browser, not the server,
    // ended those, and the next page asks again.
    if (reason === 'net::ERR_ABORTED') return;
    problems.push(`failed ${req.method()} ${req.url()}: ${reason}`);
  });
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console on ${page.url()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  return problems;
}

async function shoot(page: Page, name: string, width: number): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}-${width}.png`), fullPage: true });
}

describe('a new user walks the whole product', { timeout: 600_000 }, () => {
  let mock: MockUpstream;
  let e2e: E2eEnv;
  before(async () => {
    mock = await startMockUpstream();
    e2e = await startE2e({ env: { ...upstreamEnv(mock), UPSTREAM_MAX_RETRIES: '0' } });
  });
  after(async () => {
    await e2e?.close();
    await mock?.close();
  });

  test('signup, trial, keys, a first request, its details, a vote, an alert, a teammate, logout', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP });
    const problems = watchForProblems(page);
    const email = uniqueEmail('walker');
    const password = 'walk-the-product-1';
    // Screens reached on the way, shot again at phone width afterwards.
    const visited: { name: string; path: string; ready: string }[] = [];
    const nav = (name: string) =>
      page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name, exact: true })
        .click();
    const arrive = async (name: string, ready: string) => {
      await page.getByRole('heading', { name: ready, exact: true }).first().waitFor();
      visited.push({ name, path: new URL(page.url()).pathname, ready });
      await shoot(page, name, DESKTOP.width);
    };

    await page.goto('/signup');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByLabel('Confirm Password').fill(password);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/billing');
    await page.getByRole('button', { name: 'Start Free Trial' }).click();
    await page.waitForURL('**/billing?checkout=success');
    await page.getByText('Checkout complete').waitFor();
    await arrive('billing', 'Billing');

    // The dashboard opens with the checklist; nothing is done yet.
    await nav('Dashboard');
    const checklist = page.getByRole('region', { name: 'Getting started' });
    await checklist.getByText('Create a gateway key (to do)').waitFor();
    await checklist.getByText('Add a provider key (to do)').waitFor();
    await checklist.getByText('Send a first request (to do)').waitFor();
    await arrive('dashboard-new', 'Dashboard');

    // Step 1 from the checklist itself: the snippets then carry the new key.
    await checklist.getByRole('button', { name: 'Create key' }).click();
    await checklist.getByText('Create a gateway key (done)').waitFor();
    const curl = checklist.getByRole('tabpanel').locator('pre');
    await curl.getByText(/Bearer tw_/).waitFor();
    const gatewayKey = /Bearer (tw_\S+)"/.exec((await curl.textContent()) ?? '')?.[1];
    assert.ok(gatewayKey, 'the curl snippet holds the new key');
    assert.match(
      (await curl.textContent()) ?? '',
      new RegExp(`${e2e.server.url}/v1/chat/completions`),
    );

    // Step 2: a provider key in Settings.
    await checklist.getByRole('link', { name: 'Add it in Settings' }).click();
    await page.waitForURL('**/settings');
    const form = page.getByRole('form', { name: 'Add provider key' });
    await form.getByLabel(/^Provider/).click();
    await page.getByRole('option', { name: 'OpenAI' }).click();
    await form.getByLabel(/^API Key/).fill('sk-walkthrough-secret');
    await form.getByRole('button', { name: 'Add Provider Key' }).click();
    await page.getByText('Provider key added').waitFor();
    await arrive('settings', 'Settings');

    await nav('Dashboard');
    await checklist.getByText('Add a provider key (done)').waitFor();
    await checklist.getByText('Send a first request (to do)').waitFor();

    // Step 3: the application's own SDK, pointed at the gateway with the key from the snippet.
    const openai = new OpenAI({
      apiKey: gatewayKey,
      baseURL: `${e2e.server.url}/v1`,
      maxRetries: 0,
    });
    const question = 'Walkthrough: what is the capital of Portugal?';
    const answer = await openai.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: question }],
    });
    assert.ok(answer.choices[0]?.message.content, 'the mock provider answered through the gateway');

    // The checklist ticks itself off and goes away; the request is on the dashboard.
    await checklist.waitFor({ state: 'detached', timeout: 30_000 });
    const row = page.getByTestId('request-row').first();
    await row.waitFor({ timeout: 30_000 });
    await arrive('dashboard', 'Dashboard');

    await page.locator('a[href^="/requests/"]').first().click();
    await page.waitForURL('**/requests/**');
    await page.getByRole('heading', { name: 'Text Comparison' }).waitFor();
    await page.getByText(question).first().waitFor();
    await arrive('request-detail', 'Text Comparison');

    await nav('Evaluations');
    const item = page.getByTestId('eval-item').first();
    await item.getByRole('button', { name: 'Thumbs up' }).click();
    await item.getByRole('button', { name: 'Thumbs up', pressed: true }).waitFor();
    await arrive('evals', 'Evaluations');

    await nav('Alerts');
    await page.getByRole('button', { name: 'Create Alert' }).click();
    const modal = page.getByRole('dialog', { name: 'Create New Alert' });
    await modal.getByLabel('Alert Name').fill('Monthly budget');
    await modal.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('button', { name: 'Done' }).click();
    const alertRow = page.getByTestId('alert-row').filter({ hasText: 'Monthly budget' });
    await alertRow
      .getByRole('button', { name: 'Send test notification for Monthly budget' })
      .click();
    await page
      .getByText('Test notification sent for "Monthly budget"!', { exact: false })
      .waitFor();
    await arrive('alerts', 'Alerts & Notifications');

    await nav('Team');
    const invite = page.getByRole('form', { name: 'Invite a team member' });
    const teammate = uniqueEmail('teammate');
    await invite.getByLabel('Email').fill(teammate);
    await invite.getByRole('button', { name: 'Send Invite' }).click();
    await page.getByText(`Invitation sent to ${teammate}`).waitFor();
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByTestId('member-row').filter({ hasText: teammate }).waitFor();
    await arrive('team', 'Team');

    // The screens not on the way are visited too, so every screen is shot and checked.
    for (const [name, link, ready] of [
      ['api-keys', 'API Keys', 'API Keys'],
      ['optimization', 'Optimization', 'Optimization'],
      ['semantic-cache', 'Semantic Cache', 'Semantic Cache'],
      ['routing', 'Smart Routing', 'Smart Routing'],
      ['savings', 'Savings', 'Savings'],
    ] as const) {
      await nav(link);
      await arrive(name, ready);
    }

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    assert.deepEqual(problems, [], 'no failed call and no console error on any screen');

    // The same screens at phone width, as the same user.
    const phone = await e2e.newPage({ viewport: PHONE });
    const phoneProblems = watchForProblems(phone);
    await logIn(phone, email, password);
    for (const screen of visited) {
      await phone.goto(screen.path);
      await phone.getByRole('heading', { name: screen.ready, exact: true }).first().waitFor();
      await shoot(phone, screen.name, PHONE.width);
    }
    assert.deepEqual(phoneProblems, [], 'no failed call and no console error at phone width');
  });
});
