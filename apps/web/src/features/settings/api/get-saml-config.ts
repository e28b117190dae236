import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints, type SamlConfig } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';

export const SAML_CONFIG_QUERY_KEY = ['settings', 'saml-config'] as const;

export function getSamlConfig(): Promise<SamlConfig> {
  return callEndpoint(endpoints.saml.get);
}

export function samlConfigQueryOptions() {
  return queryOptions({ queryKey: SAML_CONFIG_QUERY_KEY, queryFn: getSamlConfig });
}

export function useSamlConfig() {
  return useQuery(samlConfigQueryOptions());
}
