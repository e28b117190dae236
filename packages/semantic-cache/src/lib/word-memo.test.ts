import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { wordMemo } from './word-memo.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

describe('wordMemo', () => {
  it('keeps its words, not the prompts they were cut from', () => {
    const memo = wordMemo(50_000, (word) => word.slice(0, -1));
    const texts = 200;
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < texts; i++) {
      // A 100 KB prompt with one new long word in it, as a tokeniser's match cuts it out.
      const prompt = `${'the '.repeat(25_000)}identifiers${i.toString().padStart(6, '0')} end`;
      const at = prompt.indexOf('identifiers');
      assert.equal(
        memo(prompt.slice(at, at + 17)),
        `identifiers${i.toString().padStart(6, '0')}`.slice(0, -1),
      );
    }
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    // 200 words of 17 characters and their values: a few tens of KB; the prompts were 20 MB.
    assert.ok(grown < 2_000_000, `${(grown / 1e6).toFixed(1)} MB kept`);
  });
});
