import { CreateApiKeyRequest } from '@tokenwise/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { API_KEY_DELETED_TOPIC } from '../../domain/topics.ts';
import { parseInput } from '../../lib/validate.ts';
import { access, caller, WRITE_ROLES } from '../../plugins/auth.ts';
import * as keys from './api-keys.service.ts';

const IdParams = z.object({ id: z.string().min(1).max(100) });

export const apiKeyRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  // The list shows full keys, so read-only members (dashboard viewers) do not get it.
  const keyManagers = access(deps, { roles: WRITE_ROLES, subscription: true });

  app.get('/v1/keys', { preHandler: keyManagers }, async (req) => keys.listKeys(deps, caller(req)));

  app.post('/v1/keys', { preHandler: keyManagers }, async (req, reply) => {
    const body = parseInput(CreateApiKeyRequest, req.body);
    reply.code(201);
    return keys.createKey(deps, caller(req), body.name);
  });

  app.delete('/v1/keys/:id', { preHandler: keyManagers }, async (req) => {
    const { id } = parseInput(IdParams, req.params);
    await keys.deleteKey(deps, caller(req), id, (hash) =>
      deps.bus.publish(API_KEY_DELETED_TOPIC, hash),
    );
    return { success: true };
  });
};
