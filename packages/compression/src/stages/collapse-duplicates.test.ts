import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SpanTable } from '../protect/span-table.ts';
import { collapseDuplicates } from './collapse-duplicates.ts';
import { collapseRepeatedLines } from './collapse-repeated-lines.ts';

const chunk =
  'Webhooks let your application receive events as they happen, instead of polling the API for changes.';

describe('collapseDuplicates', () => {
  it('keeps the first copy of a repeated paragraph', () => {
    const text = `[1] Webhooks\n${chunk}\n\n[2] Pagination\nPages hold twenty items.\n\n${chunk}`;
    const out = collapseDuplicates(text, 10);
    assert.equal(out.split(chunk).length - 1, 1);
    assert.ok(out.includes('[2] Pagination'));
  });

  it('drops a long sentence repeated where two overlapping chunks meet', () => {
    const a =
      'Leave must be requested at least eight weeks before the expected start date of the leave.';
    const text = `Parents get paid leave. ${a}\n\nSource 2\n${a} On return, a phased return is possible.`;
    const out = collapseDuplicates(text, 10);
    assert.equal(out.split(a).length - 1, 1);
    assert.ok(out.includes('On return, a phased return is possible.'));
  });

  it('keeps short repeated sentences, which repeat on purpose', () => {
    const text = 'Check the cable. Restart the router. Check the cable.';
    assert.equal(collapseDuplicates(text, 10), text);
  });

  it('never collapses repeated code blocks', () => {
    const table = new SpanTable();
    const code = table.protect('```\nretry()\n```');
    const text = `First try:\n\n${code}\n\nThen again:\n\n${code}`;
    assert.equal(collapseDuplicates(text, 6), text);
  });
});

describe('collapseRepeatedLines', () => {
  it('keeps the first copy of a running header repeated on every page', () => {
    const text = 'Acme Corp — Internal\nPage one text.\n\nAcme Corp — Internal\nPage two text.';
    assert.equal(
      collapseRepeatedLines(text),
      'Acme Corp — Internal\nPage one text.\n\nPage two text.',
    );
  });

  it('keeps repeated list items and very short lines', () => {
    const text = '- retry the upload\n- retry the upload\nOK\nOK';
    assert.equal(collapseRepeatedLines(text), text);
  });
});
