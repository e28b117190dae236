import { z } from 'zod';
import { Email, Password, Role } from './common.ts';

export const MIN_PASSWORD_LENGTH = 8;
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

export const LoginRequest = z.object({ email: Email, password: Password });
export type LoginRequest = z.infer<typeof LoginRequest>;

export const SignupRequest = z.object({ email: Email, password: Password });
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

export const ResetPasswordRequest = z.object({
  token: z.string().min(1, 'Invalid or missing reset token').max(200),
  new_password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, 'Password must be at least 8 characters long')
    .max(256, 'Password is too long'),
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

export const ChangePasswordRequest = z.object({
  current_password: Password,
  new_password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, 'New password must be at least 8 characters long')
    .max(256, 'Password is too long'),
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

export const SubscriptionStatusResponse = z.object({ has_active_subscription: z.boolean() });
export type SubscriptionStatusResponse = z.infer<typeof SubscriptionStatusResponse>;
