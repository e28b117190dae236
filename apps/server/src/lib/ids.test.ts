import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { uuidv7 } from './ids.ts';

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('uuidv7', () => {
  it('is a version-7 UUID carrying the millisecond time', () => {
    const at = Date.UTC(2026, 10, 21, 12, 30, 0, 123);
    const id = uuidv7(at);
    assert.match(id, V7);
    assert.equal(Number.parseInt(id.replace('-', '').slice(0, 12), 16), at);
  });

  it('sorts by time and never repeats', () => {
    const ids = Array.from({ length: 2_000 }, (_, i) => uuidv7(1_700_000_000_000 + i));
    assert.deepEqual([...ids].sort(), ids);
    assert.equal(new Set(Array.from({ length: 10_000 }, () => uuidv7(0))).size, 10_000);
  });
});
