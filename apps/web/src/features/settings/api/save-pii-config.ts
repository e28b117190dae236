import { endpoints } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';
import { useStoringMutation } from '../../../lib/endpoint-mutation.ts';
import { completePiiConfig, type FullPiiConfig } from '../pii-detectors.ts';
import { PII_CONFIG_QUERY_KEY } from './get-pii-config.ts';

export async function savePiiConfig(body: FullPiiConfig): Promise<FullPiiConfig> {
  return completePiiConfig(await callEndpoint(endpoints.pii.save, { body }));
}

export function useSavePiiConfig() {
  return useStoringMutation(savePiiConfig, PII_CONFIG_QUERY_KEY);
}
