import type { z } from 'zod';
import { AppError } from '../errors/app-error.ts';
import { readableIssue } from './readable-issue.ts';

/** Parses a body or query with a contract schema; failures become one readable 400. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  // reportInput: zod 4 leaves the bad value out of issues unless asked, and a missing field is
  // told apart from a wrong type by it. readableIssue words every issue the schema has no text for.
  // Only a missing part reads as empty: a JSON null body is no object, even to a save of some fields.
  const result = schema.safeParse(input === undefined ? {} : input, {
    reportInput: true,
    error: readableIssue,
  });
  if (result.success) {
    // After the schema, so a field with its own rule (an API key's characters) says it in its words.
    const withNul = pathOfNul(result.data, '');
    if (withNul !== undefined) {
      throw new AppError(
        400,
        'validation_error',
        `${withNul || 'body'} must not contain NUL characters`,
      );
    }
    return result.data;
  }
  const message = issueToTell(result.error.issues)?.message ?? 'Request is not valid';
  throw new AppError(400, 'validation_error', message);
}

/**
 * The first issue, except zod's own safe-integer range on a whole number (checked before the
 * field's bounds): 1e20 for a TTL would read 'must be at most 9007199254740991'. The field's
 * bound, found on the same path, is what a person can act on.
 */
function issueToTell(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue | undefined {
  const [first] = issues;
  if (!first || !isSafeIntegerRange(first)) return first;
  const path = JSON.stringify(first.path);
  return issues.find((i) => i !== first && JSON.stringify(i.path) === path) ?? first;
}

function isSafeIntegerRange(issue: z.core.$ZodIssue): boolean {
  if (issue.code === 'too_big') return issue.maximum === Number.MAX_SAFE_INTEGER;
  if (issue.code === 'too_small') return issue.minimum === Number.MIN_SAFE_INTEGER;
  return false;
}

/**
 * Where a NUL character sits in a parsed body, if anywhere. PostgreSQL text cannot hold one (it
 * answers an encoding error), so it is refused at the door on both databases alike. Bodies are
 * depth-capped by the JSON parser, so the recursion is bounded.
 */
function pathOfNul(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes('\0') ? path : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const found = pathOfNul(inner, path ? `${path}.${key}` : key);
    if (found !== undefined) return found;
  }
  return undefined;
}
