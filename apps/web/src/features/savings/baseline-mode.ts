import { canManage } from '../../lib/roles.ts';

export interface BaselineMode {
  label: string;
  description: string;
  color: string;
}

/**
 * What a baseline sample rate means (spec section 5): 0 optimizes everything, 100 optimizes
 * nothing, anything between sends that share unoptimized to measure savings against.
 */
export function baselineMode(sampleRate: number): BaselineMode {
  if (sampleRate <= 0) {
    return {
      label: 'All requests optimized',
      description: 'No baseline sample: savings are estimated from each request alone.',
      color: 'teal',
    };
  }
  if (sampleRate >= 100) {
    return {
      label: 'Pass-through',
      description: 'Every request is sent unoptimized; nothing is saved.',
      color: 'gray',
    };
  }
  return {
    label: 'A/B testing',
    description: `${sampleRate}% of requests are sent unoptimized as the baseline; the other ${
      100 - sampleRate
    }% are optimized and compared against them.`,
    color: 'indigo',
  };
}

/**
 * Who may change the sample rate: owners and admins, as the server's `PUT /v1/baseline/config`
 * (others get 403). Everyone else sees the rate and its meaning, with the slider disabled.
 */
export const canSetSampleRate = canManage;
