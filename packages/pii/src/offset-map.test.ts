import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { originalIndex } from './offset-map.ts';
import { DEFAULT_PII_CONFIG } from './pii-config.ts';
import { RedactionSession } from './redaction-session.ts';

const DOCUMENT = 'Contact jane.doe@example.com about the invoice. The total is 420 EUR.';

/** The redacted document and its map, as the gateway redacts a plain-text document. */
function redacted(texts: string[], mapped: number[]) {
  const session = new RedactionSession(DEFAULT_PII_CONFIG);
  return { session, ...session.redactAllMapped(texts, undefined, mapped) };
}

describe('offset maps', () => {
  it('turn a span of the redacted text into the same passage of the original', () => {
    const { texts, offsets } = redacted([DOCUMENT], [0]);
    const sent = texts[0] as string;
    const map = offsets[0] ?? [];
    assert.deepEqual(map, [8, '[EMAIL_REDACTED_1]'.length, 'jane.doe@example.com'.length]);
    const start = sent.indexOf('The total');
    const from = originalIndex(map, start, 'start');
    const to = originalIndex(map, sent.length, 'end');
    assert.equal(DOCUMENT.slice(from, to), 'The total is 420 EUR.');
    // Before the placeholder nothing moves.
    assert.equal(originalIndex(map, 7, 'start'), 7);
  });

  it('widen an index inside a placeholder to the whole value', () => {
    const { offsets } = redacted([DOCUMENT], [0]);
    const map = offsets[0] ?? [];
    // "Contact [EMAIL_RED" … "ACTED_1] about": both ends fall inside the placeholder.
    assert.equal(originalIndex(map, 12, 'start'), 8);
    assert.equal(originalIndex(map, 12, 'end'), 8 + 'jane.doe@example.com'.length);
    // The placeholder's own bounds are the value's.
    assert.equal(originalIndex(map, 8, 'start'), 8);
    assert.equal(originalIndex(map, 8 + '[EMAIL_REDACTED_1]'.length, 'end'), 28);
  });

  it('keep each text apart, with numbering shared across the request', () => {
    const doc = 'Write to a@example.com or +1 415 555 2671, then b@example.com.';
    const { texts, offsets } = redacted(['Hi a@example.com', doc], [1]);
    assert.equal(offsets.length, 1);
    const sent = texts[1] as string;
    const map = offsets[0] ?? [];
    assert.equal(map.length, 9, 'three placeholders');
    const start = sent.indexOf('then');
    assert.equal(
      doc.slice(originalIndex(map, start, 'start'), originalIndex(map, sent.length, 'end')),
      'then b@example.com.',
    );
  });

  it('say where restoring an answer changes its length', () => {
    const { session } = redacted([DOCUMENT], []);
    const answer = 'Ask [EMAIL_REDACTED_1] or [EMAIL_REDACTED_9] at example.com.';
    const map = session.restoreOffsets(answer);
    // Only placeholders the session issued: the caller's own token stays as written.
    assert.deepEqual(map, [4, 18, 20]);
    const restored = session.restore(answer);
    const at = answer.indexOf('example.com.');
    const from = originalIndex(map, at, 'start');
    assert.equal(restored.slice(from, from + 'example.com'.length), 'example.com');
  });
});
