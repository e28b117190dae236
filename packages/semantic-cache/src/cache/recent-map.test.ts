import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RecentMap } from './recent-map.ts';

describe('RecentMap', () => {
  it('forgets the key used longest ago once over capacity; a read counts as use', () => {
    const recent = new RecentMap<string, number>(2);
    recent.set('a', 1);
    recent.set('b', 2);
    assert.equal(recent.get('a'), 1);
    recent.set('c', 3);
    assert.equal(recent.get('b'), undefined);
    assert.equal(recent.get('a'), 1);
    assert.equal(recent.get('c'), 3);
  });
});
