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

  it("drops a bulleted item's marker, keeping its indent and numbered items (decision 163)", () => {
    assert.equal(
      stripMarkdownDecoration('Details:\n- Date: Friday\n  * nested\n• dot\n1. first\n2) second'),
      'Details:\nDate: Friday\n  nested\ndot\n1. first\n2) second',
    );
    assert.equal(stripMarkdownDecoration('Details:\n+ plus\n+ more'), 'Details:\nplus\nmore');
    // Not a marker: a negative number, emphasis, a dash with nothing after it.
    for (const text of ['-5 degrees tonight', '*bold* text', 'a - b'])
      assert.equal(stripMarkdownDecoration(text), text);
  });

  it('drops the markers of a protected list in the instruction at balanced and aggressive', () => {
    const text =
      'Need a plan for a lunch. Details:\n- Date: Friday 28 November\n- Guests: 45\n- No alcohol before 14:00\n\nGive me a timeline.';
    const opts = { isLastUserMessage: true };
    for (const level of ['balanced', 'aggressive'] as const) {
      const out = compressText(text, level, 'user', opts);
      assert.doesNotMatch(out, /^- /m);
      assert.match(out, /^Date: Friday 28 November\nGuests: 45\nNo alcohol before 14:00$/m);
    }
    assert.match(compressText(text, 'conservative', 'user', opts), /^- Guests: 45$/m);
  });

  it('drops only the list markers at balanced: headings and breaks stay (decision 221)', () => {
    assert.equal(
      stripMarkdownDecoration('## Plan\n- Date: Friday\n  * nested\n\n---\n\n1. first', 'bullets'),
      '## Plan\nDate: Friday\n  nested\n\n---\n\n1. first',
    );
    const text = '## Output format\nReturn one JSON object.\n- Keys: id, name';
    assert.equal(
      compressText(text, 'balanced', 'system'),
      '## Output format\nReturn one JSON object.\nKeys: id, name',
    );
  });

  // Review of decision 221: balanced took them from every list, as aggressive did.
  it('keeps the markers where they say more than where an item starts', () => {
    for (const text of [
      // A diff's removed and added lines, pros and cons.
      "Here's the diff:\n- timeout = 30\n+ timeout = 60\nIs this change safe?",
      'The flat:\n+ big kitchen\n+ near the station\n- noisy street\n- no parking\nShould I take it?',
      // Items wrapped onto lines of their own: without the markers "contract" reads as an item.
      'To do after the call:\n- Call the bank about the\nloan before Friday\n- Email Tom the new\ncontract\n- Book the venue',
      // A footnote of one price: without its star it reads as said of every price.
      'Prices:\n* Desk £40*\n* Chair £25\n* excluding VAT\nWhich is cheaper with VAT?',
    ]) {
      for (const what of ['all', 'bullets'] as const)
        assert.equal(stripMarkdownDecoration(text, what), text);
      for (const level of ['balanced', 'aggressive'] as const)
        assert.match(compressText(text, level, 'user'), /^[-+*] .*\n(?:.*\n)?[-+*] /m, level);
    }
    assert.equal(
      stripMarkdownDecoration('Prices:\nDesk £40*\nChair £25\n* excluding VAT', 'bullets'),
      'Prices:\nDesk £40*\nChair £25\n* excluding VAT',
    );
    // Emphasis is no footnote's star.
    assert.equal(
      stripMarkdownDecoration('Some *italic* and **bold**:\n* one\n* two', 'bullets'),
      'Some *italic* and **bold**:\none\ntwo',
    );
    // A hanging indent still tells the wrapped line from the next item.
    assert.equal(
      stripMarkdownDecoration('Notes:\n- Call the bank about the\n  loan\n- Email Tom', 'bullets'),
      'Notes:\nCall the bank about the\n  loan\nEmail Tom',
    );
  });
});
