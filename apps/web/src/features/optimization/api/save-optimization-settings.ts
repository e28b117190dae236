import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints, type Settings } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';
import { OPTIMIZATION_SETTINGS_QUERY_KEY } from './get-optimization-settings.ts';

export function saveOptimizationSettings(body: Settings): Promise<Settings> {
  return callEndpoint(endpoints.settings.save, { body });
}

export function useSaveOptimizationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOptimizationSettings,
    onSuccess: (saved) => {
      // The answer is the stored state: showing it at once keeps 'unsaved changes' from flashing
      // up while the refetch runs.
      queryClient.setQueryData(OPTIMIZATION_SETTINGS_QUERY_KEY, saved);
      return queryClient.invalidateQueries({ queryKey: OPTIMIZATION_SETTINGS_QUERY_KEY });
    },
  });
}
