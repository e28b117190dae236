import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { endpoints } from '@tokenwise/contracts';
import { moveToAccount, signUp, signUpSubscribed } from '../../testing/test-server.ts';
import { useTestServer } from '../../testing/use-test-server.ts';

const api = endpoints.semanticCache;
const dir = mkdtempSync(join(tmpdir(), 'tw-eval-results-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** A row as eval/cache/metrics.ts writes it. */
const row = (threshold: number, recall: number, falseHitShare: number) => ({
  threshold,
  positives: 100,
  negatives: 99,
  correctHits: 0,
  falseHits: 0,
  misses: 0,
  precision: 1,
  recall,
  falseHitShare,
});

describe('GET /v1/semantic-cache/quality', () => {
  const server = useTestServer({ env: { EVAL_RESULTS_DIR: dir } });

  test('before any eval ran, says nothing was measured', async () => {
    const owner = await signUpSubscribed(server);
    const quality = await owner.api.expectOk(api.quality);
    assert.equal(quality.account_threshold, 0.95);
    assert.equal(quality.independent, null);
    assert.equal(quality.template, null);
  });

  test('answers each account the measured figures nearest its own threshold, to every role', async () => {
    writeFileSync(join(dir, 'cache.json'), '{"thresholds": "not what the eval writes"}');
    writeFileSync(
      join(dir, 'cache-independent.json'),
      JSON.stringify({
        generatedAt: '2026-11-26T10:38:31.075Z',
        embedder: 'local-test',
        thresholds: {
          tune: [row(0.95, 0.19, 0), row(0.9, 0.27, 0.01), row(0.85, 0.32, 0.02)],
          heldout: [row(0.95, 0.2, 0.04), row(0.9, 0.25, 0.05), row(0.85, 0.3, 0.06)],
        },
      }),
    );
    const strict = await signUpSubscribed(server);
    const loose = await signUpSubscribed(server);
    await loose.api.expectOk(api.saveConfig, {
      body: { enabled: true, similarity_threshold: 0.86, ttl_seconds: 3600 },
    });

    const a = await strict.api.expectOk(api.quality);
    assert.equal(a.independent?.measured_at, '2026-11-26T10:38:31.075Z');
    assert.match(a.independent?.source ?? '', /cache-independent\.json$/);
    assert.deepEqual(
      [
        a.independent?.heldout.threshold,
        a.independent?.heldout.recall,
        a.independent?.heldout.wrong_hit_share,
      ],
      [0.95, 0.2, 0.04],
    );
    assert.equal(a.independent?.tune.recall, 0.19);
    assert.equal(a.independent?.heldout2, null, 'a file from before the second set has none');
    assert.equal(a.independent?.heldout3, null, 'nor the third set');
    assert.equal(a.independent?.heldout4, null, 'nor the fourth set');
    assert.equal(a.independent?.heldout5, null, 'nor the fifth set');
    assert.equal(a.template, null, 'a cache.json the eval did not write reads as none');

    const b = await loose.api.expectOk(api.quality);
    assert.equal(b.account_threshold, 0.86);
    assert.deepEqual(
      [b.independent?.heldout.threshold, b.independent?.heldout.recall],
      [0.85, 0.3],
    );
    assert.equal(b.independent?.tune.wrong_hit_share, 0.02);

    // A read-only member of the loose account sees that account's figures.
    const reader = await signUp(server);
    await moveToAccount(server, reader.userId, loose.accountId, 'read_only');
    const c = await reader.api.expectOk(api.quality);
    assert.equal(c.account_threshold, 0.86);
    assert.equal(c.independent?.heldout.threshold, 0.85);
  });

  test('shows the second to fifth sets once the eval has scored them', async () => {
    writeFileSync(
      join(dir, 'cache-independent.json'),
      JSON.stringify({
        generatedAt: '2026-11-26T18:00:00.000Z',
        embedder: 'local-test',
        thresholds: {
          tune: [row(0.95, 0.23, 0)],
          heldout: [row(0.95, 0.19, 0.095)],
          heldout2: [row(0.95, 0.21, 0.05), row(0.9, 0.3, 0.08)],
          heldout3: [row(0.95, 0.17, 0.04), row(0.9, 0.26, 0.07)],
          tune3: [row(0.95, 0.24, 0.02)],
          heldout4: [row(0.95, 0.31, 0.025), row(0.9, 0.4, 0.06)],
          tune4: [row(0.95, 0.33, 0.01)],
          heldout5: [row(0.95, 0.12, 0.08)],
          tune5: [row(0.95, 0.14, 0.05)],
        },
      }),
    );
    const owner = await signUpSubscribed(server);
    const quality = await owner.api.expectOk(api.quality);
    assert.equal(quality.independent?.measured_at, '2026-11-26T18:00:00.000Z');
    assert.deepEqual(
      [quality.independent?.heldout2?.recall, quality.independent?.heldout2?.wrong_hit_share],
      [0.21, 0.05],
    );
    assert.deepEqual(
      [quality.independent?.heldout3?.recall, quality.independent?.heldout3?.wrong_hit_share],
      [0.17, 0.04],
    );
    assert.equal(quality.independent?.tune3?.recall, 0.24);
    assert.deepEqual(
      [quality.independent?.heldout4?.recall, quality.independent?.heldout4?.wrong_hit_share],
      [0.31, 0.025],
    );
    assert.equal(quality.independent?.tune4?.wrong_hit_share, 0.01);
    assert.deepEqual(
      [quality.independent?.heldout5?.recall, quality.independent?.heldout5?.wrong_hit_share],
      [0.12, 0.08],
    );
    assert.equal(quality.independent?.tune5?.recall, 0.14);
  });

  test('asks for a session and a subscription', async () => {
    const anonymous = await fetch(`${server.url}/v1/semantic-cache/quality`);
    assert.equal(anonymous.status, 401);
    const unsubscribed = await signUp(server);
    assert.equal((await unsubscribed.api.request(api.quality)).status, 402);
  });
});
