// The pair verifier's model (decision 036): an L2-regularised logistic regression on standardised
// features, fitted by full-batch gradient descent. Small enough to train hundreds of times in a
// cross-validation sweep; the engine reads the result from a JSON file and only evaluates it.

export interface LogisticModel {
  mean: number[];
  scale: number[];
  weights: number[];
  bias: number;
}

export interface Example {
  x: number[];
  same: boolean;
}

const STEPS = 3000;
const RATE = 0.1;

export function trainLogistic(rows: Example[], l2: number): LogisticModel {
  const dims = rows[0]?.x.length ?? 0;
  const mean = Array.from({ length: dims }, (_, d) => average(rows.map((r) => r.x[d] ?? 0)));
  const scale = Array.from({ length: dims }, (_, d) => {
    const sd = Math.sqrt(average(rows.map((r) => ((r.x[d] ?? 0) - (mean[d] ?? 0)) ** 2)));
    return sd > 1e-9 ? sd : 1;
  });
  const z = rows.map((r) => standardised({ mean, scale }, r.x));
  const weights = new Array<number>(dims).fill(0);
  let bias = 0;
  for (let step = 0; step < STEPS; step++) {
    const grad = new Array<number>(dims).fill(0);
    let gradBias = 0;
    for (const [i, row] of z.entries()) {
      const err = sigmoid(bias + dot(weights, row)) - (rows[i]?.same ? 1 : 0);
      for (let d = 0; d < dims; d++) grad[d] = (grad[d] ?? 0) + err * (row[d] ?? 0);
      gradBias += err;
    }
    for (let d = 0; d < dims; d++)
      weights[d] =
        (weights[d] ?? 0) - RATE * (((grad[d] ?? 0) + l2 * (weights[d] ?? 0)) / z.length);
    bias -= (RATE * gradBias) / z.length;
  }
  return { mean, scale, weights, bias };
}

export function probability(model: LogisticModel, x: number[]): number {
  return sigmoid(model.bias + dot(model.weights, standardised(model, x)));
}

function standardised(model: Pick<LogisticModel, 'mean' | 'scale'>, x: number[]): number[] {
  return x.map((v, d) => (v - (model.mean[d] ?? 0)) / (model.scale[d] ?? 1));
}

function sigmoid(v: number): number {
  return 1 / (1 + Math.exp(-v));
}

function dot(a: number[], b: number[]): number {
  return a.reduce((sum, v, i) => sum + v * (b[i] ?? 0), 0);
}

function average(values: number[]): number {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;
}
