import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compressText } from '../compress-text.ts';
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

  it('drops the marker of a heading a system prompt protects as a rule, at aggressive only', () => {
    // "Output" opens rules as a verb, so the heading was protected whole, "##" with it.
    const text =
      '## Role\nYou are a travel planning assistant for Acme.\n\n## Output format\nYour entire response must be a single valid JSON object.';
    const aggressive = compressText(text, 'aggressive', 'system');
    assert.ok(!aggressive.includes('#'), aggressive);
    assert.match(aggressive, /^Output format$/m);
    assert.match(compressText(text, 'balanced', 'system'), /^## Output format$/m);
  });
});
