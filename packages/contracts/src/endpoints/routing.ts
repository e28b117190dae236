import { jsonEndpoint } from '../endpoint.ts';
import { RoutingConfig, RoutingStats } from '../routing.ts';

export const routingEndpoints = {
  /** The last 30 days of the account's traffic. */
  stats: jsonEndpoint({ method: 'GET', path: '/v1/routing/stats', response: RoutingStats }),
  getConfig: jsonEndpoint({ method: 'GET', path: '/v1/routing/config', response: RoutingConfig }),
  saveConfig: jsonEndpoint({
    method: 'PUT',
    path: '/v1/routing/config',
    body: RoutingConfig,
    response: RoutingConfig,
  }),
};
