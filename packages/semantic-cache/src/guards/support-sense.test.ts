import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkGuards } from './check-guards.ts';

// Sentences written for these tests, not taken from an eval file (decision 233).
const bothWays = (a: string, b: string) => [checkGuards(a, b), checkGuards(b, a)];

describe('"support" is an audience only where one is addressed (decision 233)', () => {
  it('reads the verb and the noun of what a thing can do as plain words', () => {
    assert.deepEqual(
      bothWays('does sqlite support window functions', 'can sqlite do window functions'),
      [null, null],
    );
    assert.deepEqual(
      bothWays(
        'which browsers have support for the dialog element',
        'which browsers can use the dialog element',
      ),
      [null, null],
    );
  });

  it('still refuses the support team added as the audience', () => {
    assert.deepEqual(
      bothWays(
        'write a short note about this outage for the support team',
        'write a short note about this outage',
      ),
      ['instruction', 'instruction'],
    );
    assert.deepEqual(bothWays('explain this outage to support', 'explain this outage'), [
      'instruction',
      'instruction',
    ]);
  });

  // Review of decision 233: "customer support", "Apple support" after "to" or "for" are the
  // people written to, as "the support team" is.
  it('refuses support named with one word before it as the audience', () => {
    assert.deepEqual(
      bothWays(
        'draft an email to customer support asking for a refund',
        'draft an email to a customer about a refund',
      ),
      ['instruction', 'instruction'],
    );
    assert.deepEqual(
      bothWays(
        'write an email to Apple support about my broken iPhone',
        'write an email about my broken iPhone',
      ),
      ['instruction', 'instruction'],
    );
  });
});
