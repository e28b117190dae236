import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { type SmtpReceiver, startSmtpReceiver } from '../../server/src/testing/smtp-receiver.ts';
import { signUpSubscribed } from '../../server/src/testing/test-server.ts';
import { type E2eEnv, logIn, startE2e } from './harness.ts';

/** Answers the next window.confirm; the app asks one before every delete. */
function answerNextConfirm(page: Page, accept: boolean) {
  page.once('dialog', (dialog) => void (accept ? dialog.accept() : dialog.dismiss()));
}

describe('the /alerts screen', { timeout: 600_000 }, () => {
  let e2e: E2eEnv;
  let smtp: SmtpReceiver;
  before(async () => {
    smtp = await startSmtpReceiver();
    e2e = await startE2e({ env: { SMTP_URL: smtp.url } });
  });
  after(async () => {
    await e2e?.close();
    await smtp?.close();
  });

  test('create, send a test email, toggle, edit and delete an alert', async () => {
    const user = await signUpSubscribed(e2e.server);
    const page = await e2e.newPage();
    await logIn(page, user.email, user.password);
    await page.goto('/alerts');
    await page.getByRole('heading', { name: 'Alerts & Notifications' }).waitFor();
    await page.getByText('No alerts configured').waitFor();
    assert.equal(await page.getByTestId('alert-count').textContent(), '0 alerts');

    // Cancel throws the draft away.
    await page.getByRole('button', { name: 'Create Alert' }).click();
    let modal = page.getByRole('dialog', { name: 'Create New Alert' });
    await modal.getByLabel('Alert Name').fill('Abandoned');
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await modal.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Create Alert' }).click();
    modal = page.getByRole('dialog', { name: 'Create New Alert' });
    assert.equal(await modal.getByLabel('Alert Name').inputValue(), '');
    assert.equal(await modal.getByLabel('Threshold').inputValue(), '100');
    // Spec section 5: number fields, the threshold stepping by cents for a budget and by 1 otherwise.
    const threshold = modal.getByLabel('Threshold');
    assert.equal(await threshold.getAttribute('type'), 'number');
    assert.equal(await threshold.getAttribute('step'), '0.01');
    await modal.getByRole('textbox', { name: 'Alert Type' }).click();
    await page.getByRole('option', { name: 'Cost Spike' }).click();
    assert.equal(await threshold.getAttribute('step'), '1');
    assert.equal(await threshold.getAttribute('placeholder'), '50');
    await modal.getByRole('textbox', { name: 'Alert Type' }).click();
    await page.getByRole('option', { name: 'Budget Limit' }).click();
    const throttle = modal.getByLabel('Throttle (minutes)');
    assert.equal(await throttle.getAttribute('type'), 'number');
    assert.equal(await throttle.getAttribute('min'), '0');

    // The webhook URL field shows only with the webhook channel; the server's message shows.
    assert.equal(await modal.getByLabel('Webhook URL').count(), 0);
    await modal.getByLabel('Alert Name').fill('Daily budget');
    await modal.getByLabel('Threshold').fill('25.5');
    await modal.getByLabel('Webhook notification').check();
    await modal.getByRole('button', { name: 'Create', exact: true }).click();
    await modal.getByText('A webhook URL is required when the webhook channel is on').waitFor();
    await modal.getByLabel('Webhook notification').uncheck();
    await modal.getByRole('button', { name: 'Create', exact: true }).click();
    // Create closes the modal (spec section 2), so the list is usable at once; the signing secret,
    // shown this once, waits on the page until dismissed.
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByText('Alert "Daily budget" created').waitFor();
    await page.getByTestId('webhook-secret').waitFor();
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByTestId('webhook-secret').waitFor({ state: 'detached' });

    const row = page.getByTestId('alert-row').filter({ hasText: 'Daily budget' });
    await row.getByText('$25.50').waitFor();
    await row.getByText('Enabled', { exact: true }).waitFor();
    assert.equal(await page.getByTestId('alert-count').textContent(), '1 alert');

    const before = smtp.messages.length;
    await row.getByRole('button', { name: 'Send test notification for Daily budget' }).click();
    await page
      .getByText(
        'Test notification sent for "Daily budget"! Check your email for the test message.',
      )
      .waitFor();
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    assert.match(mail ?? '', /^Subject: Test: Daily budget/m);

    await row.getByRole('button', { name: 'Disable' }).click();
    await row.getByText('Disabled', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Enable' }).click();
    await row.getByText('Enabled', { exact: true }).waitFor();

    await row.getByRole('button', { name: 'Edit Daily budget' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Alert' });
    assert.equal(await edit.getByLabel('Alert Type').isDisabled(), true, 'type locked');
    await edit.getByLabel('Alert Name').fill('Weekly budget');
    await edit.getByLabel('Throttle (minutes)').fill('15');
    await edit.getByRole('button', { name: 'Update' }).click();
    const edited = page.getByTestId('alert-row').filter({ hasText: 'Weekly budget' });
    await edited.getByText('Once per 15 min').waitFor();

    answerNextConfirm(page, false);
    await edited.getByRole('button', { name: 'Delete Weekly budget' }).click();
    assert.equal(await page.getByTestId('alert-row').count(), 1, 'kept after a refused confirm');
    answerNextConfirm(page, true);
    await edited.getByRole('button', { name: 'Delete Weekly budget' }).click();
    await page.getByText('No alerts configured').waitFor();
  });
});
