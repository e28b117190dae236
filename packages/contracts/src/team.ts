import { z } from 'zod';
import { pageLimit } from './analytics.ts';
import { Email, PageOffset, Role, TOTAL_COUNT_HEADER } from './common.ts';

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
/** A role in a team form, with the message a screen shows when it is none of them. */
const TeamRole = z.enum(Role.options, {
  error: `Role must be one of: ${Role.options.join(', ')}`,
});
export const InviteRequest = z.object({ email: Email, role: TeamRole.default('member') });
export type InviteRequest = z.infer<typeof InviteRequest>;
export const ChangeRoleRequest = z.object({ role: TeamRole });
export type ChangeRoleRequest = z.infer<typeof ChangeRoleRequest>;
/** `temporary_password` only when the invite created the user; it is shown once, never again. */
export const InviteResponse = z.object({
  success: z.literal(true),
  member: TeamMember,
  temporary_password: z.string().optional(),
  existing_user: z.boolean(),
});
export type InviteResponse = z.infer<typeof InviteResponse>;
/** A temporary password stops working this long after it was issued (the invite). */
export const TEMPORARY_PASSWORD_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const AccountParams = z.object({ id: z.string().min(1).max(100) });
export const MemberParams = AccountParams.extend({ userId: z.string().min(1).max(100) });

/** Admin lists: server-side search and paging; the body is the page, `X-Total-Count` the total. */
export const ADMIN_PAGE_SIZE = 50;
export const ADMIN_TOTAL_HEADER = TOTAL_COUNT_HEADER;
export const AdminListQuery = z.object({
  search: z.string().trim().max(254).optional(),
  limit: pageLimit(200).default(ADMIN_PAGE_SIZE),
  offset: PageOffset,
});
export type AdminListQuery = z.infer<typeof AdminListQuery>;
export type AdminListQueryInput = z.input<typeof AdminListQuery>;

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
