import type { FastifyInstance } from 'fastify';

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

/** Headers every answer carries; the dashboard holds bearer tokens, so framing and sniffing are off. */
export function installSecurityHeaders(app: FastifyInstance): void {
  // Set as the request arrives, in a callback hook: no promise per request on the gateway's path.
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    done();
  });
}
