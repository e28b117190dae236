import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { checkReadiness } from './readiness.ts';

/**
 * Probes for load balancers and orchestrators, without credentials: /healthz says the process
 * answers (restart it if not), /readyz whether it can serve (send it traffic if so).
 */
export async function healthRoutes(app: FastifyInstance, opts: { deps: AppDeps }): Promise<void> {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    const readiness = await checkReadiness(opts.deps);
    return reply.code(readiness.status === 'unavailable' ? 503 : 200).send(readiness);
  });
}
