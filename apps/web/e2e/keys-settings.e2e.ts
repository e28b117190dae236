import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { signUpSubscribed } from '../../server/src/testing/test-server.ts';
import { type E2eEnv, logIn, startE2e } from './harness.ts';

type Subscriber = Awaited<ReturnType<typeof signUpSubscribed>>;

/** Calls the gateway the way a customer's application would, with a gateway API key. */
async function chatWithKey(e2e: E2eEnv, key: string) {
  const res = await fetch(`${e2e.server.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] }),
  });
  return { status: res.status, body: (await res.json()) as { error?: { message?: string } } };
}

async function textOf(locator: Locator): Promise<string> {
  return (await locator.textContent()) ?? '';
}

/** Answers the next window.confirm; the app asks one before every delete. */
function answerNextConfirm(page: Page, accept: boolean) {
  page.once('dialog', (dialog) => void (accept ? dialog.accept() : dialog.dismiss()));
}

describe('API keys, settings and optimization screens', { timeout: 600_000 }, () => {
  let e2e: E2eEnv;
  before(async () => {
    e2e = await startE2e();
  });
  after(() => e2e?.close());

  async function signedIn(path: string): Promise<{ page: Page; user: Subscriber }> {
    const user = await signUpSubscribed(e2e.server);
    const page = await e2e.newPage();
    await logIn(page, user.email, user.password);
    await page.goto(path);
    return { page, user };
  }

  test('a key is created, shown masked, revealed, copied, used on the gateway and deleted', async () => {
    const { page } = await signedIn('/api-keys');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: e2e.server.url,
    });
    await page.getByText('No API keys yet').waitFor();
    await page.getByText('never put them in client-side code').waitFor();

    await page.getByRole('button', { name: 'New API Key' }).click();
    const modal = page.getByRole('dialog', { name: 'Create API Key' });
    const create = modal.getByRole('button', { name: 'Create Key' });
    assert.equal(await create.isDisabled(), true, 'no name yet');
    await modal.getByLabel('Key Name').fill('   ');
    assert.equal(await create.isDisabled(), true, 'a blank name is no name');
    await modal.getByLabel('Key Name').fill('CI pipeline');
    await create.click();

    // Create closes the modal, so the list is usable at once; the new key waits on the screen.
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const fullKey = (await textOf(page.getByTestId('new-api-key'))).trim();
    assert.match(fullKey, /^tw_\S{20,}$/);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByTestId('new-api-key').waitFor({ state: 'detached' });

    const row = page.getByRole('row', { name: /CI pipeline/ });
    const shown = row.getByTestId('api-key-value');
    await row.getByText('Active').waitFor();
    await row.getByText('Never').waitFor();
    const masked = await textOf(shown);
    assert.ok(masked.startsWith(fullKey.slice(0, 12)), 'the first 12 characters are visible');
    assert.ok(!masked.includes(fullKey.slice(12, 20)), 'the rest is hidden');

    await row.getByRole('button', { name: 'Show key' }).click();
    assert.equal((await textOf(shown)).trim(), fullKey);
    await row.getByRole('button', { name: 'Hide key' }).click();
    assert.equal(await textOf(shown), masked);

    await row.getByRole('button', { name: 'Copy key' }).click();
    const copied = page.getByText('Copied!');
    await copied.waitFor();
    assert.equal(await page.evaluate('navigator.clipboard.readText()'), fullKey);
    await copied.waitFor({ state: 'hidden' });

    // Auth passes with the new key; the 400 is about the provider key this account lacks.
    const used = await chatWithKey(e2e, fullKey);
    assert.equal(used.status, 400);
    assert.match(used.body.error?.message ?? '', /No API key configured for openai/);

    answerNextConfirm(page, false);
    await row.getByRole('button', { name: 'Delete CI pipeline' }).click();
    await row.waitFor();
    assert.equal(
      await page.getByText('No API keys yet').count(),
      0,
      'a dismissed confirm keeps it',
    );

    answerNextConfirm(page, true);
    await row.getByRole('button', { name: 'Delete CI pipeline' }).click();
    await page.getByText('No API keys yet').waitFor();
    assert.equal((await chatWithKey(e2e, fullKey)).status, 401, 'the deleted key stops working');
  });

  test('a provider key is added with a masked input, listed as never used, and deleted', async () => {
    const { page, user } = await signedIn('/settings');
    await page.getByText('encrypted with AES-256-GCM').waitFor();
    await page.getByText('No provider keys yet').waitFor();

    const form = page.getByRole('form', { name: 'Add provider key' });
    const add = form.getByRole('button', { name: 'Add Provider Key' });
    assert.equal(await add.isDisabled(), true, 'the key is required');
    await form.getByLabel(/^Provider/).click();
    await page.getByRole('option', { name: 'Anthropic' }).click();
    const secret = form.getByLabel(/^API Key/);
    assert.equal(await secret.getAttribute('type'), 'password');
    await secret.fill('sk-ant-e2e-secret');
    await form.getByLabel('Label').fill('Staging');
    await add.click();

    await page.getByText('Provider key added').waitFor();
    const row = page.getByRole('row', { name: /Anthropic/ });
    await row.getByText('Staging').waitFor();
    await row.getByText('Never').waitFor();
    assert.equal(await secret.inputValue(), '', 'the form is cleared for the next key');
    const stored = await user.api('GET', '/v1/provider-keys');
    assert.deepEqual(
      stored.body.map((k: { provider: string; label: string }) => [k.provider, k.label]),
      [['anthropic', 'Staging']],
    );

    answerNextConfirm(page, true);
    await row.getByRole('button', { name: 'Delete Anthropic key Staging' }).click();
    await page.getByText('No provider keys yet').waitFor();
    assert.deepEqual((await user.api('GET', '/v1/provider-keys')).body, []);
  });

  test('the optimization level saves only a real change and survives a reload', async () => {
    const { page, user } = await signedIn('/optimization');
    const balanced = page.getByRole('radio', { name: /^Balanced/ });
    const aggressive = page.getByRole('radio', { name: /^Aggressive/ });
    const save = page.getByRole('button', { name: 'Save Changes' });
    const unsaved = page.getByText('unsaved changes');

    await balanced.waitFor();
    assert.equal(await balanced.getAttribute('aria-checked'), 'true', 'balanced is the default');
    // The card says what balanced leaves alone (decisions 029, 035 and 042).
    await balanced.getByText('Prompts of five words or fewer are kept whole.').waitFor();
    await balanced.getByText('prepositions and helping verbs (is, has) intact').waitFor();
    assert.equal(await save.isDisabled(), true);
    assert.equal(await unsaved.count(), 0);

    await aggressive.click();
    await unsaved.waitFor();
    assert.equal(await save.isDisabled(), false);
    await balanced.click();
    await unsaved.waitFor({ state: 'hidden' });
    assert.equal(await save.isDisabled(), true, 'back to the saved level is no change');

    await aggressive.click();
    await save.click();
    await page.getByText('Optimization level saved').waitFor();
    assert.equal(await save.isDisabled(), true);
    assert.equal(await unsaved.count(), 0);

    await page.reload();
    await aggressive.waitFor();
    assert.equal(await aggressive.getAttribute('aria-checked'), 'true');
    assert.deepEqual((await user.api('GET', '/v1/settings')).body, {
      optimization_level: 'aggressive',
    });
  });

  test('PII redaction switches save together and survive a reload', async () => {
    const { page, user } = await signedIn('/settings');
    const section = page.getByRole('region', { name: 'PII Redaction' });
    await section.getByText('[EMAIL_REDACTED_1]').first().waitFor();
    const emails = section.getByRole('switch', { name: 'Email addresses' });
    const secrets = section.getByRole('switch', { name: 'Secrets and access tokens' });
    const save = section.getByRole('button', { name: 'Save PII Settings' });

    assert.equal(await emails.isChecked(), true, 'emails are redacted by default');
    assert.equal(await secrets.isChecked(), true, 'keys in prompts are redacted by default');
    // Spec section 2 gives /optimization alone a Save that waits for a change; this one saves as shown.
    await save.click();
    await section.getByText('PII redaction settings saved').waitFor();
    await emails.uncheck({ force: true });
    await secrets.uncheck({ force: true });
    await section.getByText('You have unsaved changes').waitFor();
    // The first save's message may still show: wait for this save's answer instead.
    const saved = page.waitForResponse(
      (res) => res.url().endsWith('/v1/pii-redaction/config') && res.request().method() === 'PUT',
    );
    await save.click();
    assert.equal((await saved).status(), 200);

    await page.reload();
    await emails.waitFor({ state: 'attached' });
    assert.equal(await emails.isChecked(), false);
    assert.equal(await secrets.isChecked(), false);
    const stored = await user.api('GET', '/v1/pii-redaction/config');
    assert.equal(stored.body.redact_emails, false);
    assert.equal(stored.body.redact_secrets, false);
    assert.equal(stored.body.enabled, true, 'switches left alone keep their value');
  });

  test('a read-only member is told why keys are hidden and cannot save settings', async () => {
    const user = await signUpSubscribed(e2e.server);
    await e2e.server.deps.db.kysely
      .updateTable('memberships')
      .set({ role: 'read_only' })
      .where('user_id', '=', user.userId)
      .execute();
    const page = await e2e.newPage();
    await logIn(page, user.email, user.password);

    await page.goto('/api-keys');
    await page.getByText('API keys are not available to read-only members').waitFor();
    assert.equal(await page.getByRole('button', { name: 'New API Key' }).count(), 0);

    await page.goto('/optimization');
    await page
      .getByText('Only account owners and admins can change the optimization level')
      .waitFor();
    assert.equal(await page.getByRole('button', { name: 'Save Changes' }).isDisabled(), true);
    assert.equal(await page.getByRole('radio', { name: /^Aggressive/ }).isDisabled(), true);
  });
});
