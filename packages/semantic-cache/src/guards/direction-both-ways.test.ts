import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkGuards } from './check-guards.ts';

// Review of decision 233: "copy from A into B" / "copy from B into A" was refused with the first
// as the cached prompt only. A reversal is one whichever side is cached (decision 236).
describe('a reversed direction, whichever prompt is cached', () => {
  it('refuses the reversal both ways round', () => {
    for (const [a, b] of [
      ['copy from A into B', 'copy from B into A'],
      [
        'copy data from one table to another with a where clause',
        'copy data from another table to this one with a where clause',
      ],
    ]) {
      assert.equal(checkGuards(a as string, b as string), 'negation', `${a} / ${b}`);
      assert.equal(checkGuards(b as string, a as string), 'negation', `${b} / ${a}`);
    }
  });

  it('keeps one direction said two ways, both ways round', () => {
    for (const [a, b] of [
      ['how to convert a string to an int in java', 'java convert string to int'],
      ['convert celsius to fahrenheit', 'celsius to fahrenheit conversion'],
    ]) {
      assert.equal(checkGuards(a as string, b as string), null, `${a} / ${b}`);
      assert.equal(checkGuards(b as string, a as string), null, `${b} / ${a}`);
    }
  });
});
