import { z } from 'zod';
import { IdParams, SuccessResponse } from '../common.ts';
import { jsonEndpoint } from '../endpoint.ts';
import {
  AccountParams,
  AccountWithMembers,
  AdminAccount,
  AdminListQuery,
  AdminUser,
  ChangeRoleRequest,
  InviteRequest,
  InviteResponse,
  MemberParams,
} from '../team.ts';

/** An account's members; `:id` must be the caller's active account. */
export const teamEndpoints = {
  get: jsonEndpoint({
    method: 'GET',
    path: '/v1/accounts/:id',
    params: AccountParams,
    response: AccountWithMembers,
  }),
  /** Adds an existing user, or creates one with a temporary password answered once. */
  invite: jsonEndpoint({
    method: 'POST',
    path: '/v1/accounts/:id/members',
    params: AccountParams,
    body: InviteRequest,
    response: InviteResponse,
    status: 201,
  }),
  changeRole: jsonEndpoint({
    method: 'PUT',
    path: '/v1/accounts/:id/members/:userId/role',
    params: MemberParams,
    body: ChangeRoleRequest,
    response: SuccessResponse,
  }),
  remove: jsonEndpoint({
    method: 'DELETE',
    path: '/v1/accounts/:id/members/:userId',
    params: MemberParams,
    response: SuccessResponse,
  }),
};

/** The platform console: superadmins only. Lists answer one page; `X-Total-Count` is the total. */
export const adminEndpoints = {
  users: jsonEndpoint({
    method: 'GET',
    path: '/v1/admin/users',
    query: AdminListQuery,
    response: z.array(AdminUser),
  }),
  deleteUser: jsonEndpoint({
    method: 'DELETE',
    path: '/v1/admin/users/:id',
    params: IdParams,
    response: SuccessResponse,
  }),
  accounts: jsonEndpoint({
    method: 'GET',
    path: '/v1/admin/accounts',
    query: AdminListQuery,
    response: z.array(AdminAccount),
  }),
};
