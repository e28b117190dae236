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
    const unstorable = unstorableTextMessage(result.data, 'body');
    if (unstorable !== undefined) throw new AppError(400, 'validation_error', unstorable);
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

// With the u flag a pair is one code point, so only half of one is of category Cs.
const LONE_SURROGATE = /\p{Cs}/u;

const PROBLEM_WORDS = {
  nul: 'NUL characters',
  surrogate: 'broken characters (half a surrogate pair)',
};

/**
 * '`name` must not contain NUL characters' for the first text in `value` no database stores as
 * sent, or undefined. PostgreSQL text cannot hold NUL (it answers an encoding error). Half a
 * surrogate pair ("\ud800" is valid JSON) has no UTF-8 form: SQLite read it back as three U+FFFD
 * and PostgreSQL as one, while the answer echoed it as sent (decision 235). Both are refused at
 * the door, on both databases alike.
 */
export function unstorableTextMessage(value: unknown, whole: string): string | undefined {
  const found = unstorableText(value);
  return found && `${found.path || whole} must not contain ${PROBLEM_WORDS[found.problem]}`;
}

/** 'must not contain NUL characters' (or half surrogate pairs) when `text` is not storable as sent. */
export function unstorableTextRule(text: string): string | undefined {
  const problem = problemOf(text);
  return problem && `must not contain ${PROBLEM_WORDS[problem]}`;
}

function problemOf(text: string): keyof typeof PROBLEM_WORDS | undefined {
  if (text.includes('\0')) return 'nul';
  return LONE_SURROGATE.test(text) ? 'surrogate' : undefined;
}

interface Visit {
  value: unknown;
  key: string;
  parent: Visit | undefined;
}

function unstorableText(
  value: unknown,
): { path: string; problem: keyof typeof PROBLEM_WORDS } | undefined {
  // A loop, not recursion, and the path spelled out only when found: a signed webhook's event is
  // parsed without the body parser's depth cap.
  const pending: Visit[] = [{ value, key: '', parent: undefined }];
  for (let at = pending.pop(); at; at = pending.pop()) {
    if (typeof at.value === 'string') {
      const problem = problemOf(at.value);
      if (problem) return { path: pathOf(at), problem };
    } else if (at.value !== null && typeof at.value === 'object') {
      // Reversed onto the stack, so fields are looked at in order and the first one is named.
      for (const [key, child] of Object.entries(at.value).reverse()) {
        pending.push({ value: child, key, parent: at });
      }
    }
  }
  return undefined;
}

function pathOf(visit: Visit): string {
  const keys: string[] = [];
  for (let at: Visit | undefined = visit; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}
