import { z } from 'zod';
import { Email, Role } from './common.ts';

export const TeamMember = z.object({
  user_id: z.string(),
  email: z.string(),
  role: Role,
  created_at: z.string(),
});
export type TeamMember = z.infer<typeof TeamMember>;
export const AccountWithMembers = z.object({
  id: z.string(),
  name: z.string(),
  members: z.array(TeamMember),
});
export type AccountWithMembers = z.infer<typeof AccountWithMembers>;
export const InviteRequest = z.object({ email: Email, role: Role.default('member') });
export const ChangeRoleRequest = z.object({ role: Role });
export const InviteResponse = z.object({
  success: z.literal(true),
  temporary_password: z.string().optional(),
  existing_user: z.boolean(),
});

export const AdminUser = z.object({
  id: z.string(),
  email: z.string(),
  is_superadmin: z.boolean(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof AdminUser>;
export const AdminAccount = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  members: z.array(
    z.object({ user_id: z.string(), email: z.string(), role: Role, joined_at: z.string() }),
  ),
  subscription: z
    .object({
      tier: z.string(),
      is_active: z.boolean(),
      monthly_token_quota: z.number(),
      current_period_start: z.string(),
      current_period_end: z.string(),
    })
    .nullable(),
  usage: z.object({ tokens_used: z.number(), quota_percentage: z.number().nullable() }),
});
export type AdminAccount = z.infer<typeof AdminAccount>;
