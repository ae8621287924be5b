import { describe, expect, it } from 'vitest';
import { tally } from './vote';

const v = (...verdicts: ('true_positive' | 'false_positive' | 'uncertain')[]) => verdicts.map((verdict) => ({ verdict }));

describe('tally', () => {
  it.each([
    [v(), 'none', null],
    [v('uncertain'), 'single', 'uncertain'],
    [v('true_positive', 'true_positive', 'true_positive'), 'agree', 'true_positive'],
    [v('true_positive', 'false_positive', 'true_positive'), 'dissent', 'true_positive'],
    [v('true_positive', 'false_positive', 'uncertain'), 'split', null],
    [v('true_positive', 'false_positive'), 'split', null],
  ] as const)('%j -> %s, majority %s', (votes, agreement, majority) => {
    expect(tally([...votes])).toEqual({ agreement, majority });
  });
});
