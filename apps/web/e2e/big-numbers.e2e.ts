import { after, before, describe, test } from 'node:test';
import { logRow, writeLogs } from '../../server/src/features/analytics/testing/log-rows.ts';
import { signUpSubscribed } from '../../server/src/testing/test-server.ts';
import { type E2eEnv, logIn, startE2e } from './harness.ts';

/** Counts past a thousand read with separators on every screen, the same as the totals beside them. */
describe('big numbers on the screens', () => {
  let e2e: E2eEnv;
  before(async () => {
    e2e = await startE2e();
  });
  after(async () => {
    await e2e?.close();
  });

  test('a paged list past 1,000 rows counts them with separators: "Showing 100 of 1,010"', async () => {
    const user = await signUpSubscribed(e2e.server);
    const now = Date.now();
    await writeLogs(
      e2e.server,
      Array.from({ length: 1_010 }, (_, i) => logRow(user.accountId, now - (i + 1) * 1000)),
    );
    const page = await e2e.newPage();
    await logIn(page, user.email, user.password);
    await page.goto('/evals');
    const footer = page.getByTestId('list-footer');
    // The first page's count stops at 1,000 rows past it (the server's count cap): "1,000+". The
    // shown count past 1,000 ("Showing 1,050 of …") is the same formatter (format.test.ts); paging
    // there in the browser would cost a minute of CI for no other check.
    await footer.getByText('Showing 50 of 1,000+ total evaluations').waitFor();
    await page.getByRole('button', { name: 'Load more' }).click();
    await footer.getByText('Showing 100 of 1,010 total evaluations').waitFor();
  });

  test('a change against the previous period past 1,000% has separators: "+123,400.0%"', async () => {
    const user = await signUpSubscribed(e2e.server);
    const now = Date.now();
    const day = 86_400_000;
    await writeLogs(e2e.server, [
      // One request in the previous 7 days, 1,235 in the last 7.
      logRow(user.accountId, now - 10 * day),
      ...Array.from({ length: 1_235 }, (_, i) => logRow(user.accountId, now - (i + 1) * 60_000)),
    ]);
    const page = await e2e.newPage();
    await logIn(page, user.email, user.password);
    await page.goto('/dashboard');
    await page.getByText('7d', { exact: true }).click();
    const card = page.getByRole('group', { name: 'Total Requests', exact: true });
    await card.getByText('1,235', { exact: true }).waitFor();
    await card.getByText('+123,400.0% vs previous period').waitFor();
  });
});
