import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import v8 from 'node:v8';
import { withFields } from './with-fields.ts';

// V8's own check of two objects' hidden class; the flag applies to code compiled after it is set.
v8.setFlagsFromString('--allow-natives-syntax');
const sameHiddenClass = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (
  a: object,
  b: object,
) => boolean;

describe('withFields', () => {
  it('is the spread: keys, their order and values, a replaced key in its first place', () => {
    const base = { id: 'a', index: 3, message: 'm', extra: null };
    const copy = withFields(base, { index: 0, added: true });
    assert.deepEqual(Object.entries(copy), Object.entries({ ...base, index: 0, added: true }));
    assert.deepEqual(base, { id: 'a', index: 3, message: 'm', extra: null });
  });

  it("keeps a parsed answer's own __proto__ key as a key, as the spread does", () => {
    const parsed = JSON.parse('{"__proto__":{"x":1},"a":2}') as Record<string, unknown>;
    const copy = withFields(parsed, { b: 3 });
    assert.equal(JSON.stringify(copy), JSON.stringify({ ...parsed, b: 3 }));
    assert.equal(Object.getPrototypeOf(copy), Object.prototype);
  });

  it('gives copies of one shape one hidden class, call after call', () => {
    const copyOf = (i: number) => withFields({ url: 'u', json: i }, { body: String(i) });
    for (let i = 0; i < 50; i++) copyOf(i);
    assert.equal(sameHiddenClass(copyOf(1), copyOf(2)), true);
  });
});
