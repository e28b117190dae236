import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';
import { completePiiConfig, type FullPiiConfig } from '../pii-detectors.ts';

export const PII_CONFIG_QUERY_KEY = ['settings', 'pii-config'] as const;

export async function getPiiConfig(): Promise<FullPiiConfig> {
  return completePiiConfig(await callEndpoint(endpoints.pii.get));
}

export function piiConfigQueryOptions() {
  return queryOptions({ queryKey: PII_CONFIG_QUERY_KEY, queryFn: getPiiConfig });
}

export function usePiiConfig() {
  return useQuery(piiConfigQueryOptions());
}
