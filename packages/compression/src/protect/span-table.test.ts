import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isPlaceholderOnly, SpanTable } from './span-table.ts';

describe('SpanTable', () => {
  it('restores every protected span exactly, nested ones included', () => {
    const table = new SpanTable();
    const url = table.protect('https://example.com/a?b=1');
    const quote = table.protect(`"see ${url} now"`);
    const masked = `Read ${quote} and ${table.protect('`x  y`')}.`;
    assert.equal(table.restore(masked), 'Read "see https://example.com/a?b=1 now" and `x  y`.');
  });

  it('gives equal spans the same placeholder and different spans different ones', () => {
    const table = new SpanTable();
    assert.equal(table.protect('42'), table.protect('42'));
    assert.notEqual(table.protect('42'), table.protect('43'));
  });

  it('tells the restored length without restoring', () => {
    const table = new SpanTable();
    const masked = `a ${table.protect('long protected span')} b`;
    assert.equal(table.restoredLength(masked), table.restore(masked).length);
  });

  it('recognises text made only of placeholders', () => {
    const table = new SpanTable();
    assert.ok(isPlaceholderOnly(` ${table.protect('```code```')} `));
    assert.ok(!isPlaceholderOnly(`${table.protect('x')} words`));
  });
});
