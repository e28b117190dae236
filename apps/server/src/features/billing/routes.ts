import { endpoints } from '@tokenwise/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { serve } from '../../lib/endpoint-route.ts';
import { ALL_ROLES, access, caller } from '../../plugins/auth.ts';
import * as billing from './billing.service.ts';

const api = endpoints.billing;

export const billingRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  // Billing must stay reachable without a subscription: it is where one is started.
  const signedIn = access(deps, { roles: ALL_ROLES, subscription: false });

  serve(app, api.checkout, { preHandler: signedIn }, async (req, _reply, input) => {
    input.body(); // One plan so far: the body is checked (400 on anything else), not read.
    return { url: await billing.startCheckout(deps, caller(req)) };
  });

  serve(app, api.portal, { preHandler: signedIn }, async (req) => ({
    url: await billing.openPortal(deps, caller(req)),
  }));

  serve(app, api.overview, { preHandler: signedIn }, async (req) =>
    billing.getOverview(deps, caller(req)),
  );

  serve(app, api.subscription, { preHandler: signedIn }, async (req, _reply, input) => {
    const { accountId } = input.params();
    return billing.getSubscription(deps, caller(req), accountId);
  });

  serve(app, api.usage, { preHandler: signedIn }, async (req, _reply, input) => {
    const { accountId } = input.params();
    return billing.getUsage(deps, caller(req), accountId);
  });
};
