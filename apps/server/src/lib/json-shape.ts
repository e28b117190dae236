/**
 * Limits on the shape of a parsed JSON body. Depth: every recursive reader after the parser (zod,
 * the providers' translators, the cache key's canonical JSON, JSON.stringify) would overflow the
 * stack on thousands of levels; no real request nests beyond a few dozen. Values: a body of
 * millions of tiny values costs seconds to validate and to hand from a worker to the event loop
 * (about half a microsecond per value each way), while a real request holds a few thousand.
 */
export const JSON_LIMITS = { maxDepth: 128, maxValues: 250_000 } as const;

export type JsonShapeProblem = 'too_deep' | 'too_many_values';

/**
 * Names the first limit `value` breaks, if any. The walk visits values in pre-order, an object's
 * or array's members last to first (the order of the explicit stack it replaced, so a value that
 * breaks both limits names the same one). It recurses at most `maxDepth` + 1 levels, then stops,
 * so a deeper value cannot overflow the stack; no object per value is allocated, as the stack's
 * `{ node, depth }` entries were on every request body.
 */
export function checkJsonShape(
  value: unknown,
  limits: { maxDepth: number; maxValues: number } = JSON_LIMITS,
): JsonShapeProblem | undefined {
  const walk = { values: 0, limits };
  return visit(value, 1, walk);
}

function visit(
  node: unknown,
  depth: number,
  walk: { values: number; limits: { maxDepth: number; maxValues: number } },
): JsonShapeProblem | undefined {
  walk.values += 1;
  if (walk.values > walk.limits.maxValues) return 'too_many_values';
  if (node === null || typeof node !== 'object') return undefined;
  if (depth > walk.limits.maxDepth) return 'too_deep';
  const children = Array.isArray(node) ? node : Object.values(node);
  for (let i = children.length - 1; i >= 0; i -= 1) {
    const problem = visit(children[i], depth + 1, walk);
    if (problem) return problem;
  }
  return undefined;
}

/** A JSON object (not null, not an array): what a field of a parsed body must be to be read into. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
