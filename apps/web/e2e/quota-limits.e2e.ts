import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Locator } from 'playwright-core';
import { currentPeriod } from '../../server/src/domain/billing/billing-period.ts';
import { findSubscription } from '../../server/src/domain/billing/subscription.repository.ts';
import { addUsage } from '../../server/src/domain/billing/usage.repository.ts';
import { logRow, writeLogs } from '../../server/src/features/analytics/testing/log-rows.ts';
import { optimizedUsage } from '../../server/src/gateway/log/testing/optimized-record.ts';
import { proveMailbox, signUpSubscribed } from '../../server/src/testing/test-server.ts';
import { type E2eEnv, logIn, startE2e } from './harness.ts';

const SUPERADMIN = 'quota-boss@example.com';

/** The Mantine colour a progress bar is drawn in: 'yellow' from `var(--mantine-color-yellow-filled)`. */
async function barColour(bar: Locator): Promise<string | undefined> {
  const style = (await bar.getAttribute('style')) ?? '';
  return /--progress-section-color:\s*var\(--mantine-color-(\w+)-filled\)/.exec(style)?.[1];
}

/**
 * Spec sections 2, 4 and 9: quota shares have 1 decimal; /billing warns from 80% and goes to
 * passthrough at 100%; the admin bar turns yellow above 75% and red above 90%. Next to a limit the
 * figure, the colour and the words must tell the same story (decision 088).
 */
describe('quota shares next to their limits', { timeout: 600_000 }, () => {
  let e2e: E2eEnv;
  let boss: Awaited<ReturnType<typeof signUpSubscribed>>;
  before(async () => {
    e2e = await startE2e({ env: { SUPERADMIN_EMAILS: SUPERADMIN } });
    boss = await proveMailbox(e2e.server, await signUpSubscribed(e2e.server, SUPERADMIN));
  });
  after(async () => {
    await e2e?.close();
  });

  const billingCases = [
    { used: 23_999_999, shown: '79.9%', colour: 'indigo', words: null },
    { used: 24_000_000, shown: '80.0%', colour: 'yellow', words: 'You have used 80.0%' },
    { used: 29_999_999, shown: '99.9%', colour: 'yellow', words: 'You have used 99.9%' },
    { used: 30_000_000, shown: '100.0%', colour: 'red', words: 'Monthly quota exceeded' },
  ];
  for (const c of billingCases) {
    test(`/billing at ${c.used.toLocaleString('en-US')} of 30,000,000 tokens reads ${c.shown}`, async () => {
      const user = await signUpSubscribed(e2e.server);
      await writeLogs(e2e.server, [logRow(user.accountId, Date.now(), { tokens_in: c.used })]);
      const page = await e2e.newPage();
      await logIn(page, user.email, user.password);
      await page.goto('/billing');
      const used = c.used.toLocaleString('en-US');
      await page.getByText(`${used} / 30,000,000 (${c.shown})`, { exact: true }).waitFor();
      const bar = page.getByRole('progressbar', { name: 'Monthly token quota used' });
      assert.equal(await barColour(bar), c.colour);
      assert.equal(await bar.getAttribute('aria-valuetext'), c.shown.replace('.0%', '%'));
      for (const text of ['You have used', 'Monthly quota exceeded']) {
        const expected = c.words?.startsWith(text) ? 1 : 0;
        assert.equal(await page.getByText(text).count(), expected, `${text} shown ${expected}×`);
      }
      if (c.words) await page.getByText(c.words).waitFor();
    });
  }

  /** `tokens` counted in the account's current billing period, as the quota check records them. */
  async function countTokensUsed(accountId: string, tokens: number) {
    const db = e2e.server.deps.db.kysely;
    const sub = await findSubscription(db, accountId);
    assert.ok(sub);
    await addUsage(db, accountId, currentPeriod(sub, Date.now()), optimizedUsage(tokens));
  }

  test('/admin/accounts: the shown share, the bar colour and its width agree', async () => {
    const cases = [
      { used: 0, shown: '0.0%', colour: 'green', width: '0' },
      { used: 22_500_000, shown: '75.0%', colour: 'green', width: '75' },
      { used: 22_512_000, shown: '75.0%', colour: 'green', width: '75' },
      { used: 22_530_000, shown: '75.1%', colour: 'yellow', width: '75.1' },
      { used: 27_012_000, shown: '90.0%', colour: 'yellow', width: '90' },
      { used: 27_030_000, shown: '90.1%', colour: 'red', width: '90.1' },
      { used: 29_988_000, shown: '99.9%', colour: 'red', width: '99.9' },
      { used: 45_000_000, shown: '150.0%', colour: 'red', width: '100' },
      { used: 450_000_000, shown: '1,500.0%', colour: 'red', width: '100' },
    ];
    const owners: string[] = [];
    for (const c of cases) {
      const owner = await signUpSubscribed(e2e.server);
      owners.push(owner.email);
      await countTokensUsed(owner.accountId, c.used);
    }
    const page = await e2e.newPage();
    await logIn(page, boss.email, boss.password);
    await page.goto('/admin/accounts');
    await page.getByRole('heading', { name: 'Account Management' }).waitFor();
    const search = page.getByPlaceholder(/Search by account name or member email/);
    for (const [i, c] of cases.entries()) {
      await search.fill(owners[i] ?? '');
      const owner = owners[i]?.split('@')[0];
      // The previous search also showed one account: wait for this one's card.
      const card = page.getByTestId('account-card').filter({ hasText: `${owner}'s team` });
      await card.waitFor();
      await page.getByText('Showing 1 of 1 total accounts').waitFor();
      await card.getByText(`${c.shown} of quota`, { exact: true }).waitFor();
      await card.getByRole('button').first().click();
      const bar = card.getByRole('progressbar', { name: 'Quota used' });
      await bar.waitFor({ state: 'attached' });
      await card.getByText(c.shown, { exact: true }).waitFor();
      assert.equal(await barColour(bar), c.colour, `${c.used} tokens`);
      assert.equal(await bar.getAttribute('aria-valuenow'), c.width, `${c.used} tokens`);
    }
  });

  test('/admin/accounts: a plan without a quota (enterprise) says so, not "0 tokens"', async () => {
    const owner = await signUpSubscribed(e2e.server);
    const db = e2e.server.deps.db.kysely;
    // Enterprise is billed on savings: a quota of 0 means none (gateway/stages/check-quota.ts).
    await db
      .updateTable('subscriptions')
      .set({ tier: 'enterprise', monthly_token_quota: 0 })
      .where('account_id', '=', owner.accountId)
      .execute();
    await countTokensUsed(owner.accountId, 1_234_567);
    const page = await e2e.newPage();
    await logIn(page, boss.email, boss.password);
    await page.goto('/admin/accounts');
    await page.getByPlaceholder(/Search by account name or member email/).fill(owner.email);
    const card = page
      .getByTestId('account-card')
      .filter({ hasText: `${owner.email.split('@')[0]}'s team` });
    await card.getByText('No quota', { exact: true }).first().waitFor();
    await card.getByRole('button').first().click();
    const quotaRow = card.locator('.mantine-Group-root', { hasText: 'Monthly quota' });
    await quotaRow.waitFor();
    assert.equal(await quotaRow.textContent(), 'Monthly quotaNo quota');
    await card.getByText('1,234,567 tokens', { exact: true }).waitFor();
    assert.equal(await card.getByText(/ \/ 0 tokens/).count(), 0, 'no "1,234,567 / 0 tokens"');
    assert.equal(await card.getByText('0 tokens', { exact: true }).count(), 0);
  });
});
