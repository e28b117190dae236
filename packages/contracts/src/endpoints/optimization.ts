import { jsonEndpoint } from '../endpoint.ts';
import { OptimizationQuality } from '../quality.ts';

export const optimizationEndpoints = {
  /** The compression eval's reduction and fidelity per level, and the account's level. */
  quality: jsonEndpoint({
    method: 'GET',
    path: '/v1/optimization/quality',
    response: OptimizationQuality,
  }),
};
