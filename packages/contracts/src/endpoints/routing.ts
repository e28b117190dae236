import { configEndpoints, jsonEndpoint } from '../endpoint.ts';
import { RoutingConfig, RoutingConfigUpdate, RoutingStats } from '../routing.ts';

const config = configEndpoints('/v1/routing/config', RoutingConfig, RoutingConfigUpdate);

export const routingEndpoints = {
  /** The last 30 days of the account's traffic. */
  stats: jsonEndpoint({ method: 'GET', path: '/v1/routing/stats', response: RoutingStats }),
  getConfig: config.get,
  saveConfig: config.save,
};
