import type { FastifyInstance } from 'fastify';

/** Headers every answer carries; the dashboard holds bearer tokens, so framing and sniffing are off. */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'no-referrer');
    return payload;
  });
}
