import { endpoints } from '@tokenwise/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { serve } from '../../lib/endpoint-route.ts';
import { ALL_ROLES, access, caller, MANAGER_ROLES } from '../../plugins/auth.ts';
import { getOptimizationQuality } from './optimization-quality.ts';
import * as settings from './settings.service.ts';

const { settings: level, pii, optimization } = endpoints;

/**
 * GET/PUT /v1/settings (optimization level), GET /v1/optimization/quality (the compression eval's
 * figures) and GET/PUT /v1/pii-redaction/config.
 */
export const settingsRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const viewers = access(deps, { roles: ALL_ROLES, subscription: true });
  const managers = access(deps, { roles: MANAGER_ROLES, subscription: true });

  serve(app, level.get, { preHandler: viewers }, async (req) =>
    settings.getOptimizationLevel(deps, caller(req).account.id),
  );

  serve(app, level.save, { preHandler: managers }, async (req, _reply, input) => {
    const body = input.body();
    return settings.setOptimizationLevel(deps, caller(req).account.id, body.optimization_level);
  });

  serve(app, optimization.quality, { preHandler: viewers }, async (req) =>
    getOptimizationQuality(deps, caller(req).account.id),
  );

  serve(app, pii.get, { preHandler: viewers }, async (req) =>
    settings.getPiiConfig(deps, caller(req).account.id),
  );

  serve(app, pii.save, { preHandler: managers }, async (req, _reply, input) =>
    settings.setPiiConfig(deps, caller(req).account.id, input.body()),
  );
};
