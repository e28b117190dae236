import { endpoints } from '@tokenwise/contracts';
import { useEndpointQuery } from '../../../lib/endpoint-query.ts';
import { OPTIMIZATION_SETTINGS_QUERY_KEY } from './get-optimization-settings.ts';

/** Under the settings' key: saving a level refetches it, so the current level's row follows. */
export const OPTIMIZATION_QUALITY_QUERY_KEY = [
  ...OPTIMIZATION_SETTINGS_QUERY_KEY,
  'quality',
] as const;

/** `GET /v1/optimization/quality`. */
export function useOptimizationQuality() {
  return useEndpointQuery(OPTIMIZATION_QUALITY_QUERY_KEY, endpoints.optimization.quality);
}
