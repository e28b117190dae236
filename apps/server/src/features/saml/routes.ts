import { endpoints } from '@tokenwise/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { serve } from '../../lib/endpoint-route.ts';
import { access, caller, MANAGER_ROLES } from '../../plugins/auth.ts';
import { getSamlConfig, saveSamlConfig } from './saml-config.service.ts';

const api = endpoints.saml;

export { samlServiceProviderRoutes } from './sp-routes.ts';

/** Why an admin may look at the identity provider but not change it. */
export const OWNER_SETS_SSO =
  'Only the account owner can change single sign-on: the identity provider vouches for every member, owners included';

/**
 * GET/PUT /v1/saml/config: the account's identity provider, seen by owners and admins, set by
 * owners. Whoever sets it decides who signs in as whom, owners included; an admin who could
 * point it at an IdP of their own would sign in as the owner and make themselves one.
 */
export const samlConfigRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const managers = access(deps, { roles: MANAGER_ROLES, subscription: true });
  const owners = access(deps, { roles: ['owner'], subscription: true, refusal: OWNER_SETS_SSO });

  serve(app, api.get, { preHandler: managers }, async (req) =>
    getSamlConfig(deps, caller(req).account.id),
  );

  serve(app, api.save, { preHandler: owners }, async (req, _reply, input) =>
    saveSamlConfig(deps, caller(req).account.id, input.body()),
  );
};
