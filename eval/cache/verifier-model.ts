// The pair verifier's weights file in the repository (decisions 036, 052), for the scripts that
// score pairs with the model the engine ships.
import { readFileSync } from 'node:fs';
import type { LogisticModel } from './logistic.ts';

export interface ShippedVerifier extends LogisticModel {
  floor: number;
  cut: number;
  trainedOn: string;
}

export function shippedVerifierModel(): ShippedVerifier {
  const file = new URL(
    '../../packages/semantic-cache/src/verifier/pair-verifier-weights.json',
    import.meta.url,
  );
  return JSON.parse(readFileSync(file, 'utf8')) as ShippedVerifier;
}
