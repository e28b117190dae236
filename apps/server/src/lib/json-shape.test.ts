import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkJsonShape, JSON_LIMITS, type JsonShapeProblem } from './json-shape.ts';

/** The walk as it was before decision 213: an explicit stack of `{ node, depth }` entries. */
function stackWalk(
  value: unknown,
  limits: { maxDepth: number; maxValues: number },
): JsonShapeProblem | undefined {
  const stack: { node: unknown; depth: number }[] = [{ node: value, depth: 1 }];
  let values = 0;
  while (stack.length > 0) {
    const { node, depth } = stack.pop() as { node: unknown; depth: number };
    values += 1;
    if (values > limits.maxValues) return 'too_many_values';
    if (node === null || typeof node !== 'object') continue;
    if (depth > limits.maxDepth) return 'too_deep';
    const children = Array.isArray(node) ? node : Object.values(node);
    for (const child of children) stack.push({ node: child, depth: depth + 1 });
  }
  return undefined;
}

/** A small random JSON value (a fixed seed: the same values on every run). */
function randomJson(seed: number): unknown {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const make = (depth: number): unknown => {
    const r = next();
    if (depth > 7 || r < 0.35) return r < 0.1 ? null : r < 0.2 ? 'text' : r;
    const size = Math.floor(next() * 5);
    if (r < 0.65) return Array.from({ length: size }, () => make(depth + 1));
    return Object.fromEntries(Array.from({ length: size }, (_, i) => [`k${i}`, make(depth + 1)]));
  };
  return make(1);
}

test('the walk names the same limit as the stack it replaced, whichever breaks first', () => {
  let problems = 0;
  for (let seed = 1; seed <= 3_000; seed += 1) {
    const value = randomJson(seed);
    for (const limits of [
      { maxDepth: 3, maxValues: 12 },
      { maxDepth: 5, maxValues: 6 },
      { maxDepth: 2, maxValues: 40 },
      JSON_LIMITS,
    ]) {
      const expected = stackWalk(value, limits);
      assert.equal(checkJsonShape(value, limits), expected, `seed ${seed}`);
      if (expected) problems += 1;
    }
  }
  // Both kinds of refusal were compared, not only values that pass.
  assert.ok(problems > 1_000);
});

test('a value nested far past the limit is refused without overflowing the stack', () => {
  const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
  assert.equal(checkJsonShape(deep), 'too_deep');
  assert.equal(checkJsonShape(JSON.parse(`${'{"a":'.repeat(128)}1${'}'.repeat(128)}`)), undefined);
  assert.equal(checkJsonShape(JSON.parse(`${'{"a":'.repeat(129)}1${'}'.repeat(129)}`)), 'too_deep');
  const many = JSON.parse(`[${'0,'.repeat(JSON_LIMITS.maxValues - 1)}0]`);
  assert.equal(checkJsonShape(many), 'too_many_values');
  many.pop();
  assert.equal(checkJsonShape(many), undefined);
});
