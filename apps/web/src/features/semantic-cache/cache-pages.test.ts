/// <reference types="node" />
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { clampPage, pageCount, pageOffset, showingText } from './cache-pages.ts';

describe('cached entries pages', () => {
  test('20 entries a page', () => {
    assert.deepEqual([0, 1, 20, 21, 45].map(pageCount), [1, 1, 1, 2, 3]);
    assert.deepEqual([1, 2, 3].map(pageOffset), [0, 20, 40]);
  });

  test('the caption counts what is on screen', () => {
    assert.equal(showingText(3, 5, 45), 'Showing 41–45 of 45 entries');
    assert.equal(showingText(1, 0, 0), 'Showing 0 of 0 entries');
  });

  test('a page emptied by deletes falls back to the last one left', () => {
    assert.equal(clampPage(3, 40), 2);
    assert.equal(clampPage(2, 0), 1);
    assert.equal(clampPage(2, 21), 2);
  });
});
