import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import OpenAI from 'openai';
import type { Locator, Page } from 'playwright-core';
import { type MockUpstream, startMockUpstream } from '../../server/src/mock-upstream/server.ts';
import { signUpSubscribed } from '../../server/src/testing/test-server.ts';
import { type E2eEnv, logIn, startE2e } from './harness.ts';

/** One more than a page of the recent-requests table, so Load More has something to load. */
const SUCCESSES = 26;
const ERROR_TEXT = 'The upstream model crashed';
/** Every third success goes to the larger model, so the model table has two rows. */
const usesBigModel = (i: number) => i % 3 === 0;
const BIG_MODEL_REQUESTS = Array.from({ length: SUCCESSES }, (_, i) => i).filter(
  usesBigModel,
).length;

type User = Awaited<ReturnType<typeof signUpSubscribed>>;

/** Sends real chat completions through the gateway with the official SDK; returns their ids. */
async function sendTraffic(openai: OpenAI, mock: MockUpstream): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < SUCCESSES; i++) {
    const { response } = await openai.chat.completions
      .create({
        model: usesBigModel(i) ? 'gpt-4o' : 'gpt-4o-mini',
        messages: [
          {
            role: 'user',
            content: `Could you please kindly write a short summary of quarterly report number ${i}?`,
          },
        ],
      })
      .withResponse();
    ids.push(response.headers.get('x-request-id') ?? '');
  }
  // The gateway retries a 5xx twice (UPSTREAM_MAX_RETRIES), so three failures make one error.
  for (let attempt = 0; attempt < 3; attempt++) {
    mock.enqueue({ status: 500, errorMessage: ERROR_TEXT }, 'openai');
  }
  await assert.rejects(
    openai.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'This one fails upstream' }],
    }),
  );
  return ids;
}

/** What a person reads in an element (textContent: no layout-dependent spacing). */
const textOf = async (locator: Locator) => (await locator.textContent()) ?? '';
const requestRows = (page: Page) => page.getByTestId('request-row');
const statValue = (page: Page, label: string) =>
  page.getByRole('group', { name: label, exact: true }).getByTestId('stat-value');

/** Clicks an export button and returns the file the browser saved. */
async function download(page: Page, button: string): Promise<{ name: string; body: string }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  const path = await file.path();
  return { name: file.suggestedFilename(), body: await readFile(path, 'utf8') };
}

/** Waits until exactly `n` elements match: the n-th is there and no (n+1)-th. */
async function waitForCount(locator: Locator, n: number): Promise<void> {
  await locator.nth(n - 1).waitFor({ state: 'attached' });
  await locator.nth(n).waitFor({ state: 'detached' });
}

async function chooseOption(page: Page, field: string, option: string): Promise<void> {
  await page.getByRole('textbox', { name: field, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('analytics screens against real gateway traffic', { timeout: 600_000 }, () => {
  let mock: MockUpstream;
  let e2e: E2eEnv;
  let user: User;
  let requestIds: string[];

  before(async () => {
    mock = await startMockUpstream();
    e2e = await startE2e({
      env: { OPENAI_BASE_URL: mock.baseUrls.openai, UPSTREAM_MAX_RETRIES: '2' },
    });
    user = await signUpSubscribed(e2e.server);
    const key = await user.api('POST', '/v1/keys', { name: 'e2e traffic' });
    assert.equal(key.status, 201);
    const providerKey = await user.api('POST', '/v1/provider-keys', {
      provider: 'openai',
      api_key: 'openai-secret-key',
      label: 'main',
    });
    assert.equal(providerKey.status, 201);
    const openai = new OpenAI({
      apiKey: key.body.key,
      baseURL: `${e2e.server.url}/v1`,
      maxRetries: 0,
    });
    requestIds = await sendTraffic(openai, mock);
    // The request log is written behind the response; wait for it before reading any screen.
    await e2e.server.app.gateway.logs.flush();
  });
  after(async () => {
    await e2e?.close();
    await mock?.close();
  });

  test('the dashboard counts the traffic, pages through it and filters it', async () => {
    const page = await e2e.newPage();
    await logIn(page, user.email, user.password);
    await page.waitForURL('**/dashboard');

    const total = SUCCESSES + 1;
    await page.getByText(`Showing 25 of ${total} total requests`).waitFor();
    assert.equal(await textOf(statValue(page, 'Total Requests')), String(total));
    assert.match(await textOf(statValue(page, 'Cost Savings')), /^\$\d+\.\d{2}$/);
    assert.match(await textOf(statValue(page, 'Avg Latency')), /^\d[\d,]* ms$/);
    assert.equal(await requestRows(page).count(), 25);

    await page.getByRole('button', { name: 'Load More' }).click();
    await waitForCount(requestRows(page), total);
    assert.equal(await page.getByRole('button', { name: 'Load More' }).count(), 0);

    const models = page.getByRole('table', { name: 'Model Performance' });
    const modelRow = models
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'gpt-4o', exact: true }) });
    assert.equal(await textOf(modelRow.getByRole('cell').nth(1)), String(BIG_MODEL_REQUESTS));

    const csv = await download(page, 'Export CSV');
    assert.match(csv.name, /^tokenwise-analytics-\d{4}-\d{2}-\d{2}\.csv$/);
    assert.equal(csv.body.split('\n').filter(Boolean).length, total + 1, 'a header and every row');

    await page.getByRole('button', { name: 'Show Filters' }).click();
    // The dashboard's provider filter lists them in the spec's order (section 2).
    await page.getByRole('textbox', { name: 'Provider', exact: true }).click();
    assert.deepEqual(await page.getByRole('option').allInnerTexts(), [
      'openai',
      'anthropic',
      'groq',
      'mistral',
      'gemini',
    ]);
    await page.keyboard.press('Escape');
    await chooseOption(page, 'Status', 'Error');
    await waitForCount(requestRows(page), 1);
    await requestRows(page).getByText('Error', { exact: true }).waitFor();
    // An export holds what the table lists: with the filter on, only the failed request.
    const json = await download(page, 'Export JSON');
    const exported: Array<{ status: string }> = JSON.parse(json.body);
    assert.deepEqual(
      exported.map((r) => r.status),
      ['error'],
    );
    // Clearing returns to the unfiltered list as it was, both pages of it.
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await waitForCount(requestRows(page), total);
    await page.getByRole('button', { name: 'Hide Filters' }).click();
    assert.equal(await page.getByRole('button', { name: 'Clear Filters' }).count(), 0);
  });

  test('a row opens its texts, and View Details shows the whole request', async () => {
    const page = await e2e.newPage();
    await logIn(page, user.email, user.password);
    await page.waitForURL('**/dashboard');
    // Newest first: the failed request, then the last success sent.
    const lastSuccess = requestIds.at(-1) ?? '';
    const row = requestRows(page).nth(1);
    const shownTexts = page.getByText(`quarterly report number ${SUCCESSES - 1}?`);
    // A click anywhere on the row opens its texts (spec: "a row expands"), and closes them again.
    await row.getByText('gpt-4o-mini', { exact: true }).click();
    await shownTexts.first().waitFor();
    await row.getByText('gpt-4o-mini', { exact: true }).click();
    await shownTexts.first().waitFor({ state: 'detached' });
    await row.getByRole('button', { name: 'Show texts' }).click();
    await shownTexts.first().waitFor();

    await page.locator(`a[href="/requests/${lastSuccess}"]`).click();
    await page.waitForURL(`**/requests/${lastSuccess}`);
    await page.getByRole('heading', { name: 'Text Comparison' }).waitFor();
    await page.getByText(lastSuccess).waitFor();
    await page.getByText('Success', { exact: true }).waitFor();
    const original = await textOf(page.getByTestId('text-original'));
    assert.match(original, new RegExp(`quarterly report number ${SUCCESSES - 1}\\?`));
    await page.getByTestId('text-optimized').waitFor();
    const cost = await textOf(page.getByRole('group', { name: 'Cost' }));
    assert.match(cost, /Saved:\s*\$\d+\.\d{4}/);
    assert.match(cost, /Actual:\s*\$\d+\.\d{4}/);
    await page.getByRole('heading', { name: 'Optimization & Routing' }).waitFor();

    await page.goto('/requests/no-such-request');
    await page.getByText('Request not found').waitFor();
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.waitForURL('**/dashboard');
  });

  test('savings shows the summary and the baseline slider saves its rate', async () => {
    const page = await e2e.newPage();
    await logIn(page, user.email, user.password);
    await page.goto('/savings');
    await page.getByRole('group', { name: 'Total Savings' }).waitFor();
    await page.getByRole('heading', { name: '30-Day Projection' }).waitFor();
    const samples = await textOf(page.getByRole('group', { name: 'Samples' }));
    assert.match(samples, new RegExp(`0 / ${SUCCESSES}`), 'no baseline sample yet');

    const slider = page.getByRole('slider', { name: 'Baseline sample rate' });
    await page.getByText('Sample rate: 0%').waitFor();
    await slider.focus();
    await slider.press('ArrowRight');
    await slider.press('ArrowRight');
    await page.getByText('Sample rate: 10%').waitFor();
    await page.getByText('A/B testing').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Baseline sample rate saved').waitFor();
    const saved = await user.api('GET', '/v1/baseline/config');
    assert.deepEqual(saved.body, { sample_rate: 10 });
  });

  test('a thumbs-down on an evaluation is counted and shows as the current vote', async () => {
    const page = await e2e.newPage();
    await logIn(page, user.email, user.password);
    await page.goto('/evals');
    const item = page.getByTestId('eval-item').first();
    await item.waitFor();
    const statTile = (label: string) => page.getByText(label, { exact: true }).locator('..');
    assert.match(await textOf(statTile('Thumbs Down')), /Thumbs Down0$/);

    await item.getByRole('button', { name: 'Thumbs down' }).click();
    await item.getByRole('button', { name: 'Thumbs down', pressed: true }).waitFor();
    await statTile('Thumbs Down').getByText('1', { exact: true }).waitFor();
    // The tile's hint (decision 234) follows its figure.
    assert.match(
      await textOf(statTile('Satisfaction Rate')),
      /^Satisfaction Rate0\.0%Thumbs up \/ total evals$/,
    );
    await page.getByText('x-request-id', { exact: true }).first().waitFor();

    await page.locator('label', { hasText: /^Negative$/ }).click();
    await waitForCount(page.getByTestId('eval-item'), 1);
  });
  // A card shows six lines of a prompt and of an answer; a reviewer grading a long answer must be
  // able to read all of it, on the request's page (decision 110).
  test('an evaluation links to its whole request', async () => {
    const page = await e2e.newPage();
    await logIn(page, user.email, user.password);
    await page.goto('/evals');
    const item = page.getByTestId('eval-item').first();
    await item.getByRole('link', { name: 'View Details' }).click();
    await page.waitForURL(/\/requests\/[^/]+$/);
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '');
    await page.getByRole('heading', { name: 'Request Details' }).waitFor();
    await page.getByText(id, { exact: true }).waitFor();
  });
});
