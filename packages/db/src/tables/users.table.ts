import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely';

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  is_superadmin: number;
  /** 1 while the user holds a temporary password that must be changed at next login. */
  password_reset_required: number;
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
  created_at: number;
  expires_at: number;
  /** Set for a SAML sign-in: the session reaches only this account, and never as superadmin. */
  account_id: ColumnType<string | null, string | null | undefined, string | null>;
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
