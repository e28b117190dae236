import { after, before, describe, test } from 'node:test';
import { logRow, writeLogs } from '../../server/src/features/analytics/testing/log-rows.ts';
import { signUpSubscribed } from '../../server/src/testing/test-server.ts';
import { type E2eEnv, logIn, startE2e } from './harness.ts';

/** Counts past a thousand read with separators on every screen, the same as the totals beside them. */
describe('big numbers on the screens', { timeout: 300_000 }, () => {
  let e2e: E2eEnv;
  before(async () => {
    e2e = await startE2e();
  });
  after(async () => {
    await e2e?.close();
  });

  test('a paged list past 1,000 rows says "Showing 1,000 of 1,010"', async () => {
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
    const loadMore = page.getByRole('button', { name: 'Load more' });
    // 50 a page: each Load more waits for the footer to count the new page. The first page's
    // count stops at 1,000 rows past it (the server's count cap), so it reads "1,000+".
    for (let shown = 50; shown < 1_000; shown += 50) {
      const total = shown === 50 ? '1,000+' : '1,010';
      await footer.getByText(`Showing ${shown} of ${total} total evaluations`).waitFor();
      await loadMore.click();
    }
    await footer.getByText('Showing 1,000 of 1,010 total evaluations').waitFor();
    await loadMore.click();
    await footer.getByText('Showing 1,010 of 1,010 total evaluations').waitFor();
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
