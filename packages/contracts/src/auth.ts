import { z } from 'zod';
import { Email, Password, Role } from './common.ts';

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 256;
export const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export const AccountSummary = z.object({ id: z.string(), name: z.string(), role: Role });
export type AccountSummary = z.infer<typeof AccountSummary>;

export const SessionUser = z.object({
  id: z.string(),
  email: z.string(),
  is_superadmin: z.boolean(),
  accounts: z.array(AccountSummary),
});
export type SessionUser = z.infer<typeof SessionUser>;

/**
 * A read-only user (spec section 6: may not change their password) is one read-only in every
 * account they are in; in none, there is no role to hold them back. One rule for server and screen.
 */
export function isReadOnlyUser(accounts: readonly AccountSummary[]): boolean {
  return accounts.length > 0 && accounts.every((a) => a.role === 'read_only');
}

export const LoginRequest = z.object({ email: Email, password: Password });
export type LoginRequest = z.infer<typeof LoginRequest>;

/**
 * The one rule for a password someone chooses (signup, reset, change), on the server and in the
 * web forms. Signing in takes `Password`: accounts may hold passwords older than the rule.
 */
export const newPassword = (tooShort = PASSWORD_TOO_SHORT) =>
  z.string().min(MIN_PASSWORD_LENGTH, tooShort).max(MAX_PASSWORD_LENGTH, 'Password is too long');
export const NewPassword = newPassword();

/** What is wrong with a chosen password under the rule, or null (the forms' check). */
export function newPasswordProblem(password: string, rule = NewPassword): string | null {
  return rule.safeParse(password).error?.issues[0]?.message ?? null;
}

export const SignupRequest = z.object({ email: Email, password: NewPassword });
export type SignupRequest = z.infer<typeof SignupRequest>;

export const AuthResponse = z.object({
  token: z.string(),
  user: SessionUser,
  accounts: z.array(AccountSummary),
  password_reset_required: z.boolean().optional(),
});
export type AuthResponse = z.infer<typeof AuthResponse>;

export const ForgotPasswordRequest = z.object({ email: Email });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;

const MISSING_RESET_TOKEN = 'Invalid or missing reset token';
export const ResetPasswordRequest = z.object({
  // Spec section 8's sentences: an absent token is "missing", one no link could carry "invalid".
  token: z
    .string({ error: MISSING_RESET_TOKEN })
    .min(1, MISSING_RESET_TOKEN)
    .max(200, 'Invalid or expired reset token'),
  new_password: NewPassword,
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

/** Makes another of the caller's accounts the session's active one (spec section 3: listed first). */
export const SwitchAccountRequest = z.object({ account_id: z.string().min(1).max(100) });
export type SwitchAccountRequest = z.infer<typeof SwitchAccountRequest>;

export const ChangePasswordRequest = z.object({
  current_password: Password,
  new_password: newPassword(`New password must be at least ${MIN_PASSWORD_LENGTH} characters long`),
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/**
 * `user` is the caller as the session sees them now (its active account first): the dashboard
 * asks on every navigation and refreshes its stored user, so a role change or a removal made by
 * an admin reaches the screens without signing in again.
 */
export const SubscriptionStatusResponse = z.object({
  has_active_subscription: z.boolean(),
  user: SessionUser.optional(),
});
export type SubscriptionStatusResponse = z.infer<typeof SubscriptionStatusResponse>;
