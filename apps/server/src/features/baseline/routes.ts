import { BaselineConfig } from '@tokenwise/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { getAccountSettings } from '../../domain/settings/account-settings.repository.ts';
import { saveAccountSettings } from '../../domain/settings/save-account-settings.ts';
import { parseInput } from '../../lib/validate.ts';
import { ALL_ROLES, access, caller, MANAGER_ROLES } from '../../plugins/auth.ts';

/** GET/PUT /v1/baseline/config: the share of requests sent unoptimized to measure savings against. */
export const baselineRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const viewers = access(deps, { roles: ALL_ROLES, subscription: true });
  const managers = access(deps, { roles: MANAGER_ROLES, subscription: true });

  app.get('/v1/baseline/config', { preHandler: viewers }, async (req) => {
    const settings = await getAccountSettings(deps.db.kysely, caller(req).account.id);
    return { sample_rate: settings.baseline_sample_rate };
  });

  app.put('/v1/baseline/config', { preHandler: managers }, async (req) => {
    const body = parseInput(BaselineConfig, req.body);
    const accountId = caller(req).account.id;
    const settings = await saveAccountSettings(deps, accountId, {
      baseline_sample_rate: body.sample_rate,
    });
    return { sample_rate: settings.baseline_sample_rate };
  });
};
