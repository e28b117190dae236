import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PiiConfig } from '@tokenwise/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { completePiiConfig, type FullPiiConfig } from '../pii-detectors.ts';

export const PII_CONFIG_QUERY_KEY = ['settings', 'pii-config'] as const;

export async function getPiiConfig(): Promise<FullPiiConfig> {
  return completePiiConfig(await apiRequest<PiiConfig>('/v1/pii-redaction/config'));
}

export function piiConfigQueryOptions() {
  return queryOptions({ queryKey: PII_CONFIG_QUERY_KEY, queryFn: getPiiConfig });
}

export function usePiiConfig() {
  return useQuery(piiConfigQueryOptions());
}
