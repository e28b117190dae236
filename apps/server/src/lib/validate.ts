import type { z } from 'zod';
import { AppError } from '../errors/app-error.ts';

/** Parses a body or query with a contract schema; failures become one readable 400. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  // reportInput: zod 4 leaves the bad value out of issues unless asked, and a missing field is
  // told apart from a wrong type by it.
  const result = schema.safeParse(input ?? {}, { reportInput: true });
  if (result.success) return result.data;
  const first = result.error.issues[0];
  const field = first?.path.join('.');
  const generic = first?.message.startsWith('Invalid input') ?? true;
  const message =
    first?.code === 'invalid_type' && first.input === undefined
      ? `${field || 'body'} is required`
      : generic && field
        ? `${field}: ${first?.message}`
        : (first?.message ?? 'Invalid input');
  throw new AppError(400, 'validation_error', message);
}
