import { endpoints } from '@tokenwise/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { serve } from '../../lib/endpoint-route.ts';
import { ALL_ROLES, access, caller } from '../../plugins/auth.ts';
import { readFirstSteps } from './getting-started.repository.ts';

const api = endpoints.gettingStarted;

/** GET /v1/getting-started: the dashboard's first-run checklist, from what the account has. */
export const gettingStartedRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (
  app,
  { deps },
) => {
  const viewers = access(deps, { roles: ALL_ROLES, subscription: true });
  const serverHasProviderKey = Object.values(deps.config.providers).some((p) => !!p.apiKey);

  serve(app, api.status, { preHandler: viewers }, async (req) => {
    const steps = await readFirstSteps(deps.db.kysely, caller(req).account.id);
    const providerKey = steps.providerKey || serverHasProviderKey;
    return {
      gateway_key: steps.gatewayKey,
      provider_key: providerKey,
      provider_key_from_server: serverHasProviderKey,
      first_request: steps.firstRequest,
      done: steps.gatewayKey && providerKey && steps.firstRequest,
    };
  });
};
