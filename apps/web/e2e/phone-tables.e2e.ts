import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import OpenAI from 'openai';
import type { Locator, Page } from 'playwright-core';
import { type MockUpstream, startMockUpstream } from '../../server/src/mock-upstream/server.ts';
import { proveMailbox, signUpSubscribed } from '../../server/src/testing/test-server.ts';
import {
  type E2eEnv,
  logIn,
  overflowsSideways,
  saveArtifact,
  startE2e,
  uniqueEmail,
} from './harness.ts';

const OWNER = 'phone-owner@example.com';
const ALERT_NAME = 'Daily budget';
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

/** A table on wide screens, its list of cards on a phone: the same accessible name either way. */
function dataTable(page: Page, name: string | RegExp): Locator {
  return page
    .getByRole('table', { name, exact: true })
    .or(page.getByRole('list', { name, exact: true }));
}

/** The row (or card) of `table` that mentions `text`. */
function rowOf(table: Locator, text: string): Locator {
  return table.locator('tbody tr, [role=listitem]').filter({ hasText: text }).first();
}

/** A row's value in the column `label`, in the table cell or on the card alike. */
function cellOf(row: Locator, label: string): Locator {
  return row.locator(`[data-label="${label}"]`);
}

/** The little of `window` the check below uses (the e2e tests compile without the DOM library). */
interface BrowserWindow {
  innerHeight: number;
  scrollBy(x: number, y: number): void;
  requestAnimationFrame(callback: () => void): number;
  document: {
    documentElement: { clientWidth: number };
    elementFromPoint(x: number, y: number): unknown;
  };
}

/** Frames to wait for an opening panel or a settling layout (about 2 s at 60 frames a second). */
const SETTLE_FRAMES = 120;

/**
 * Fails unless the element lies wholly inside the screen's width and is what a person sees at its
 * middle once the page is scrolled (only up or down) to it: nothing clips or covers it. Measured
 * again each frame until it holds or SETTLE_FRAMES pass, since an accordion may still be opening.
 */
async function assertOnScreen(element: Locator, what: string): Promise<void> {
  await element.waitFor();
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  const seen = await element.evaluate(async (el, frames) => {
    const page = globalThis as unknown as BrowserWindow;
    for (let framesLeft = frames; ; framesLeft--) {
      const first = el.getBoundingClientRect();
      page.scrollBy(0, first.top + first.height / 2 - page.innerHeight / 2);
      const box = el.getBoundingClientRect();
      const hit = page.document.elementFromPoint(
        box.left + box.width / 2,
        box.top + box.height / 2,
      );
      const seen = {
        left: box.left,
        right: box.right,
        width: page.document.documentElement.clientWidth,
        uncovered: hit !== null && el.contains(hit as typeof el),
      };
      if ((seen.uncovered && seen.left >= 0 && seen.right <= seen.width) || framesLeft <= 0) {
        return seen;
      }
      await new Promise((resolve) => page.requestAnimationFrame(() => resolve(null)));
    }
  }, SETTLE_FRAMES);
  assert.ok(
    seen.left >= 0 && seen.right <= seen.width,
    `${what} lies outside the screen: ${seen.left}..${seen.right} of ${seen.width} px`,
  );
  assert.ok(seen.uncovered, `${what} is clipped or covered`);
}

/** The little of an element the check below reads (the e2e tests compile without the DOM library). */
interface MeasuredElement {
  scrollWidth: number;
  clientWidth: number;
  textContent: string | null;
}

/**
 * The texts inside `element` that the browser shows cut short with an ellipsis: wider than their
 * box, which hides the rest (a badge read as "CACHE …" or "ENA…").
 */
async function cutShortTexts(element: Locator): Promise<string[]> {
  await element.first().waitFor();
  return element.evaluateAll((roots) => {
    const { getComputedStyle } = globalThis as unknown as {
      getComputedStyle(el: unknown): { textOverflow: string; overflowX: string };
    };
    const cut: string[] = [];
    for (const root of roots) {
      const all = [
        root,
        ...(root as unknown as { querySelectorAll(s: string): unknown[] }).querySelectorAll('*'),
      ];
      for (const el of all as MeasuredElement[]) {
        const style = getComputedStyle(el);
        const hides = style.textOverflow === 'ellipsis' && style.overflowX !== 'visible';
        if (hides && el.scrollWidth > el.clientWidth) cut.push(el.textContent ?? '');
      }
    }
    return cut;
  });
}

interface Screen {
  name: string;
  path: string;
  /** Brings the screen to the state shown (a tab, an opened card); returns the key elements. */
  open: (page: Page) => Promise<Array<[what: string, element: Locator]>>;
}

describe('every table fits a phone and a desktop', { timeout: 600_000 }, () => {
  let mock: MockUpstream;
  let e2e: E2eEnv;
  let owner: Awaited<ReturnType<typeof signUpSubscribed>>;
  const teammate = uniqueEmail('teammate-with-a-rather-long-address');

  before(async () => {
    mock = await startMockUpstream();
    e2e = await startE2e({
      env: { OPENAI_BASE_URL: mock.baseUrls.openai, SUPERADMIN_EMAILS: OWNER },
    });
    owner = await proveMailbox(e2e.server, await signUpSubscribed(e2e.server, OWNER));
    const key = await owner.api('POST', '/v1/keys', { name: 'Production backend' });
    assert.equal(key.status, 201);
    const provider = await owner.api('POST', '/v1/provider-keys', {
      provider: 'openai',
      api_key: 'openai-secret-key',
      label: 'main',
    });
    assert.equal(provider.status, 201);
    const invite = await owner.api('POST', `/v1/accounts/${owner.accountId}/members`, {
      email: teammate,
      role: 'member',
    });
    assert.equal(invite.status, 201);
    const alert = await owner.api('POST', '/v1/alerts', {
      name: ALERT_NAME,
      conditions: { threshold: 25, period: '1d' },
    });
    assert.equal(alert.status, 201);

    const openai = new OpenAI({
      apiKey: key.body.key,
      baseURL: `${e2e.server.url}/v1`,
      maxRetries: 0,
    });
    const ask = (model: string, content: string) =>
      openai.chat.completions.create({ model, messages: [{ role: 'user', content }] });
    await ask('gpt-4o-mini', 'How do I reset the password of my account?');
    await ask('gpt-4o', 'Summarise the quarterly report in three bullet points.');
    // The same question again is answered from the cache: the newest row wears the badge.
    await ask('gpt-4o-mini', 'How do I reset the password of my account?');
    await e2e.server.app.gateway.logs.flush();
    await e2e.server.app.gateway.cache.flushHits();
  });
  after(async () => {
    await e2e?.close();
    await mock?.close();
  });

  const screens: Screen[] = [
    {
      name: 'dashboard',
      path: '/dashboard',
      async open(page) {
        const requests = dataTable(page, 'Recent requests');
        const newest = rowOf(requests, 'CACHE HIT');
        const models = dataTable(page, 'Model Performance');
        const mini = rowOf(models, 'gpt-4o-mini');
        await cellOf(mini, 'Avg Latency').waitFor();
        // The chevron opens the request's texts in its row or card, at any width.
        await newest.getByRole('button', { name: 'Show texts' }).click();
        await page.getByText('How do I reset the password of my account?').first().waitFor();
        return [
          ...['Tokens Used', 'Tokens Saved', 'Latency', 'Time'].map(
            (label) => [`request ${label}`, cellOf(newest, label)] as [string, Locator],
          ),
          ['cache badge', newest.getByText('CACHE HIT')],
          ['View Details', newest.getByRole('link', { name: 'View Details' })],
          ['Hide texts', newest.getByRole('button', { name: 'Hide texts' })],
          ['model Requests', cellOf(mini, 'Requests')],
          ['model Avg Latency', cellOf(mini, 'Avg Latency')],
          [
            'provider Cost Savings',
            cellOf(rowOf(dataTable(page, 'Provider Performance'), 'openai'), 'Cost Savings'),
          ],
        ];
      },
    },
    {
      name: 'api-keys',
      path: '/api-keys',
      async open(page) {
        const row = rowOf(dataTable(page, 'API keys'), 'Production backend');
        return [
          ['key value', cellOf(row, 'Key')],
          ['Last Used', cellOf(row, 'Last Used')],
          ['Delete', row.getByRole('button', { name: 'Delete Production backend' })],
        ];
      },
    },
    {
      name: 'settings',
      path: '/settings',
      async open(page) {
        const row = rowOf(dataTable(page, 'Provider keys'), 'OpenAI');
        return [
          ['Last Used', cellOf(row, 'Last Used')],
          ['Delete', row.getByRole('button', { name: /^Delete OpenAI key/ })],
        ];
      },
    },
    {
      name: 'semantic-cache-overview',
      path: '/semantic-cache',
      async open(page) {
        // The per-request header table, the widest text of the overview.
        return [['cache TTL header', page.getByText('x-tokenwise-cache-ttl: <seconds>')]];
      },
    },
    {
      name: 'semantic-cache-entries',
      path: '/semantic-cache',
      async open(page) {
        await page.getByRole('tab', { name: 'Cached Entries' }).click();
        const row = rowOf(dataTable(page, 'Cached entries'), 'reset the password');
        return [
          ['Hits', cellOf(row, 'Hits')],
          ['Last Hit', cellOf(row, 'Last Hit')],
          ['Delete', row.getByRole('button', { name: 'Delete entry' })],
        ];
      },
    },
    {
      name: 'semantic-cache-analytics',
      path: '/semantic-cache',
      async open(page) {
        await page.getByRole('tab', { name: 'Analytics' }).click();
        const row = rowOf(dataTable(page, 'By Model'), 'gpt-4o-mini');
        return [['Tokens Saved', cellOf(row, 'Tokens Saved')]];
      },
    },
    {
      name: 'evals',
      path: '/evals',
      async open(page) {
        const item = page.getByTestId('eval-item').first();
        return [
          ['Thumbs up', item.getByRole('button', { name: 'Thumbs up' })],
          ['Thumbs down', item.getByRole('button', { name: 'Thumbs down' })],
        ];
      },
    },
    {
      name: 'alerts',
      path: '/alerts',
      async open(page) {
        const row = page.getByTestId('alert-row').filter({ hasText: ALERT_NAME });
        return [
          ['Disable', row.getByRole('button', { name: 'Disable' })],
          ['Delete', row.getByRole('button', { name: `Delete ${ALERT_NAME}` })],
        ];
      },
    },
    {
      name: 'team',
      path: '/team',
      async open(page) {
        const row = rowOf(dataTable(page, 'Team members'), teammate);
        return [
          ['Role', page.getByLabel(`Role for ${teammate}`)],
          ['Joined', cellOf(row, 'Joined')],
          ['Remove', row.getByRole('button', { name: `Remove ${teammate}` })],
        ];
      },
    },
    {
      name: 'admin-users',
      path: '/admin/users',
      async open(page) {
        const row = rowOf(dataTable(page, 'Users'), teammate);
        return [
          ['Created', cellOf(row, 'Created')],
          ['Delete', row.getByRole('button', { name: `Delete ${teammate}` })],
        ];
      },
    },
    {
      name: 'admin-accounts',
      path: '/admin/accounts',
      async open(page) {
        await page.getByPlaceholder(/Search by account name or member email/).fill(teammate);
        await page.getByText('Showing 1 of 1 total accounts').waitFor();
        await page.getByTestId('account-card').getByRole('button').first().click();
        const row = rowOf(dataTable(page, /^Members of /), teammate);
        return [
          ['Joined', cellOf(row, 'Joined')],
          ['Role', cellOf(row, 'Role')],
        ];
      },
    },
  ];

  for (const viewport of VIEWPORTS) {
    test(`at ${viewport.width}x${viewport.height} no screen scrolls sideways and every key value and action is on screen`, async () => {
      const page = await e2e.newPage({ viewport });
      await logIn(page, owner.email, owner.password);
      for (const screen of screens) {
        await page.goto(screen.path);
        const keys = await screen.open(page);
        for (const [what, element] of keys)
          await assertOnScreen(element, `${screen.name}: ${what}`);
        assert.equal(await overflowsSideways(page), false, `${screen.name} scrolls sideways`);
        await saveArtifact(page, `${screen.name}-${viewport.width}`);
      }
    });
  }
  // A badge or a model name is a word or two to be read whole. The request table's Flags column,
  // squeezed to its narrowest (here at 1024 px; the demo's long model names do it at 1280 px), cut
  // "CACHE HIT" to "CACHE …"; on a phone an alert's buttons squeezed its text to a sliver
  // ("ENA…"); on a tablet the tier cards cut their model names (decision 110).
  test('no badge or model name is cut short at a laptop, a tablet or a phone width', async () => {
    const widths: Array<[path: string, width: number, element: (page: Page) => Locator]> = [
      ['/dashboard', 1024, (page) => dataTable(page, 'Recent requests').getByText('CACHE HIT')],
      ['/alerts', 390, (page) => page.getByTestId('alert-row')],
      ['/routing', 768, (page) => page.getByText('claude-haiku-4-5', { exact: true })],
    ];
    const cut: string[] = [];
    for (const [path, width, element] of widths) {
      const page = await e2e.newPage({ viewport: { width, height: 900 } });
      await logIn(page, owner.email, owner.password);
      await page.goto(path);
      for (const text of await cutShortTexts(element(page)))
        cut.push(`${path} at ${width} px: ${text}`);
    }
    assert.deepEqual(cut, []);
  });
});
