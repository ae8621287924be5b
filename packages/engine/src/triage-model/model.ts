// L2-regularised logistic regression, trained by full-batch gradient descent. Written out rather than taken from
// a library: it is thirty lines, has no randomness (zero start, whole batch, fixed iteration count, rows in the
// order given), so the same dataset always gives the same weights, and a few hundred rows train in milliseconds.

export interface TrainOptions {
  /** L2 penalty on the weights (not the bias). */
  l2: number;
  iterations: number;
  learningRate: number;
}

export const DEFAULT_TRAIN: TrainOptions = { l2: 0.01, iterations: 3000, learningRate: 0.5 };

export interface LogisticModel {
  weights: number[];
  bias: number;
}

export function sigmoid(z: number): number {
  return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
}

export function predict(model: LogisticModel, x: readonly number[]): number {
  if (x.length !== model.weights.length) throw new Error(`Feature vector has ${x.length} columns; the model expects ${model.weights.length}.`);
  let z = model.bias;
  for (let i = 0; i < x.length; i++) z += model.weights[i]! * x[i]!;
  return sigmoid(z);
}

/** Fits weights to rows `xs` with labels `ys` (1 = real finding, 0 = false positive). */
export function train(xs: readonly (readonly number[])[], ys: readonly number[], options: TrainOptions = DEFAULT_TRAIN): LogisticModel {
  if (xs.length === 0 || xs.length !== ys.length) throw new Error('train() needs as many labels as rows, and at least one row.');
  const width = xs[0]!.length;
  if (xs.some((x) => x.length !== width)) throw new Error('train(): every row must have the same number of columns.');
  const n = xs.length;
  const w = new Array<number>(width).fill(0);
  let b = 0;
  const grad = new Array<number>(width);
  // the rows are mostly one-hot columns: keep each row's non-zero columns in ascending order, so every sum below adds
  // the same terms in the same order as the dense loop did (a zero term changes no floating-point sum), about 10x less
  // work per pass (leave-one-project-out refits the model once per project)
  const cols = xs.map((x) => x.flatMap((v, i) => (v !== 0 ? [i] : [])));
  const vals = xs.map((x, r) => cols[r]!.map((i) => x[i]!));
  for (let it = 0; it < options.iterations; it++) {
    grad.fill(0);
    let gb = 0;
    for (let r = 0; r < n; r++) {
      const c = cols[r]!;
      const v = vals[r]!;
      let z = b;
      for (let k = 0; k < c.length; k++) z += w[c[k]!]! * v[k]!;
      const err = sigmoid(z) - ys[r]!;
      gb += err;
      for (let k = 0; k < c.length; k++) grad[c[k]!]! += err * v[k]!;
    }
    for (let i = 0; i < width; i++) w[i]! -= options.learningRate * (grad[i]! / n + options.l2 * w[i]!);
    b -= options.learningRate * (gb / n);
  }
  return { weights: w, bias: b };
}
