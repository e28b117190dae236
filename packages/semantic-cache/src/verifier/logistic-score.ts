// The probability a logistic model of the eval's trainer (eval/cache/logistic.ts) gives a feature
// vector: standardised features, weighted, through the sigmoid. The pair verifier and the first
// check's veto both read their weights files with it.
import { readFileSync } from 'node:fs';

export interface LogisticWeights {
  mean: number[];
  scale: number[];
  weights: number[];
  bias: number;
}

/**
 * A weights file beside the engine, read once by the caller, refused when it was trained on other
 * features than the engine computes (`who` names the model in the error).
 */
export function readLogisticWeights<W extends LogisticWeights & { features: string[] }>(
  file: URL,
  features: readonly string[],
  who: string,
): W {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as W;
  if (parsed.features.join() !== features.join())
    throw new Error(`${who}: the weights file was trained on other features`);
  return parsed;
}

export function logisticProbability(model: LogisticWeights, x: number[]): number {
  let z = model.bias;
  for (let d = 0; d < x.length; d++)
    z += (model.weights[d] ?? 0) * (((x[d] ?? 0) - (model.mean[d] ?? 0)) / (model.scale[d] ?? 1));
  return 1 / (1 + Math.exp(-z));
}
