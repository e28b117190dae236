import { ADMIN_TOTAL_HEADER, endpoints } from '@tokenwise/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { serve } from '../../lib/endpoint-route.ts';
import { ALL_ROLES, access, signedInCaller } from '../../plugins/auth.ts';
import * as admin from './admin.service.ts';

const api = endpoints.admin;

/** The platform console: the user's superadmin flag decides, whatever their role in any account. */
export const adminRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  // The flag is the user's, and the console reads every account but works in none of its own: an
  // operator removed from their last account (or whose account was deleted) still runs it.
  const superadmin = access(deps, {
    roles: ALL_ROLES,
    subscription: false,
    superadmin: true,
    accountless: true,
  });

  serve(app, api.users, { preHandler: superadmin }, async (_req, reply, input) => {
    const page = await admin.listUsers(deps, input.query());
    reply.header(ADMIN_TOTAL_HEADER, String(page.total));
    return page.items;
  });

  serve(app, api.deleteUser, { preHandler: superadmin }, async (req, _reply, input) => {
    const message = await admin.deleteUser(deps, signedInCaller(req).user.id, input.params().id);
    return { success: true, message } as const;
  });

  serve(app, api.accounts, { preHandler: superadmin }, async (_req, reply, input) => {
    const page = await admin.listAccounts(deps, input.query());
    reply.header(ADMIN_TOTAL_HEADER, String(page.total));
    return page.items;
  });
};
