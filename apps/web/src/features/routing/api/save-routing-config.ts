import { endpoints } from '@tokenwise/contracts';
import { useSaveConfig } from '../../../lib/endpoint-mutation.ts';
import { ROUTING_CONFIG_QUERY_KEY } from './get-routing-config.ts';

/** `PUT /v1/routing/config` (owners and admins); the answer is the config as stored. */
export function useSaveRoutingConfig() {
  return useSaveConfig(endpoints.routing.saveConfig, ROUTING_CONFIG_QUERY_KEY);
}
