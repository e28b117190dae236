import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { logRow, writeLogs } from '../../server/src/features/analytics/testing/log-rows.ts';
import { signUpSubscribed } from '../../server/src/testing/test-server.ts';
import { type E2eEnv, logIn, startE2e, storedSession, uniqueEmail } from './harness.ts';

type Subscriber = Awaited<ReturnType<typeof signUpSubscribed>>;

// A 100-character name with nowhere to break a line (no space, no hyphen): the worst case for a
// table cell and a dialog line.
const LONG_NAME = 'BillingServiceEuWest1Production'.repeat(4).slice(0, 100);

/** The most any box around the element (up to the page) is pushed sideways by its content. */
function overflowAround(locator: Locator): Promise<number> {
  return locator.evaluate((el) => {
    let most = 0;
    for (let box = el.parentElement; box; box = box.parentElement) {
      most = Math.max(most, box.scrollWidth - box.clientWidth);
    }
    return most;
  });
}

/** Whether the element's box lies inside the window, left to right. */
async function insideViewport(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const width = locator.page().viewportSize()?.width ?? 0;
  return box !== null && box.width > 0 && box.x >= 0 && box.x + box.width <= width;
}

/**
 * Makes one GET fail with a 500 until `heal()` is called: a list's load failing on the server,
 * every retry the query makes on its own failing too.
 */
async function failWhileBroken(page: Page, pathname: string) {
  let broken = true;
  await page.route(
    (url) => url.pathname === pathname,
    (route) =>
      broken && route.request().method() === 'GET'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{}' })
        : route.fallback(),
  );
  return {
    heal: () => {
      broken = false;
    },
  };
}

describe('rough edges a new user meets', { timeout: 600_000 }, () => {
  let e2e: E2eEnv;
  before(async () => {
    e2e = await startE2e();
  });
  after(() => e2e?.close());

  async function signedIn(): Promise<{ page: Page; user: Subscriber }> {
    const user = await signUpSubscribed(e2e.server);
    const page = await e2e.newPage();
    await logIn(page, user.email, user.password);
    return { page, user };
  }

  test('an unknown address shows Page not found with a way back, signed in or not', async () => {
    const visitor = await e2e.newPage();
    await visitor.goto('/no-such-page');
    await visitor.getByRole('heading', { name: 'Page not found' }).waitFor();
    assert.equal(new URL(visitor.url()).pathname, '/no-such-page', 'no silent redirect');
    await visitor.getByText('/no-such-page').waitFor();
    await visitor.getByRole('link', { name: 'Go to Sign in' }).click();
    await visitor.getByRole('button', { name: 'Sign in', exact: true }).waitFor();

    const { page } = await signedIn();
    await page.goto('/reports/2026/old-link');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  });

  test('/change-password leads back to the dashboard, or offers logout while a change is required', async () => {
    const { page } = await signedIn();
    await page.goto('/change-password');
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    // A user whose password an admin reset: held at /change-password, so the way out is logout.
    const held = await signUpSubscribed(e2e.server);
    await e2e.server.deps.db.kysely
      .updateTable('users')
      .set({ password_reset_required: 1 })
      .where('id', '=', held.userId)
      .execute();
    const heldPage = await e2e.newPage();
    await logIn(heldPage, held.email, held.password);
    await heldPage.getByRole('heading', { name: 'Change Password' }).waitFor();
    assert.equal(await heldPage.getByRole('link', { name: 'Back to Dashboard' }).count(), 0);
    await heldPage.getByRole('button', { name: 'Log out' }).click();
    await heldPage.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    assert.deepEqual(await storedSession(heldPage), { token: null, user: null });
  });

  test('a 100-character key name is cut with a tooltip: Delete stays in view, nothing overflows', async () => {
    const { page, user } = await signedIn();
    const made = await user.api('POST', '/v1/keys', { name: LONG_NAME });
    assert.equal(made.status, 201);
    await page.goto('/api-keys');
    const table = page.getByRole('table', { name: 'API keys' });
    const del = table.getByRole('button', { name: `Delete ${LONG_NAME}` });
    await del.waitFor();
    assert.ok(await insideViewport(del), 'Delete is in view at desktop width');
    assert.ok(await insideViewport(table.getByText('Active')), 'the Active badge is in view');
    assert.equal(await overflowAround(table), 0, 'neither the table nor the page scrolls sideways');

    await table.getByText(LONG_NAME).hover();
    await page.getByRole('tooltip').getByText(LONG_NAME).waitFor();

    await page.getByRole('button', { name: 'New API Key' }).click();
    await page.getByLabel('Key Name').fill(LONG_NAME);
    await page.getByRole('button', { name: 'Create Key' }).click();
    const created = page.getByRole('alert').filter({ has: page.getByTestId('new-api-key') });
    const message = created.getByText(`The key "${LONG_NAME}" is ready`);
    await message.waitFor();
    assert.equal(await overflowAround(message), 0, 'the notice holds the name and the key');
    assert.ok(await insideViewport(created.getByRole('button', { name: 'Done' })));
  });

  test('signup shows readable sentences: an over-long email, then the spec text for a taken one', async () => {
    const page = await e2e.newPage();
    const fill = async (email: string) => {
      await page.getByLabel('Email').fill(email);
      await page.getByLabel(/^Password/).fill('long-enough-1');
      await page.getByLabel('Confirm Password').fill('long-enough-1');
      await page.getByRole('button', { name: 'Create Account' }).click();
    };
    await page.goto('/signup');
    await page.getByRole('checkbox').check();
    await fill(`${'a'.repeat(250)}@example.com`);
    await page.getByText('Email must be at most 254 characters').waitFor();
    assert.equal(await page.getByText(/Too big|expected string/).count(), 0);

    const taken = await signUpSubscribed(e2e.server, uniqueEmail('taken'));
    await fill(taken.email);
    await page.getByText('Failed to create account. Email may already be in use.').waitFor();
  });

  const failingLists = [
    {
      path: '/api-keys',
      api: '/v1/keys',
      error: 'Failed to load API keys',
      loaded: 'No API keys yet',
    },
    {
      path: '/settings',
      api: '/v1/provider-keys',
      error: 'Failed to load provider keys',
      loaded: 'No provider keys yet',
    },
    {
      path: '/alerts',
      api: '/v1/alerts',
      error: 'Failed to load alerts',
      loaded: 'No alerts configured',
    },
    {
      path: '/evals',
      api: '/v1/evals',
      error: 'Failed to load evaluation data',
      loaded: 'No evaluations yet',
    },
    {
      path: '/dashboard',
      api: '/v1/analytics',
      error: 'Failed to load analytics',
      loaded: 'Recent Requests',
    },
  ];
  test('a list that fails to load says so, and Retry loads it', async () => {
    const { page, user } = await signedIn();
    const lists = [
      ...failingLists,
      {
        path: '/team',
        api: `/v1/accounts/${user.accountId}`,
        error: 'Failed to load team members',
        loaded: 'Team Members (1)',
      },
    ];
    for (const list of lists) {
      const failing = await failWhileBroken(page, list.api);
      await page.goto(list.path);
      const notice = page.getByRole('alert').filter({ hasText: list.error });
      await notice.waitFor();
      failing.heal();
      await notice.getByRole('button', { name: 'Retry' }).click();
      await page.getByText(list.loaded).first().waitFor();
      await notice.waitFor({ state: 'detached' });
      await page.unrouteAll();
    }
  });

  test('/evals pages 50 at a time and shows how an app votes with its gateway key', async () => {
    const { page, user } = await signedIn();
    const now = Date.now();
    await writeLogs(
      e2e.server,
      Array.from({ length: 60 }, (_, i) => logRow(user.accountId, now - (i + 1) * 1000)),
    );
    await page.goto('/evals');
    const footer = page.getByTestId('list-footer');
    await footer.getByText('Showing 50 of 60 total evaluations').waitFor();
    await page.getByRole('button', { name: 'Load more' }).click();
    await footer.getByText('Showing 60 of 60 total evaluations').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Load more' }).count(), 0);
    await page.getByText('Authorization: Bearer $TOKENWISE_API_KEY').waitFor();
    assert.equal(await page.getByText(/session token|POST \/v1\/auth\/login/).count(), 0);
  });
});
