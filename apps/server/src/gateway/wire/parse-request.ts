import type { z } from 'zod';
import { GatewayError } from '../types.ts';

/**
 * A caller's body checked against a schema; the first problem becomes a 400 the caller's SDK
 * shows as is, naming where it is (`messages.0.role: Invalid option…`).
 */
export function parseRequest<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const first = parsed.error.issues[0];
  const issue = first && closestIssue(first);
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  throw new GatewayError(
    400,
    `${where}${issue?.message ?? 'Invalid request'}`,
    'invalid_request_error',
  );
}

type Issue = z.core.$ZodIssue;

/**
 * Zod words a failed union as "Invalid input" at the union, which hides what is wrong when the
 * value is a list of blocks (`content`: a string or blocks). The issue of the branch that read
 * deepest into the value is the one the caller meant (its blocks, not a string), so it is named
 * instead, with the field it is about (`messages.2.content.0.source: …`; decision 162). When every
 * branch failed at the value itself, the union's own message stays.
 */
function closestIssue(issue: Issue): Issue {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return issue;
  let best: Issue | undefined;
  for (const branch of issue.errors) {
    const first = branch[0] && closestIssue(branch[0]);
    if (first && first.path.length > (best?.path.length ?? 0)) best = first;
  }
  return best ? { ...best, path: [...issue.path, ...best.path] } : issue;
}
