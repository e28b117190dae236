import type { z } from 'zod';
import { GatewayError } from '../types.ts';

/**
 * A caller's body checked against a schema; the first problem becomes a 400 the caller's SDK
 * shows as is, naming where it is (`messages.0.role: Invalid option…`).
 */
export function parseRequest<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  throw new GatewayError(
    400,
    `${where}${issue?.message ?? 'Invalid request'}`,
    'invalid_request_error',
  );
}
