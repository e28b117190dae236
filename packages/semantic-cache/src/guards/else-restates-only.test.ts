import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkGuards } from './check-guards.ts';

// Sentences written for these tests, not taken from an eval file (decision 248).
const bothWays = (a: string, b: string) => [checkGuards(a, b), checkGuards(b, a)];

describe('"nobody else" / "nothing else" says "only" (decision 248)', () => {
  it('passes "X, nobody else" against "only X"', () => {
    assert.deepEqual(
      bothWays(
        'nginx: allow the admin page for 192.168.1.20, nobody else',
        'nginx: allow the admin page only for 192.168.1.20',
      ),
      [null, null],
    );
    assert.deepEqual(
      bothWays(
        'iam policy so the deploy user can read the bucket and nothing else',
        'iam policy so the deploy user can only read the bucket',
      ),
      [null, null],
    );
  });

  it('still refuses the restriction against none, and a plain negation', () => {
    assert.notDeepEqual(
      bothWays(
        'nginx: allow the admin page for 192.168.1.20, nobody else',
        'nginx: allow the admin page for 192.168.1.20',
      ),
      [null, null],
    );
    assert.notDeepEqual(
      bothWays(
        'iam policy so the deploy user can read the bucket and nothing else',
        'iam policy so the deploy user can read the bucket and everything else',
      ),
      [null, null],
    );
    assert.notDeepEqual(bothWays('nobody can read the bucket', 'everybody can read the bucket'), [
      null,
      null,
    ]);
  });
});
