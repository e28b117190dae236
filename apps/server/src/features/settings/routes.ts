import { PiiConfig, Settings } from '@tokenwise/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { parseInput } from '../../lib/validate.ts';
import { ALL_ROLES, access, caller, MANAGER_ROLES } from '../../plugins/auth.ts';
import * as settings from './settings.service.ts';

/** GET/PUT /v1/settings (optimization level) and /v1/pii-redaction/config. */
export const settingsRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const viewers = access(deps, { roles: ALL_ROLES, subscription: true });
  const managers = access(deps, { roles: MANAGER_ROLES, subscription: true });

  app.get('/v1/settings', { preHandler: viewers }, async (req) =>
    settings.getOptimizationLevel(deps, caller(req).account.id),
  );

  app.put('/v1/settings', { preHandler: managers }, async (req) => {
    const body = parseInput(Settings, req.body);
    return settings.setOptimizationLevel(deps, caller(req).account.id, body.optimization_level);
  });

  app.get('/v1/pii-redaction/config', { preHandler: viewers }, async (req) =>
    settings.getPiiConfig(deps, caller(req).account.id),
  );

  app.put('/v1/pii-redaction/config', { preHandler: managers }, async (req) => {
    const body = parseInput(PiiConfig, req.body);
    return settings.setPiiConfig(deps, caller(req).account.id, body);
  });
};
