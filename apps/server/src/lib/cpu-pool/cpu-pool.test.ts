import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { DEFAULT_PII_CONFIG } from '@tokenwise/pii';
import { createCpuPool } from './cpu-pool.ts';

describe('the worker pool: a redaction is refused for its own scan time only', () => {
  const pool = createCpuPool((err) => assert.fail(String(err)));
  after(() => pool.close());
  const config = { ...DEFAULT_PII_CONFIG };

  test("a thread booting after it idled out is not the prompt's cost", async () => {
    // The pool starts with no thread: this task waits for one to load its modules (seconds on a
    // busy machine), then scans a short text in milliseconds. Before the budget started with the
    // scan, the boot used it up and the prompt was refused.
    const result = await pool.redactTexts(config, ['Call Ada at 415-555-2671 or ada@example.org'], {
      maxValues: 100,
      budgetMs: 500,
    });
    assert.ok(result.ok, JSON.stringify(result));
    assert.equal(result.texts[0], 'Call Ada at [PHONE_REDACTED_1] or [EMAIL_REDACTED_1]');
  });

  test('a scan that takes longer than the budget is still refused', async () => {
    // Phone-like digit groups are the detectors' costliest text (~10 ms a kilobyte).
    const slow = '415-555-2671 x 212-555-0199, '.repeat(20_000);
    const result = await pool.redactTexts(config, [slow], { maxValues: 100_000, budgetMs: 20 });
    assert.deepEqual(result, { ok: false, problem: 'over_budget' });
    // The thread that was stopped is replaced; the next prompt is scanned as usual.
    const next = await pool.redactTexts(config, ['mail bob@example.com'], {
      maxValues: 100,
      budgetMs: 5_000,
    });
    assert.ok(next.ok);
  });
});
