import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../errors/app-error.ts';

/** Stripe's events are a few KB; anything near this is not one. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * POST /v1/billing/webhook: public (Stripe calls it, no session); the signature over the raw
 * bytes is the credential, so this scope keeps the body as received instead of parsing JSON.
 * Registered whatever the provider, and a 404 when it takes no webhooks (local billing).
 */
export const billingWebhookRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (
  app,
  { deps },
) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_req, body, done) => done(null, body),
  );

  app.post('/v1/billing/webhook', { bodyLimit: WEBHOOK_BODY_LIMIT }, async (req) => {
    const handle = deps.billing.handleWebhook;
    if (!handle) throw notFound('Stripe billing is not configured on this server');
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const signature = req.headers['stripe-signature'];
    const outcome = await handle.call(
      deps.billing,
      body,
      typeof signature === 'string' ? signature : undefined,
    );
    return { received: true, applied: outcome.applied };
  });
};
