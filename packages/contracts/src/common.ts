import { z } from 'zod';

/** Every error answer: a stable code for programs and a message the screen can show as is. */
export const ErrorResponse = z.object({ error: z.string(), message: z.string() });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const SuccessResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
});
export type SuccessResponse = z.infer<typeof SuccessResponse>;

export const Role = z.enum(['owner', 'admin', 'member', 'read_only']);
export type Role = z.infer<typeof Role>;

/** Caps keep every string field bounded so no request can store megabytes in a name. */
export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email('Enter a valid email address'));
export const Password = z.string().min(1, 'Password is required').max(256, 'Password is too long');
