import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BaselineConfig } from '@tokenwise/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { baselineConfigQueryOptions } from './get-baseline-config.ts';

export function updateBaselineConfig(body: BaselineConfig): Promise<BaselineConfig> {
  return apiRequest<BaselineConfig>('/v1/baseline/config', { method: 'PUT', body });
}

export function useUpdateBaselineConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBaselineConfig,
    onSuccess: (saved) => queryClient.setQueryData(baselineConfigQueryOptions.queryKey, saved),
  });
}
