import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  is_superadmin: number;
  /** 1 while the user holds a temporary password that must be changed at next login. */
  password_reset_required: number;
  /** When the temporary password (set by an invite) stops working; null for a chosen password. */
  password_expires_at: number | null;
  /** 1 for a user a SAML sign-in created, who has never chosen a password (decision 082). */
  sso_only: Generated<number>;
  created_at: number;
  updated_at: number;
}
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

export interface SessionsTable {
  /** sha256 of the bearer token; the token itself is never stored. */
  token_hash: string;
  user_id: string;
  /** The account the session works in; null or a lost membership falls back to the first one. */
  account_id: string | null;
  created_at: number;
  expires_at: number;
  /** 1 for a SAML sign-in: the session reaches only `account_id`, and never as superadmin. */
  confined: ColumnType<number, number | undefined, number>;
}
export type SessionRow = Selectable<SessionsTable>;

export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}
export type PasswordResetRow = Selectable<PasswordResetsTable>;
