import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import type { AppDeps } from './deps.ts';
import { analyticsRoutes } from './features/analytics/routes.ts';
import { apiKeyRoutes } from './features/api-keys/routes.ts';
import { authRoutes } from './features/auth/routes.ts';
import { baselineRoutes } from './features/baseline/routes.ts';
import { billingRoutes } from './features/billing/routes.ts';
import { evalRoutes } from './features/evals/routes.ts';
import { providerKeyRoutes } from './features/provider-keys/routes.ts';
import { routingRoutes } from './features/routing/routes.ts';
import { savingsRoutes } from './features/savings/routes.ts';
import { semanticCacheRoutes } from './features/semantic-cache/routes.ts';
import { settingsRoutes } from './features/settings/routes.ts';
import { gatewayRoutes } from './gateway/routes.ts';
import { createGatewayServices, type GatewayServices } from './gateway/services.ts';
import { installErrorHandler } from './plugins/error-handler.ts';
import { installJsonBodyParser } from './plugins/json-body.ts';
import { installSecurityHeaders } from './plugins/security-headers.ts';
import { installWebApp } from './plugins/web-app.ts';

declare module 'fastify' {
  interface FastifyInstance {
    gateway: GatewayServices;
  }
}

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
  installJsonBodyParser(app, deps.cpu);
  installSecurityHeaders(app);

  // Built first: dashboard features read its state (routing holds, cache) and it drains on close.
  const gateway = createGatewayServices(deps);
  app.decorate('gateway', gateway);
  // Runs after in-flight requests finish: queued log rows and last-used marks reach the database.
  app.addHook('onClose', async () => gateway.close());
  await gateway.cache.load();

  app.get('/healthz', async () => ({ status: 'ok' }));
  await app.register(authRoutes, { deps });
  await app.register(billingRoutes, { deps });
  await app.register(apiKeyRoutes, { deps });
  await app.register(providerKeyRoutes, { deps });
  await app.register(baselineRoutes, { deps });
  await app.register(analyticsRoutes, { deps });
  await app.register(savingsRoutes, { deps });
  await app.register(evalRoutes, {
    deps,
    // A thumbs-down on a cached answer stops that entry being served until it is refreshed.
    demoteCacheEntry: (e) => gateway.cache.demote(e.accountId, e.cacheEntryId),
    resolveApiKey: (key) => gateway.apiKeys.resolve(key),
  });
  await app.register(settingsRoutes, { deps });
  await app.register(routingRoutes, { deps });
  await app.register(semanticCacheRoutes, { deps });

  await app.register(gatewayRoutes, { deps, services: gateway });

  await installWebApp(app, deps.config.webDistDir);
  return app;
}
