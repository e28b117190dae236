import { endpoints } from '@tokenwise/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { serve } from '../../lib/endpoint-route.ts';
import { ALL_ROLES, access, caller, MANAGER_ROLES } from '../../plugins/auth.ts';
import * as routing from './routing.service.ts';

const api = endpoints.routing;

/** GET /v1/routing/stats, GET/PUT /v1/routing/config. */
export const routingRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const viewers = access(deps, { roles: ALL_ROLES, subscription: true });
  const managers = access(deps, { roles: MANAGER_ROLES, subscription: true });

  serve(app, api.stats, { preHandler: viewers }, async (req) => {
    const accountId = caller(req).account.id;
    return routing.getRoutingStats(deps, accountId, () =>
      app.gateway.routingGuard.status(accountId),
    );
  });
  serve(app, api.getConfig, { preHandler: viewers }, async (req) =>
    routing.getRoutingConfig(deps, caller(req).account.id),
  );
  serve(app, api.saveConfig, { preHandler: managers }, async (req, _reply, input) =>
    routing.setRoutingConfig(deps, caller(req).account.id, input.body()),
  );
};
