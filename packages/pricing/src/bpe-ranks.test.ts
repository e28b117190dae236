import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import { readRanks } from './bpe-ranks.ts';

const packaged = (name: string) =>
  (createRequire(import.meta.url)(`gpt-tokenizer/bpeRanks/${name}`) as { default: unknown[] })
    .default;

describe('readRanks', () => {
  for (const name of ['o200k_base', 'cl100k_base'] as const) {
    it(`reads the same ${name} ranks as gpt-tokenizer's generated module holds`, () => {
      const ours = readRanks(name);
      const theirs = packaged(name);
      assert.equal(ours.length, theirs.length);
      let differences = 0;
      for (let rank = 0; rank < theirs.length; rank++) {
        if (JSON.stringify(ours[rank]) !== JSON.stringify(theirs[rank])) differences += 1;
      }
      assert.equal(differences, 0);
    });
  }
});
