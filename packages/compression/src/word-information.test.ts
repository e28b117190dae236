import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { selfInformation, wordRank } from './word-information.ts';

describe('word information', () => {
  it('ranks common words before rare ones', () => {
    assert.equal(wordRank('the'), 1);
    assert.ok((wordRank('a') ?? Infinity) < 10 && (wordRank('i') ?? Infinity) < 100);
    assert.ok((wordRank('house') ?? Infinity) < (wordRank('veterinarian') ?? Infinity));
  });

  it('gives rarer words more bits, and unlisted words the most', () => {
    assert.ok(selfInformation('the') < selfInformation('house'));
    assert.ok(selfInformation('house') < selfInformation('veterinarian'));
    assert.ok(selfInformation('veterinarian') < selfInformation('zzqxjv'));
  });

  it('scores a contraction or possessive by its stem', () => {
    assert.equal(selfInformation("company's"), selfInformation('company'));
  });
});
