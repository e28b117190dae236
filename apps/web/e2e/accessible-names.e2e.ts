import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { signUpSubscribed } from '../../server/src/testing/test-server.ts';
import { type E2eEnv, logIn, startE2e, uniqueEmail } from './harness.ts';

// The screens found the way a browser test written from the product spec finds them: by role and
// the spec's own words, exact, so that a label with extra text (a ' *' in a required field's
// <label>) or a second element answering to the same label (a table labelled 'Role permissions'
// next to the Role field) fails here rather than in someone else's suite (decision 085).

/** The one element `locator` finds: strict, like a Playwright action. */
async function only(locator: Locator, what: string): Promise<Locator> {
  await locator.first().waitFor();
  assert.equal(await locator.count(), 1, `exactly one ${what}`);
  return locator;
}

type StyleWindow = { getComputedStyle(el: unknown, pseudo: string): { content: string } };
/** The CSS content drawn after `locator`'s element. */
function afterContent(locator: Locator): Promise<string> {
  return locator.evaluate(
    (el) => (globalThis as unknown as StyleWindow).getComputedStyle(el, '::after').content,
  );
}

async function fieldsByExactLabel(scope: Page | Locator, labels: string[]): Promise<void> {
  for (const label of labels) {
    await only(scope.getByLabel(label, { exact: true }), `field labelled '${label}'`);
  }
}

describe('accessible names match the product spec', { timeout: 600_000 }, () => {
  let e2e: E2eEnv;
  before(async () => {
    e2e = await startE2e();
  });
  after(() => e2e?.close());

  test('sign-up and login forms: fields by their exact labels, buttons and links by name', async () => {
    const page = await e2e.newPage();
    await page.goto('/signup');
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await fieldsByExactLabel(page, ['Email', 'Password', 'Confirm Password']);
    // Required fields still show their asterisk, drawn outside the label's text.
    assert.equal(await afterContent(page.getByText('Password', { exact: true })), '" *" / ""');
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('names'));
    await page.getByLabel('Password', { exact: true }).fill('first-password-1');
    await page.getByLabel('Confirm Password', { exact: true }).fill('first-password-1');
    await only(page.getByRole('link', { name: 'Terms of Service' }), 'terms link');
    await only(page.getByRole('link', { name: 'Privacy Policy' }), 'privacy link');
    await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
    await only(page.getByRole('button', { name: 'Create Account' }), 'Create Account button');
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();

    await page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor();
    await fieldsByExactLabel(page, ['Email', 'Password']);
    await only(page.getByRole('checkbox', { name: 'Remember me' }), 'remember-me checkbox');
    await only(page.getByRole('link', { name: 'Forgot password?' }), 'forgot-password link');
    await only(page.getByRole('link', { name: 'Sign up' }), 'sign-up link');
    await only(page.getByRole('button', { name: 'Sign in' }), 'Sign in button');
  });

  test('sidebar links, Logout and the mobile menu button', async () => {
    const user = await signUpSubscribed(e2e.server);
    const page = await e2e.newPage({ viewport: { width: 390, height: 800 } });
    await logIn(page, user.email, user.password);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    // A screen reader hears whether the menu it toggles is open.
    const menuButton = page.getByRole('button', { name: 'Toggle navigation menu' });
    assert.equal(await menuButton.getAttribute('aria-expanded'), 'false');
    await menuButton.click();
    assert.equal(await menuButton.getAttribute('aria-expanded'), 'true');
    const labels = [
      ['Dashboard', '/dashboard'],
      ['API Keys', '/api-keys'],
      ['Optimization', '/optimization'],
      ['Semantic Cache', '/semantic-cache'],
      ['Smart Routing', '/routing'],
      ['Savings', '/savings'],
      ['Evaluations', '/evals'],
      ['Alerts', '/alerts'],
      ['Team', '/team'],
      ['Settings', '/settings'],
      ['Billing', '/billing'],
    ];
    for (const [name, href] of labels) {
      const link = await only(nav.getByRole('link', { name, exact: true }), `${name} link`);
      assert.equal(await link.getAttribute('href'), href);
    }
    await nav.getByRole('link', { name: 'Team', exact: true }).click();
    await page.waitForURL('**/team');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
  });

  test('API keys: the create dialog by its title, its field, its buttons and the row actions', async () => {
    const user = await signUpSubscribed(e2e.server);
    const page = await e2e.newPage();
    await logIn(page, user.email, user.password);
    await page.goto('/api-keys');
    await page.getByRole('button', { name: 'New API Key' }).click();
    let dialog = page.getByRole('dialog', { name: 'Create API Key' });
    await only(dialog.getByRole('button', { name: 'Close', exact: true }), 'modal close button');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'New API Key' }).click();
    dialog = page.getByRole('dialog', { name: 'Create API Key' });
    await fieldsByExactLabel(dialog, ['Key Name']);
    assert.equal(await dialog.getByRole('button', { name: 'Create Key' }).isDisabled(), true);
    await dialog.getByLabel('Key Name', { exact: true }).fill('Backend');
    await dialog.getByRole('button', { name: 'Create Key' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByRole('table', { name: 'API keys' }).getByRole('row', { name: /Backend/ });
    await only(row.getByRole('button', { name: 'Show key' }), 'reveal button');
    await only(row.getByRole('button', { name: 'Copy key' }), 'copy button');
    await only(row.getByRole('button', { name: 'Delete Backend' }), 'delete button');
  });

  test('alerts: the form dialog, its fields by label and the icon buttons of a row', async () => {
    const user = await signUpSubscribed(e2e.server);
    const page = await e2e.newPage();
    await logIn(page, user.email, user.password);
    await page.goto('/alerts');
    await page.getByRole('heading', { name: 'Alerts & Notifications' }).waitFor();
    await page.getByRole('heading', { name: 'Active Alerts' }).waitFor();
    await page.getByRole('button', { name: 'Create Alert' }).click();
    const create = page.getByRole('dialog', { name: 'Create New Alert' });
    await fieldsByExactLabel(create, [
      'Alert Name',
      'Threshold',
      'Period',
      'Email notification',
      'Webhook notification',
      'Throttle (minutes)',
    ]);
    await only(create.getByRole('textbox', { name: 'Alert Type', exact: true }), 'type selector');
    // From the whole page, as a test written from the spec finds them: a closed select's hidden
    // listbox (labelled by the same label, in a portal outside the dialog) answered too.
    for (const label of ['Alert Type', 'Period']) {
      await only(page.getByLabel(label, { exact: true }), `page-wide field labelled '${label}'`);
    }
    await only(create.getByRole('switch', { name: 'Enabled', exact: true }), 'enabled switch');
    await create.getByLabel('Webhook notification', { exact: true }).check();
    await fieldsByExactLabel(create, ['Webhook URL']);
    await create.getByLabel('Webhook notification', { exact: true }).uncheck();
    await only(create.getByRole('button', { name: 'Close', exact: true }), 'modal close button');
    await only(create.getByRole('button', { name: 'Cancel' }), 'Cancel button');
    await create.getByLabel('Alert Name', { exact: true }).fill('Daily budget');
    await create.getByRole('button', { name: 'Create', exact: true }).click();
    await create.waitFor({ state: 'hidden' });

    await only(page.getByRole('button', { name: 'Disable', exact: true }), 'Disable button');
    await only(
      page.getByRole('button', { name: /send test notification/i }),
      'send-test-notification button',
    );
    await only(page.getByRole('button', { name: /^edit/i }), 'edit button');
    await only(page.getByRole('button', { name: /^delete/i }), 'delete button');
    await page.getByRole('button', { name: /^edit/i }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Alert' });
    await only(edit.getByRole('button', { name: 'Update', exact: true }), 'Update button');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await edit.waitFor({ state: 'hidden' });
  });

  test('settings forms: provider key, SAML and their buttons by name', async () => {
    const user = await signUpSubscribed(e2e.server);
    const page = await e2e.newPage();
    await logIn(page, user.email, user.password);
    await page.goto('/settings');
    const keys = page.getByRole('form', { name: 'Add provider key' });
    await keys.getByRole('button', { name: 'Add Provider Key' }).waitFor();
    await fieldsByExactLabel(keys, ['API Key', 'Label']);
    // Not exact, from the whole page: the region and the secrets switch used to answer too.
    await only(page.getByLabel('API Key'), "field labelled 'API Key' (not exact)");
    await only(keys.getByRole('textbox', { name: 'Provider', exact: true }), 'provider selector');
    await only(page.getByLabel('Provider', { exact: true }), "page-wide field labelled 'Provider'");
    const pii = page.getByRole('region', { name: 'PII Redaction' });
    await only(pii.getByRole('switch', { name: /^Enable PII redaction/ }), 'PII master switch');
    for (const name of ['Email addresses', 'Phone numbers', 'Social Security numbers']) {
      await only(pii.getByRole('switch', { name: new RegExp(`^${name}`) }), `${name} switch`);
    }
    await only(pii.getByRole('button', { name: 'Save PII Settings' }), 'PII save button');
    const saml = page.getByRole('form', { name: 'SAML configuration' });
    await fieldsByExactLabel(saml, ['IdP Entity ID', 'IdP SSO URL', 'IdP X.509 Certificate']);
    await only(saml.getByRole('switch', { name: /^Enable SAML SSO/ }), 'SAML switch');
    await only(saml.getByRole('button', { name: 'Save SAML Configuration' }), 'SAML save button');
  });

  test('team: the invite form by its labels, found from the whole page', async () => {
    const user = await signUpSubscribed(e2e.server);
    const page = await e2e.newPage();
    await logIn(page, user.email, user.password);
    await page.goto('/team');
    await page.getByRole('heading', { name: 'Role Permissions' }).waitFor();
    await page.getByRole('heading', { name: 'Invite Team Member' }).waitFor();
    await fieldsByExactLabel(page, ['Email', 'Role']);
    // Not exact: the spec's word, the way most tests write it.
    await only(page.getByLabel('Role'), "field labelled 'Role' (not exact)");
    assert.equal(await page.getByLabel('Role').inputValue(), 'member');
    await only(page.getByRole('button', { name: 'Send Invite' }), 'Send Invite button');
  });
});
