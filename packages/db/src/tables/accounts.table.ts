import type { Selectable } from 'kysely';

export const ROLES = ['owner', 'admin', 'member', 'read_only'] as const;
export type Role = (typeof ROLES)[number];

export interface AccountsTable {
  id: string;
  name: string;
  created_at: number;
}
export type AccountRow = Selectable<AccountsTable>;

export interface MembershipsTable {
  account_id: string;
  user_id: string;
  role: Role;
  created_at: number;
}
export type MembershipRow = Selectable<MembershipsTable>;
