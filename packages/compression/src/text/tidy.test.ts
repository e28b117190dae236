import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { tidy } from './tidy.ts';

describe('tidy', () => {
  it('mends the seams removals leave', () => {
    assert.equal(
      tidy('Keys  expire , so rotate them ,. Then test.'),
      'Keys expire, so rotate them. Then test.',
    );
    assert.equal(tidy('A sentence. . Another one.'), 'A sentence. Another one.');
    assert.equal(tidy('Store name.. Next'), 'Store name. Next');
  });

  it('keeps the dot of a name a pruned line now opens with', () => {
    assert.equal(tidy('.env file and key'), '.env file and key');
    assert.equal(tidy(', then the key'), 'then the key');
  });

  it('keeps indentation, ellipses and paragraph breaks', () => {
    const text = 'Steps:\n  - first...\n\n  - second';
    assert.equal(tidy(text), text);
  });
});
