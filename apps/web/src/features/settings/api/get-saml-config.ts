import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SamlConfig } from '@tokenwise/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const SAML_CONFIG_QUERY_KEY = ['settings', 'saml-config'] as const;

export function getSamlConfig(): Promise<SamlConfig> {
  return apiRequest<SamlConfig>('/v1/saml/config');
}

export function samlConfigQueryOptions() {
  return queryOptions({ queryKey: SAML_CONFIG_QUERY_KEY, queryFn: getSamlConfig });
}

export function useSamlConfig() {
  return useQuery(samlConfigQueryOptions());
}
