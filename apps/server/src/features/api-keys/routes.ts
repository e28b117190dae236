import { endpoints } from '@tokenwise/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { API_KEY_DELETED_TOPIC } from '../../domain/topics.ts';
import { serve } from '../../lib/endpoint-route.ts';
import { access, caller, WRITE_ROLES } from '../../plugins/auth.ts';
import * as keys from './api-keys.service.ts';

const api = endpoints.apiKeys;

export const apiKeyRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  // The list shows full keys, so read-only members (dashboard viewers) do not get it.
  const keyManagers = access(deps, { roles: WRITE_ROLES, subscription: true });

  serve(app, api.list, { preHandler: keyManagers }, async (req) =>
    keys.listKeys(deps, caller(req)),
  );

  serve(app, api.create, { preHandler: keyManagers }, async (req, _reply, input) =>
    keys.createKey(deps, caller(req), input.body().name),
  );

  serve(app, api.delete, { preHandler: keyManagers }, async (req, _reply, input) => {
    const { id } = input.params();
    await keys.deleteKey(deps, caller(req), id, (hash) =>
      deps.bus.publish(API_KEY_DELETED_TOPIC, hash),
    );
    return { success: true } as const;
  });
};
