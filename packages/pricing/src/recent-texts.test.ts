import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RecentTexts } from './recent-texts.ts';

describe('RecentTexts', () => {
  it('works a text out once while it is kept, and again once it has gone', () => {
    const recent = new RecentTexts<number>(100);
    let worked = 0;
    const lengthOf = (text: string) =>
      recent.get(text, () => {
        worked += 1;
        return text.length;
      });
    assert.equal(lengthOf('a'.repeat(8)), 8);
    assert.equal(lengthOf('a'.repeat(8)), 8);
    assert.equal(worked, 1);
    // Eleven more texts of 9 characters: 107 in all, so the first (the least recently read) goes.
    for (let i = 0; i < 11; i++) lengthOf(String.fromCharCode(98 + i).repeat(9));
    assert.ok(recent.heldChars <= 100);
    assert.equal(lengthOf('a'.repeat(8)), 8);
    assert.equal(worked, 13);
  });

  it('keeps the one read last, and counts the values it is told to', () => {
    const recent = new RecentTexts<string>(200, (value) => value.length);
    recent.get('first', () => 'one');
    recent.get('second', () => 'two');
    recent.get('first', () => 'changed');
    assert.equal(recent.heldChars, 5 + 3 + 6 + 3);
    // 'second' was read before 'first' and goes first.
    recent.get('third-one', () => 'x'.repeat(180));
    assert.equal(
      recent.get('first', () => 'recomputed'),
      'one',
    );
    assert.equal(
      recent.get('second', () => 'recomputed'),
      'recomputed',
    );
  });

  it('does not keep a text longer than a tenth of its budget', () => {
    const recent = new RecentTexts<number>(100);
    recent.get('x'.repeat(11), () => 1);
    assert.equal(recent.heldChars, 0);
  });
});
