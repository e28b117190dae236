import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import type { AppDeps } from './deps.ts';
import { authRoutes } from './features/auth/routes.ts';
import { billingRoutes } from './features/billing/routes.ts';
import { installErrorHandler } from './plugins/error-handler.ts';
import { installSecurityHeaders } from './plugins/security-headers.ts';
import { installWebApp } from './plugins/web-app.ts';

/** Plugins, then features, then the dashboard; main.ts and tests both build the app here. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app: FastifyInstance = Fastify({
    loggerInstance: deps.log as FastifyBaseLogger,
    bodyLimit: 1024 * 1024,
    trustProxy: true,
    // Per-request lines only at debug: at gateway rates they would drown everything else.
    logController: new LogController({
      disableRequestLogging: deps.config.logLevel !== 'debug' && deps.config.logLevel !== 'trace',
    }),
  });
  app.decorateRequest('auth', null);
  installErrorHandler(app);
  installSecurityHeaders(app);

  app.get('/healthz', async () => ({ status: 'ok' }));
  await app.register(authRoutes, { deps });
  await app.register(billingRoutes, { deps });

  await installWebApp(app, deps.config.webDistDir);
  return app;
}
