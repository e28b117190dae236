import { RoutingConfig } from '@tokenwise/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { parseInput } from '../../lib/validate.ts';
import { ALL_ROLES, access, caller, MANAGER_ROLES } from '../../plugins/auth.ts';
import * as routing from './routing.service.ts';

/** GET /v1/routing/stats, GET/PUT /v1/routing/config. */
export const routingRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const viewers = access(deps, { roles: ALL_ROLES, subscription: true });
  const managers = access(deps, { roles: MANAGER_ROLES, subscription: true });

  app.get('/v1/routing/stats', { preHandler: viewers }, async (req) => {
    const accountId = caller(req).account.id;
    return routing.getRoutingStats(deps, accountId, () =>
      app.gateway.routingGuard.status(accountId),
    );
  });
  app.get('/v1/routing/config', { preHandler: viewers }, async (req) =>
    routing.getRoutingConfig(deps, caller(req).account.id),
  );
  app.put('/v1/routing/config', { preHandler: managers }, async (req) => {
    const body = parseInput(RoutingConfig, req.body);
    return routing.setRoutingConfig(deps, caller(req).account.id, body);
  });
};
