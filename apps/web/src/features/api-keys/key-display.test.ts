/// <reference types="node" />
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { maskKey, VISIBLE_KEY_CHARS } from './key-display.ts';

describe('maskKey', () => {
  const key = 'tw_9fK2LmQp7xZr4TbW1sYc8NvHd3Je6Ua0';

  test('shows the first 12 characters and nothing after them', () => {
    const masked = maskKey(key);
    assert.ok(masked.startsWith(key.slice(0, VISIBLE_KEY_CHARS)));
    const hidden = masked.slice(VISIBLE_KEY_CHARS);
    assert.match(hidden, /^•+$/);
    assert.ok(!masked.includes(key.slice(VISIBLE_KEY_CHARS, VISIBLE_KEY_CHARS + 4)));
  });

  test('gives keys of different lengths masks of the same length', () => {
    assert.equal(maskKey(key).length, maskKey(`${key}extra-characters`).length);
  });

  test('still masks a key no longer than the visible part', () => {
    assert.notEqual(maskKey('tw_short'), 'tw_short');
    assert.ok(maskKey('tw_short').startsWith('tw_short•'));
  });
});
