import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PiiConfig } from '@tokenwise/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { completePiiConfig, type FullPiiConfig } from '../pii-detectors.ts';
import { PII_CONFIG_QUERY_KEY } from './get-pii-config.ts';

export async function savePiiConfig(body: FullPiiConfig): Promise<FullPiiConfig> {
  return completePiiConfig(
    await apiRequest<PiiConfig>('/v1/pii-redaction/config', { method: 'PUT', body }),
  );
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
