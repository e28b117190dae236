import assert from 'node:assert/strict';
import { request } from 'node:http';
import { describe, test } from 'node:test';
import { signUpSubscribed } from '../../testing/test-server.ts';
import { useTestServer } from '../../testing/use-test-server.ts';
import { waitFor } from '../../testing/wait-for.ts';
import { EXPORTS_PER_ACCOUNT } from './running-exports.ts';
import { logRow, writeLogs } from './testing/log-rows.ts';

const NOW = Date.UTC(2026, 10, 20, 14, 30);
const LONG = 'x'.repeat(30_000);

/**
 * An export whose reader does not read: the answer's head has come, the body waits on the
 * socket's back-pressure. `close()` hangs up, as a browser tab closed mid-download does.
 */
function stalledExport(url: string, token: string) {
  return new Promise<{ status: number; close: () => void }>((resolve, reject) => {
    const req = request(`${url}/v1/analytics/export/json?time_range=all`, {
      headers: { authorization: `Bearer ${token}` },
    });
    req.on('response', (res) => {
      res.pause();
      resolve({ status: res.statusCode ?? 0, close: () => req.destroy() });
    });
    req.on('error', () => {});
    req.once('error', reject);
    req.end();
  });
}

describe('exports running at once for one account', () => {
  const server = useTestServer({ clock: () => NOW });

  test(`at most ${EXPORTS_PER_ACCOUNT} at once per account; a hang-up frees its place`, async () => {
    const u = await signUpSubscribed(server);
    const other = await signUpSubscribed(server);
    // ~18 MB of JSON: more than loopback's socket buffers, so an unread export stays open.
    await writeLogs(
      server,
      Array.from({ length: 300 }, (_, i) =>
        logRow(u.accountId, NOW - 1_000 - i, { original_text: LONG, optimized_text: LONG }),
      ),
    );
    const open: { close: () => void }[] = [];
    try {
      for (let i = 0; i < EXPORTS_PER_ACCOUNT; i++) {
        const running = await stalledExport(server.url, u.token);
        assert.equal(running.status, 200);
        open.push(running);
      }
      const refused = await u.api('GET', '/v1/analytics/export/csv?time_range=all');
      assert.equal(refused.status, 429);
      assert.equal(
        refused.body.message,
        `${EXPORTS_PER_ACCOUNT} exports of this account are still running; try again when one has finished`,
      );
      // Another account is not held back by this one's exports, and a finished export (on a
      // connection kept alive for the next) leaves its place.
      for (let i = 0; i <= EXPORTS_PER_ACCOUNT; i++) {
        const done = await other.api('GET', '/v1/analytics/export/csv?time_range=all');
        assert.equal(done.status, 200);
      }

      open[0]?.close();
      await waitFor('a place freed by the hang-up', async () => {
        const again = await u.api('GET', '/v1/analytics/export/csv?time_range=24h');
        return again.status === 200 ? true : undefined;
      });
    } finally {
      // An unread export left open would keep the server from closing.
      for (const running of open) running.close();
    }
  });
});
