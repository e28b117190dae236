import { CreateProviderKeyRequest } from '@tokenwise/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { parseInput } from '../../lib/validate.ts';
import { access, caller, MANAGER_ROLES, WRITE_ROLES } from '../../plugins/auth.ts';
import * as providerKeys from './provider-keys.service.ts';

const IdParams = z.object({ id: z.string().min(1).max(100) });

export const providerKeyRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const viewers = access(deps, { roles: WRITE_ROLES, subscription: true });
  // Provider keys spend the account's money: only owners and admins change them.
  const managers = access(deps, { roles: MANAGER_ROLES, subscription: true });

  app.get('/v1/provider-keys', { preHandler: viewers }, async (req) =>
    providerKeys.listKeys(deps, caller(req)),
  );

  app.post('/v1/provider-keys', { preHandler: managers }, async (req, reply) => {
    const body = parseInput(CreateProviderKeyRequest, req.body);
    reply.code(201);
    return providerKeys.addKey(deps, caller(req), body);
  });

  app.delete('/v1/provider-keys/:id', { preHandler: managers }, async (req) => {
    const { id } = parseInput(IdParams, req.params);
    await providerKeys.deleteKey(deps, caller(req), id);
    return { success: true };
  });
};
