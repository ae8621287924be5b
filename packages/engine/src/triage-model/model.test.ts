import { describe, expect, it } from 'vitest';
import { predict, train } from './model';

describe('logistic regression', () => {
  // Column 0 decides the label; column 1 is noise that agrees with it only half the time.
  const xs = [
    [1, 0],
    [1, 1],
    [1, 0],
    [1, 1],
    [0, 0],
    [0, 1],
    [0, 0],
    [0, 1],
  ];
  const ys = [1, 1, 1, 1, 0, 0, 0, 0];

  it('recovers the obvious rule from a tiny synthetic set', () => {
    const model = train(xs, ys, { l2: 0.001, iterations: 2000, learningRate: 1 });
    expect(model.weights[0]).toBeGreaterThan(3);
    expect(Math.abs(model.weights[1]!)).toBeLessThan(0.5);
    expect(predict(model, [1, 0])).toBeGreaterThan(0.9);
    expect(predict(model, [0, 1])).toBeLessThan(0.1);
  });

  it('gives the same weights every time (no randomness)', () => {
    const options = { l2: 0.01, iterations: 300, learningRate: 0.5 };
    expect(train(xs, ys, options)).toEqual(train(xs, ys, options));
  });

  it('refuses rows and labels that do not line up', () => {
    expect(() => train([[1], [0, 1]], [1, 0])).toThrow(/same number of columns/);
    expect(() => train([[1]], [1, 0])).toThrow(/as many labels/);
    expect(() => predict({ weights: [1, 2], bias: 0 }, [1])).toThrow(/expects 2/);
  });
});
