import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BaselineConfig, endpoints } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';
import { baselineConfigQueryOptions } from './get-baseline-config.ts';

export function updateBaselineConfig(body: BaselineConfig): Promise<BaselineConfig> {
  return callEndpoint(endpoints.baseline.save, { body });
}

export function useUpdateBaselineConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBaselineConfig,
    onSuccess: (saved) => queryClient.setQueryData(baselineConfigQueryOptions.queryKey, saved),
  });
}
