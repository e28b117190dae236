import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkGuards } from './check-guards.ts';

// Sentences written for these tests, not taken from an eval file (decision 248).
const bothWays = (a: string, b: string) => [checkGuards(a, b), checkGuards(b, a)];

describe('a qualifying phrase ends at a comma (decision 248)', () => {
  it('refuses a phrase added before a comma when the clause after it is shared', () => {
    assert.deepEqual(
      bothWays(
        'Excel: how do I show the dates in ISO format, two columns side by side?',
        'Excel: how do I show the dates, two columns side by side?',
      ),
      ['instruction', 'instruction'],
    );
    assert.deepEqual(
      bothWays(
        'Google Docs: number the pages in Roman numerals, first page without a number',
        'Google Docs: number the pages, first page without a number',
      ),
      ['instruction', 'instruction'],
    );
  });

  it('still passes a phrase that leans on a word both sides share', () => {
    assert.deepEqual(
      bothWays(
        'how do I read a file line by line in a Go program, with error handling',
        'how do I read a file line by line in Go, with error handling',
      ),
      [null, null],
    );
  });
});
