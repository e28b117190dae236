import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { canonicalJson } from './canonical-json.ts';

/** The keys sorted by `.sort()` at every level, as canonicalJson did before decision 204. */
function sortedByBuiltIn(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const members = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(members)
      .sort()
      .map((key) => [key, sortedByBuiltIn(members[key])]),
  );
}

describe('canonicalJson', () => {
  it('orders keys as the built-in sort does, with few keys and many (decision 204)', () => {
    // Decision 204: up to 16 keys are sorted in place by insertion; past that, by `.sort()`.
    const keys = ['role', 'content', 'Z', 'a', '10', '2', 'é', 'e', 'aa', '_', 'A', 'ü'];
    const many = Array.from({ length: 20 }, (_, i) => `k${(i * 7) % 20}`);
    for (const list of [keys, keys.slice(0, 2), [...keys].reverse(), many, [...many, ...keys]]) {
      const value = Object.fromEntries(list.map((key, i) => [key, { [key]: i, b: 1, c: [2] }]));
      assert.equal(canonicalJson(value), JSON.stringify(sortedByBuiltIn(value)));
    }
  });

  it('drops undefined and null members and writes undefined array items as null', () => {
    assert.equal(canonicalJson({ b: null, a: [undefined, 1], c: undefined }), '{"a":[null,1]}');
  });
});
