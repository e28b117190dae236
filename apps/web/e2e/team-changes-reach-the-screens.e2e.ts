import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  apiClient,
  moveToAccount,
  signUp,
  signUpSubscribed,
} from '../../server/src/testing/test-server.ts';
import { type E2eEnv, logIn, startE2e } from './harness.ts';

/**
 * A role change or a removal made by an admin while a member is signed in reaches the member's
 * screens at their next navigation, without signing in again: the screens pick the active account
 * and the role from the stored user, which the subscription check keeps up to date.
 */
describe('team changes reach a signed-in member', { timeout: 600_000 }, () => {
  let e2e: E2eEnv;
  before(async () => {
    e2e = await startE2e();
  });
  after(() => e2e?.close());

  /** A user read-only in account A (the active one) and admin in account B. */
  async function readOnlyInAAdminInB() {
    const a = await signUpSubscribed(e2e.server);
    const b = await signUpSubscribed(e2e.server);
    const user = await signUp(e2e.server);
    await moveToAccount(e2e.server, user.userId, a.accountId, 'read_only');
    const intoB = await b.api('POST', `/v1/accounts/${b.accountId}/members`, {
      email: user.email,
      role: 'admin',
    });
    assert.equal(intoB.status, 201);
    return { a, b, user };
  }

  test('promoted from read-only, then removed from the active account', async () => {
    const { a, b, user } = await readOnlyInAAdminInB();

    const page = await e2e.newPage();
    await logIn(page, user.email, user.password);
    await page.goto('/api-keys');
    await page.getByText('API keys are not available to read-only members').waitFor();

    const promoted = await a.api('PUT', `/v1/accounts/${a.accountId}/members/${user.userId}/role`, {
      role: 'member',
    });
    assert.equal(promoted.status, 200);
    await page.goto('/api-keys');
    await page.getByRole('button', { name: 'New API Key' }).waitFor();
    assert.equal(
      await page.getByText('API keys are not available to read-only members').count(),
      0,
    );

    const removed = await a.api('DELETE', `/v1/accounts/${a.accountId}/members/${user.userId}`);
    assert.equal(removed.status, 200);
    const bName = (await apiClient(e2e.server.url, b.token)('GET', `/v1/accounts/${b.accountId}`))
      .body.name as string;
    await page.goto('/team');
    await page.getByText(`The people who work in ${bName}.`).waitFor();
    await page.getByTestId('member-row').filter({ hasText: b.email }).waitFor();
  });

  test('switching the account in one tab moves the other tabs of the session with it', async () => {
    const { b, user } = await readOnlyInAAdminInB();
    const bName = (await apiClient(e2e.server.url, b.token)('GET', `/v1/accounts/${b.accountId}`))
      .body.name as string;

    const first = await e2e.newPage();
    await logIn(first, user.email, user.password);
    // Two tabs on one session share its token and its active account.
    const second = await first.context().newPage();
    await second.goto('/api-keys');
    await second.getByText('API keys are not available to read-only members').waitFor();

    await first.getByRole('textbox', { name: 'Active account' }).click();
    await first.getByRole('option', { name: `${bName} (admin)` }).click();
    await first.waitForURL('**/dashboard');
    // The other tab's screen belonged to the account left; its next call would act in B.
    await second.waitForURL('**/dashboard');
    assert.equal(
      await second.getByRole('textbox', { name: 'Active account' }).inputValue(),
      `${bName} (admin)`,
    );
  });
});
