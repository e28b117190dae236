import { CheckoutRequest } from '@tokenwise/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { parseInput } from '../../lib/validate.ts';
import { ALL_ROLES, access, caller } from '../../plugins/auth.ts';
import * as billing from './billing.service.ts';

const AccountParams = z.object({ accountId: z.string().min(1).max(100) });

export const billingRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  // Billing must stay reachable without a subscription: it is where one is started.
  const signedIn = access(deps, { roles: ALL_ROLES, subscription: false });

  app.post('/v1/billing/checkout', { preHandler: signedIn }, async (req) => {
    parseInput(CheckoutRequest, req.body);
    return { url: await billing.startCheckout(deps, caller(req)) };
  });

  app.post('/v1/billing/portal', { preHandler: signedIn }, async (req) => ({
    url: await billing.openPortal(deps, caller(req)),
  }));

  app.get('/v1/admin/subscriptions/user/:accountId', { preHandler: signedIn }, async (req) => {
    const { accountId } = parseInput(AccountParams, req.params);
    return billing.getSubscription(deps, caller(req), accountId);
  });

  app.get('/v1/admin/usage/:accountId', { preHandler: signedIn }, async (req) => {
    const { accountId } = parseInput(AccountParams, req.params);
    return billing.getUsage(deps, caller(req), accountId);
  });
};
