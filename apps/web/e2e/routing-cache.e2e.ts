import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import OpenAI from 'openai';
import type { Locator, Page } from 'playwright-core';
import { type MockUpstream, startMockUpstream } from '../../server/src/mock-upstream/server.ts';
import { signUpSubscribed } from '../../server/src/testing/test-server.ts';
import { type E2eEnv, logIn, startE2e } from './harness.ts';

type Subscriber = Awaited<ReturnType<typeof signUpSubscribed>>;

/** Answers the next window.confirm; clearing the cache asks one first. */
function answerNextConfirm(page: Page, accept: boolean) {
  page.once('dialog', (dialog) => void (accept ? dialog.accept() : dialog.dismiss()));
}

/** The figure a stat tile shows under its label. */
async function figure(grid: Locator, label: string): Promise<string> {
  const value = grid.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');
  return ((await value.textContent()) ?? '').trim();
}

describe('routing and semantic cache screens', { timeout: 600_000 }, () => {
  let mock: MockUpstream;
  let e2e: E2eEnv;
  before(async () => {
    mock = await startMockUpstream();
    e2e = await startE2e({ env: { OPENAI_BASE_URL: mock.baseUrls.openai } });
  });
  after(async () => {
    await e2e?.close();
    await mock?.close();
  });

  /** A subscribed account with an OpenAI key, the SDK aimed at the gateway, and a signed-in page. */
  async function customer(path: string): Promise<{ page: Page; user: Subscriber; openai: OpenAI }> {
    const user = await signUpSubscribed(e2e.server);
    const key = await user.api('POST', '/v1/keys', { name: 'e2e' });
    const provider = await user.api('POST', '/v1/provider-keys', {
      provider: 'openai',
      api_key: 'openai-secret-key',
      label: 'main',
    });
    assert.equal(provider.status, 201);
    const openai = new OpenAI({
      apiKey: key.body.key,
      baseURL: `${e2e.server.url}/v1`,
      maxRetries: 0,
    });
    const page = await e2e.newPage();
    await logIn(page, user.email, user.password);
    await page.goto(path);
    return { page, user, openai };
  }

  test('routing: toggle and thresholds save, survive a reload, and routed traffic shows up', async () => {
    const { page, user, openai } = await customer('/routing');
    const toggle = page.getByRole('switch', { name: 'Smart routing' });
    const simple = page.getByLabel('Simple threshold (tokens)');
    const complex = page.getByLabel('Complex threshold (tokens)');
    const save = page.getByRole('button', { name: 'Save Configuration' });
    const figures = page.getByRole('group', { name: 'Routing figures' });

    await figures.waitFor();
    assert.equal(await figure(figures, 'Total Requests'), '0');
    assert.equal(await toggle.isChecked(), false);
    assert.equal(await simple.inputValue(), '100');
    assert.equal(await complex.inputValue(), '500');
    for (const tier of ['Mini', 'Core', 'Premium']) {
      await page.getByRole('group', { name: `${tier} tier` }).waitFor();
    }
    await page.getByText('$0.5 per 1M tokens').waitFor();
    await page.getByText('x-tokenwise-pin-model: true').waitFor();

    // The switch is local until saved.
    await toggle.check({ force: true });
    await page.getByText('You have unsaved changes').waitFor();
    assert.equal((await user.api('GET', '/v1/routing/config')).body.enabled, false);

    await simple.fill('600');
    await save.click();
    await page.getByText('The simple threshold must be below the complex threshold').waitFor();
    assert.equal((await user.api('GET', '/v1/routing/config')).body.enabled, false);

    await simple.fill('80');
    await complex.fill('400');
    await save.click();
    await page.getByText('Routing configuration saved').waitFor();
    assert.deepEqual((await user.api('GET', '/v1/routing/config')).body, {
      enabled: true,
      difficulty_threshold_simple: 80,
      difficulty_threshold_complex: 400,
    });

    await page.reload();
    await figures.waitFor();
    assert.equal(await toggle.isChecked(), true);
    assert.equal(await simple.inputValue(), '80');
    assert.equal(await complex.inputValue(), '400');

    const answer = await openai.chat.completions.create({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'What is the capital of France?' }],
    });
    assert.ok(answer.choices[0]?.message.content);
    assert.notEqual(mock.calls.at(-1)?.parsed?.model, 'gpt-4o', 'the upstream got a Mini model');
    await e2e.server.app.gateway.logs.flush();

    await page.reload();
    await figures.waitFor();
    assert.equal(await figure(figures, 'Total Requests'), '1');
    assert.equal(await figure(figures, 'Routed Requests'), '1');
    assert.equal(await figure(figures, 'Routing Rate'), '100.0%');
    assert.equal(await figure(figures, 'Efficiency Gain'), '40.0%');
    const simpleBar = page.getByRole('group', { name: 'Simple requests' });
    assert.equal(await simpleBar.getByTestId('difficulty-count').textContent(), '1 (100.0%)');
  });

  test('semantic cache: a repeat hits and is listed, previewed and cleared; config and switch persist', async () => {
    const { page, user, openai } = await customer('/semantic-cache');
    const question = 'How do I reset the password of my home router?';
    const callsBefore = mock.calls.length;
    for (let i = 0; i < 2; i++) {
      await openai.chat.completions.create({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: question }],
      });
      // The answer is stored after it is sent; let the write land before asking again.
      await e2e.server.app.gateway.cache.settled();
    }
    assert.equal(mock.calls.length - callsBefore, 1, 'the repeat is answered without the provider');
    // Request logs and per-entry hit counts are written behind; land them instead of waiting.
    await e2e.server.app.gateway.logs.flush();
    await e2e.server.app.gateway.cache.flushHits();

    await page.reload();
    const figures = page.getByRole('group', { name: 'Cache figures' });
    await figures.waitFor();
    assert.equal(await figure(figures, 'Cache Hits'), '1');
    assert.equal(await figure(figures, 'Cache Misses'), '1');
    assert.equal(await figure(figures, 'Hit Rate'), '50.0%');
    assert.equal(await figure(figures, 'Cached Entries'), '1');

    // Overview: ask the preview box about the same question.
    const preview = page.getByRole('form', { name: 'Test a prompt' });
    await preview.getByLabel('Prompt').fill(question);
    await preview.getByLabel('Model').fill('gpt-4o-mini');
    await preview.getByRole('button', { name: 'Test Prompt' }).click();
    const result = page.getByRole('status', { name: 'Preview result' });
    await result.getByText('Would hit').waitFor();
    await result.getByText(question).waitFor();

    // Threshold and TTL save together and survive a reload.
    await page.getByRole('slider', { name: 'Similarity threshold' }).press('ArrowLeft');
    await page.getByRole('textbox', { name: 'Time to live' }).click();
    await page.getByRole('option', { name: '2 hours' }).click();
    await page.getByRole('button', { name: 'Save Configuration' }).click();
    await page.getByText('Cache configuration saved').waitFor();
    const stored = (await user.api('GET', '/v1/semantic-cache/config')).body;
    assert.deepEqual(stored, {
      enabled: true,
      embedder: 'local',
      similarity_threshold: 0.94,
      ttl_seconds: 7200,
    });
    await page.reload();
    await page.getByTestId('similarity-threshold').getByText('0.94').waitFor();
    assert.equal(await page.getByRole('textbox', { name: 'Time to live' }).inputValue(), '2 hours');

    await page.getByRole('tab', { name: 'Cached Entries' }).click();
    const row = page.getByRole('row', { name: /reset the password/ });
    assert.equal(await row.getByTestId('entry-hits').textContent(), '1');
    await row.getByText('openai').waitFor();
    await row.getByText('gpt-4o-mini').waitFor();

    await page.getByRole('tab', { name: 'Analytics' }).click();
    await page.getByRole('table', { name: 'By Model' }).getByText('gpt-4o-mini').waitFor();
    await page.getByRole('table', { name: 'By Provider' }).getByText('openai').waitFor();
    // These are the live entries' figures, not the cards' 30 days of hits from the log: once an
    // entry is cleared or expires the two differ, and the tab says why (decision 110).
    await page
      .getByText('An entry cleared, expired or replaced takes its figures with it', {
        exact: false,
      })
      .waitFor();

    await page.getByRole('tab', { name: 'Cached Entries' }).click();
    const clear = page.getByRole('button', { name: 'Clear All Cache' });
    answerNextConfirm(page, false);
    await clear.click();
    await row.waitFor();
    answerNextConfirm(page, true);
    await clear.click();
    await page.getByText('No cached entries yet').waitFor();
    assert.equal(
      (await user.api('GET', '/v1/semantic-cache/entries?limit=20&offset=0')).body.total,
      0,
    );

    const toggle = page.getByRole('switch', { name: 'Cache enabled' });
    assert.equal(await toggle.isChecked(), true);
    // A failed save puts the switch back and says so.
    await page.route('**/v1/semantic-cache/config', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{}' })
        : route.continue(),
    );
    await toggle.click({ force: true });
    await page.getByText('Failed to update cache status').waitFor();
    assert.equal(await toggle.isChecked(), true);
    await page.unroute('**/v1/semantic-cache/config');

    const saved = page.waitForResponse(
      (res) => res.url().endsWith('/v1/semantic-cache/config') && res.request().method() === 'PUT',
    );
    await toggle.uncheck({ force: true });
    assert.equal((await saved).status(), 200, 'the switch saves at once, no Save button');
    await page.reload();
    await figures.waitFor();
    assert.equal(await toggle.isChecked(), false);
    assert.equal((await user.api('GET', '/v1/semantic-cache/config')).body.enabled, false);
  });
});
