import { endpoints } from '@tokenwise/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { serve } from '../../lib/endpoint-route.ts';
import { access, caller, MANAGER_ROLES } from '../../plugins/auth.ts';
import { getSamlConfig, saveSamlConfig } from './saml-config.service.ts';

const api = endpoints.saml;

export { samlServiceProviderRoutes } from './sp-routes.ts';

/** GET/PUT /v1/saml/config: the account's identity provider, for owners and admins. */
export const samlConfigRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const managers = access(deps, { roles: MANAGER_ROLES, subscription: true });

  serve(app, api.get, { preHandler: managers }, async (req) =>
    getSamlConfig(deps, caller(req).account.id),
  );

  serve(app, api.save, { preHandler: managers }, async (req, _reply, input) =>
    saveSamlConfig(deps, caller(req).account.id, input.body()),
  );
};
