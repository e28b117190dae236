import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DEFAULT_PII_CONFIG } from '@tokenwise/pii';
import { redactTexts } from './cpu-tasks.ts';

describe('redactTexts (a large prompt, in the worker thread)', () => {
  test('reads the texts at the json indexes as tool call arguments, as the event loop does', () => {
    // Over 4 K characters a prompt is redacted here: its calls' arguments must be read as JSON
    // too, a value after an escape included, and come back as valid JSON.
    const args = JSON.stringify({ note: `${'Notes.\n'.repeat(600)}415-555-2671`, to: 'a@b.io' });
    const texts = ['Send it to a@b.io', args, 'sent'];
    const result = redactTexts(DEFAULT_PII_CONFIG, texts, [1], 100);
    assert.ok(result.ok);
    assert.deepEqual(result.texts[0], 'Send it to [EMAIL_REDACTED_1]');
    assert.deepEqual(JSON.parse(result.texts[1] ?? ''), {
      note: `${'Notes.\n'.repeat(600)}[PHONE_REDACTED_1]`,
      to: '[EMAIL_REDACTED_1]',
    });
    assert.equal(result.texts[2], null, 'a text with nothing found comes back as null');
  });
});
