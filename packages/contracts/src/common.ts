import { z } from 'zod';

/** Every error answer: a stable code for programs and a message the screen can show as is. */
export const ErrorResponse = z.object({ error: z.string(), message: z.string() });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** A paged list's answer header: how many rows the whole (filtered) list holds. */
export const TOTAL_COUNT_HEADER = 'x-total-count';
/**
 * Sent as `true` beside `X-Total-Count` when the list holds more rows than the server counted:
 * the total is then a floor (the screen shows "1,000+"). Absent when the total is exact.
 */
export const TOTAL_COUNT_CAPPED_HEADER = 'x-total-count-capped';

/** Where a page starts in a list paged by offset. */
export const PageOffset = z.coerce.number().int().min(0).max(10_000_000).default(0);

export const SuccessResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
});
export type SuccessResponse = z.infer<typeof SuccessResponse>;

export const Role = z.enum(['owner', 'admin', 'member', 'read_only']);
export type Role = z.infer<typeof Role>;
/** Who may do what (product spec section 6): the server checks these, the screens mirror them. */
export const ALL_ROLES: readonly Role[] = Role.options;
/** Everyone who may send requests and change things; read-only members only look. */
export const WRITE_ROLES: readonly Role[] = ['owner', 'admin', 'member'];
/** Settings that change the whole account's spend or answers: owners and admins. */
export const MANAGER_ROLES: readonly Role[] = ['owner', 'admin'];

/** Whether the active account's role is one of `allowed`; no known role is none of them. */
export function hasRole(role: Role | undefined, allowed: readonly Role[]): boolean {
  return role !== undefined && allowed.includes(role);
}

/** The `:id` of a path; bounded like every other string the API takes. */
export const IdParams = z.object({ id: z.string().min(1).max(100) });
export type IdParams = z.infer<typeof IdParams>;

/** Caps keep every string field bounded so no request can store megabytes in a name. */
export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email('Enter a valid email address'));
export const Password = z.string().min(1, 'Password is required').max(256, 'Password is too long');
