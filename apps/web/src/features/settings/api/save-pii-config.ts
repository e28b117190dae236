import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';
import { completePiiConfig, type FullPiiConfig } from '../pii-detectors.ts';
import { PII_CONFIG_QUERY_KEY } from './get-pii-config.ts';

export async function savePiiConfig(body: FullPiiConfig): Promise<FullPiiConfig> {
  return completePiiConfig(await callEndpoint(endpoints.pii.save, { body }));
}

export function useSavePiiConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePiiConfig,
    onSuccess: (saved) => {
      // The answer is what is stored: the form compares against it at once, without a flash of
      // 'changed' while the refetch runs.
      queryClient.setQueryData(PII_CONFIG_QUERY_KEY, saved);
      return queryClient.invalidateQueries({ queryKey: PII_CONFIG_QUERY_KEY });
    },
  });
}
