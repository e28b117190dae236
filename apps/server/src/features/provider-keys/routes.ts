import { endpoints } from '@tokenwise/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { serve } from '../../lib/endpoint-route.ts';
import { access, caller, MANAGER_ROLES, WRITE_ROLES } from '../../plugins/auth.ts';
import * as providerKeys from './provider-keys.service.ts';

const api = endpoints.providerKeys;

export const providerKeyRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const viewers = access(deps, { roles: WRITE_ROLES, subscription: true });
  // Provider keys spend the account's money: only owners and admins change them.
  const managers = access(deps, { roles: MANAGER_ROLES, subscription: true });

  serve(app, api.list, { preHandler: viewers }, async (req) =>
    providerKeys.listKeys(deps, caller(req)),
  );

  serve(app, api.create, { preHandler: managers }, async (req, _reply, input) =>
    providerKeys.addKey(deps, caller(req), input.body()),
  );

  serve(app, api.delete, { preHandler: managers }, async (req, _reply, input) => {
    const { id } = input.params();
    await providerKeys.deleteKey(deps, caller(req), id);
    return { success: true } as const;
  });
};
