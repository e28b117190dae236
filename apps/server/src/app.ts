import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  LogController,
} from 'fastify';
import { fastifyTrustProxy } from './config/trust-proxy.ts';
import type { AppDeps } from './deps.ts';
import { requestLogSinks } from './domain/request-log-sinks.ts';
import { adminRoutes } from './features/admin/routes.ts';
import { type AlertServices, createAlertServices } from './features/alerts/alerts.ts';
import { alertRoutes } from './features/alerts/routes.ts';
import { analyticsRoutes } from './features/analytics/routes.ts';
import { apiKeyRoutes } from './features/api-keys/routes.ts';
import { authRoutes } from './features/auth/routes.ts';
import { baselineRoutes } from './features/baseline/routes.ts';
import { billingRoutes } from './features/billing/routes.ts';
import { billingWebhookRoutes } from './features/billing/webhook-routes.ts';
import { evalRoutes } from './features/evals/routes.ts';
import { gettingStartedRoutes } from './features/getting-started/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { providerKeyRoutes } from './features/provider-keys/routes.ts';
import { routingRoutes } from './features/routing/routes.ts';
import { samlConfigRoutes, samlServiceProviderRoutes } from './features/saml/routes.ts';
import { savingsRoutes } from './features/savings/routes.ts';
import { semanticCacheRoutes } from './features/semantic-cache/routes.ts';
import { settingsRoutes } from './features/settings/routes.ts';
import { teamRoutes } from './features/team/routes.ts';
import { installGatewayCors } from './gateway/cors.ts';
import { installReadYourWrites } from './gateway/log/read-your-writes.ts';
import { gatewayRefusalBody } from './gateway/raw-refusal.ts';
import { gatewayRoutes } from './gateway/routes.ts';
import { createGatewayServices, type GatewayServices } from './gateway/services.ts';
import { unknownEndpointAnswer, wrongMethodAnswer } from './gateway/unknown-endpoint.ts';
import { uuidv7 } from './lib/ids.ts';
import { clientErrorHandler } from './plugins/client-error.ts';
import { frameworkErrorAnswer, installErrorHandler } from './plugins/error-handler.ts';
import { installJsonBodyParser } from './plugins/json-body.ts';
import { serializeRequest } from './plugins/request-log-serializer.ts';
import { indexRouteMethods } from './plugins/route-methods.ts';
import { installSecurityHeaders } from './plugins/security-headers.ts';
import { installWebApp } from './plugins/web-app.ts';

declare module 'fastify' {
  interface FastifyInstance {
    gateway: GatewayServices;
    alerts: AlertServices;
  }
}

export interface BuildOptions {
  /** Runs on the bare app before any route exists: tests hook in here (route table, answer checks). */
  beforeRoutes?: (app: FastifyInstance) => void;
}

// The router's default of 100 characters answered 414 to an invalidation pattern the contract
// allows (500 characters, up to 12 a character once percent-encoded); the contracts bound every
// parameter's length themselves, with a message naming it. The 405s' route index matches alike.
const ROUTER_OPTIONS = { maxParamLength: 6_000 };

/** Plugins, then features, then the dashboard; main.ts and tests both build the app here. */
export async function buildApp(
  deps: AppDeps,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app: FastifyInstance = Fastify({
    // Fastify takes a logger's own serializers over its defaults.
    loggerInstance: deps.log.child(
      {},
      { serializers: { req: serializeRequest } },
    ) as FastifyBaseLogger,
    bodyLimit: 1024 * 1024,
    // Headers over Node's limit and the like: the caller's format, not Fastify's own body.
    clientErrorHandler: clientErrorHandler(gatewayRefusalBody),
    // The id every answer carries (x-request-id) and every log line of its request names.
    genReqId: () => uuidv7(),
    routerOptions: ROUTER_OPTIONS,
    // The router's refusals (a malformed % escape) in the project's shape, not Fastify's.
    frameworkErrors: (error, _req, reply: FastifyReply) => {
      const { status, body } = frameworkErrorAnswer(error);
      reply.code(status).send(body);
    },
    // Forwarded headers are believed only from proxies the operator named (TRUST_PROXY): anyone
    // can send X-Forwarded-For, and login throttling keys on the address.
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
    // Per-request lines only at debug: at gateway rates they would drown everything else.
    logController: new LogController({
      disableRequestLogging: deps.config.logLevel !== 'debug' && deps.config.logLevel !== 'trace',
    }),
  });
  // Before any route: it gathers them as they are declared, for the 405s' Allow header.
  const allowedMethods = indexRouteMethods(app, ROUTER_OPTIONS);
  options.beforeRoutes?.(app);
  app.decorateRequest('auth', null);
  installErrorHandler(app);
  installJsonBodyParser(app, deps.cpu);
  installSecurityHeaders(app, deps.config.publicUrl);
  // Before routing: a preflight has no route of its own.
  installGatewayCors(app);
  // Every answer names its request, a refusal before the gateway's pipeline (a malformed body, a
  // wrong key) too, so a caller can quote it; the gateway's logged answers give their row's id.
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    done();
  });

  // Built first: dashboard features read its state (routing holds, cache) and it drains on close.
  const gateway = createGatewayServices(deps, requestLogSinks);
  app.decorate('gateway', gateway);
  // Runs after in-flight requests finish: queued log rows and last-used marks reach the database.
  app.addHook('onClose', async () => gateway.close());
  installReadYourWrites(app, gateway.logs);
  // Queued emails go out before the database and the process go away.
  app.addHook('onClose', async () => deps.jobs.drain());
  await gateway.cache.load();

  await app.register(healthRoutes, { deps });
  await app.register(authRoutes, { deps });
  await app.register(billingRoutes, { deps });
  await app.register(billingWebhookRoutes, { deps });
  await app.register(apiKeyRoutes, { deps });
  await app.register(providerKeyRoutes, { deps });
  await app.register(baselineRoutes, { deps });
  await app.register(gettingStartedRoutes, { deps });
  await app.register(analyticsRoutes, { deps });
  await app.register(savingsRoutes, { deps });
  await app.register(evalRoutes, {
    deps,
    // A thumbs-down on a cached answer stops that entry being served until it is refreshed.
    demoteCacheEntry: (e) => gateway.cache.demote(e.accountId, e.cacheEntryId),
    resolveApiKey: (key) => gateway.apiKeys.resolve(key),
  });
  await app.register(settingsRoutes, { deps });
  await app.register(samlConfigRoutes, { deps });
  await app.register(samlServiceProviderRoutes, { deps });
  await app.register(routingRoutes, { deps });
  await app.register(semanticCacheRoutes, { deps, cache: gateway.cache });
  await app.register(teamRoutes, { deps });
  await app.register(adminRoutes, { deps });
  const alerts = createAlertServices(deps);
  app.decorate('alerts', alerts);
  // A pass in progress finishes, and the lease is handed back, while the database is still open.
  app.addHook('onClose', async () => alerts.close());
  app.addHook('onReady', async () => alerts.start());
  await app.register(alertRoutes, { deps, channels: alerts.channels });

  await app.register(gatewayRoutes, { deps, services: gateway });

  await installWebApp(app, deps.config.webDistDir, {
    notFound: unknownEndpointAnswer,
    allowedMethods,
    wrongMethod: wrongMethodAnswer,
  });
  return app;
}
