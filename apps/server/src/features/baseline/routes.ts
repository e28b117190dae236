import { endpoints } from '@tokenwise/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { getAccountSettings } from '../../domain/settings/account-settings.repository.ts';
import { saveAccountSettings } from '../../domain/settings/save-account-settings.ts';
import { serve } from '../../lib/endpoint-route.ts';
import { ALL_ROLES, access, caller, MANAGER_ROLES } from '../../plugins/auth.ts';

const api = endpoints.baseline;

/** GET/PUT /v1/baseline/config: the share of requests sent unoptimized to measure savings against. */
export const baselineRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const viewers = access(deps, { roles: ALL_ROLES, subscription: true });
  const managers = access(deps, { roles: MANAGER_ROLES, subscription: true });

  serve(app, api.get, { preHandler: viewers }, async (req) => {
    const settings = await getAccountSettings(deps.db.kysely, caller(req).account.id);
    return { sample_rate: settings.baseline_sample_rate };
  });

  serve(app, api.save, { preHandler: managers }, async (req, _reply, input) => {
    const body = input.body();
    const accountId = caller(req).account.id;
    const settings = await saveAccountSettings(deps, accountId, {
      baseline_sample_rate: body.sample_rate,
    });
    return { sample_rate: settings.baseline_sample_rate };
  });
};
