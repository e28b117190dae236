/**
 * Limits on the shape of a parsed JSON body. Depth: every recursive reader after the parser (zod,
 * the providers' translators, the cache key's canonical JSON, JSON.stringify) would overflow the
 * stack on thousands of levels; no real request nests beyond a few dozen. Values: a body of
 * millions of tiny values costs seconds to validate and to hand from a worker to the event loop
 * (about half a microsecond per value each way), while a real request holds a few thousand.
 */
export const JSON_LIMITS = { maxDepth: 128, maxValues: 250_000 } as const;

export type JsonShapeProblem = 'too_deep' | 'too_many_values';

/** Walks `value` without recursion and names the first limit it breaks, if any. */
export function checkJsonShape(
  value: unknown,
  limits: { maxDepth: number; maxValues: number } = JSON_LIMITS,
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

/** A JSON object (not null, not an array): what a field of a parsed body must be to be read into. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
