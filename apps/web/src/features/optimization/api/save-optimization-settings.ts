import { endpoints } from '@tokenwise/contracts';
import { useSaveConfig } from '../../../lib/endpoint-mutation.ts';
import { OPTIMIZATION_SETTINGS_QUERY_KEY } from './get-optimization-settings.ts';

export function useSaveOptimizationSettings() {
  return useSaveConfig(endpoints.settings.save, OPTIMIZATION_SETTINGS_QUERY_KEY);
}
