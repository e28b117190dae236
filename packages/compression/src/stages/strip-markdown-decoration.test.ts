import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { stripMarkdownDecoration } from './strip-markdown-decoration.ts';

describe('stripMarkdownDecoration', () => {
  it('drops heading markers and thematic breaks, keeping the parts apart', () => {
    assert.equal(
      stripMarkdownDecoration('### Document 1: Guide\nText.\n\n---\n\nQuestion: why?'),
      'Document 1: Guide\nText.\n\nQuestion: why?',
    );
    assert.equal(
      stripMarkdownDecoration('Signed, Ann\n***\nNext part'),
      'Signed, Ann\n\nNext part',
    );
  });

  it('keeps a hash that is no heading marker and a table rule', () => {
    for (const text of ['#1 priority today', 'Item #4 is late', '| a | b |\n|---|---|\n| 1 | 2 |'])
      assert.equal(stripMarkdownDecoration(text), text);
  });
});
