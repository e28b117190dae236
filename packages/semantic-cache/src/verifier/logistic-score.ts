// The probability a logistic model of the eval's trainer (eval/cache/logistic.ts) gives a feature
// vector: standardised features, weighted, through the sigmoid. The pair verifier and the first
// check's veto both read their weights files with it.
export interface LogisticWeights {
  mean: number[];
  scale: number[];
  weights: number[];
  bias: number;
}

export function logisticProbability(model: LogisticWeights, x: number[]): number {
  let z = model.bias;
  for (let d = 0; d < x.length; d++)
    z += (model.weights[d] ?? 0) * (((x[d] ?? 0) - (model.mean[d] ?? 0)) / (model.scale[d] ?? 1));
  return 1 / (1 + Math.exp(-z));
}
