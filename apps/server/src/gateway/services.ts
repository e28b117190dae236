import type { AppDeps } from '../deps.ts';
import { LogRetention } from '../domain/log-retention.ts';
import type { RequestLogSinks } from '../domain/request-log-sinks.ts';
import { AccountStateCache } from './accounts/account-state.ts';
import { ApiKeyResolver } from './accounts/api-key-resolver.ts';
import { ProviderKeyResolver } from './accounts/provider-key-resolver.ts';
import { QuotaReservations } from './accounts/quota-reservations.ts';
import { RoutingGuard } from './accounts/routing-guard.ts';
import { embedWithProvider } from './cache/embed-with-provider.ts';
import { ResponseCache } from './cache/response-cache.ts';
import { RequestLogWriter } from './log/request-log-writer.ts';
import { closeUpstreamPools } from './upstream/client.ts';

/** Long-lived parts of the gateway, built once per app and closed (drained) with it. */
export interface GatewayServices {
  deps: AppDeps;
  apiKeys: ApiKeyResolver;
  providerKeys: ProviderKeyResolver;
  accounts: AccountStateCache;
  quota: QuotaReservations;
  logs: RequestLogWriter;
  routingGuard: RoutingGuard;
  cache: ResponseCache;
  retention: LogRetention;
  close(): Promise<void>;
}

export function createGatewayServices(deps: AppDeps, logSinks: RequestLogSinks): GatewayServices {
  const accounts = new AccountStateCache(deps);
  const quota = new QuotaReservations(deps);
  const apiKeys = new ApiKeyResolver(deps);
  const providerKeys = new ProviderKeyResolver(deps);
  const logs = new RequestLogWriter(deps, logSinks, accounts.logWrites);
  const routingGuard = new RoutingGuard(deps);
  const cache = new ResponseCache(deps, (accountId, provider, texts) =>
    embedWithProvider(deps, providerKeys, accountId, provider, texts),
  );
  const retention = new LogRetention(deps);
  return {
    deps,
    apiKeys,
    providerKeys,
    accounts,
    quota,
    logs,
    routingGuard,
    cache,
    retention,
    async close() {
      await retention.close();
      await cache.close();
      await logs.close();
      await apiKeys.close();
      await providerKeys.close();
      await closeUpstreamPools();
      await quota.close();
    },
  };
}
