import { describe, expect, it } from 'vitest';
import { metaIdOf, parseCsv, type LineLabel } from './labels';
import { metrics, scoreHits, sum } from './score';

const label = (file: string, line: number, truth: LineLabel['truth'], lineEnd = line): LineLabel => ({
  file,
  lineStart: line,
  lineEnd,
  truth,
  category: 'Password',
});

describe('CredData labels', () => {
  it('names the meta file of a snapshot key as download_data.py does (crc32 of the key bytes)', () => {
    // snapshot.json's key for expressjs/express and CredData's meta/964f9856.csv.
    expect(metaIdOf('28db2c2c5cf992c897d1fbbc6b119ee02fe32ab145165995b6f6b4f12118efcf')).toBe('964f9856');
  });

  it('parses meta rows, a quoted comma included', () => {
    const rows = parseCsv('Id,FilePath,LineStart,GroundTruth,Category\n1,data/x/a.py,3,T,"Key,Secret"\n2,data/x/b.py,5,F,Key\n');
    expect(rows).toEqual([
      { Id: '1', FilePath: 'data/x/a.py', LineStart: '3', GroundTruth: 'T', Category: 'Key,Secret' },
      { Id: '2', FilePath: 'data/x/b.py', LineStart: '5', GroundTruth: 'F', Category: 'Key' },
    ]);
  });
});

describe('scoring', () => {
  const labels = [label('a.py', 3, 'T'), label('a.py', 10, 'T', 12), label('b.py', 5, 'F'), label('c.py', 1, 'T')];

  it('counts recall over true labels and precision over distinct hit lines, unlabelled lines as false', () => {
    const { score, details } = scoreHits(labels, [
      { file: 'a.py', line: 3, severity: 'low' },
      { file: 'a.py', line: 3, severity: 'high' }, // the same line twice is one hit, the high one kept
      { file: 'a.py', line: 11, severity: 'medium' }, // inside a multi-line label
      { file: 'b.py', line: 5, severity: 'high' }, // labelled F
      { file: 'd.py', line: 1, severity: 'low' }, // never labelled
      { file: 'x.xml', line: 1, severity: 'high' }, // CredData does not label XML: left out
    ]);
    expect(score).toEqual({ trueLabels: 3, found: 2, hits: 4, truePositives: 2, unlabelled: 1, highHits: 2, highTrue: 1 });
    expect(details).toEqual(['MISS c.py:1 Password', 'FP(F) high  b.py:5', 'FP(unlabelled) low  d.py:1']);
    const m = metrics(score);
    expect(m.recall).toBeCloseTo(2 / 3);
    expect(m.precision).toBeCloseTo(0.5);
    expect(m.f1).toBeCloseTo((2 * 0.5 * (2 / 3)) / (0.5 + 2 / 3));
    expect(m.highPrecision).toBeCloseTo(0.5);
  });

  it('reports no precision (NaN, printed "-") when a tool has no hit, never a perfect score', () => {
    const { score } = scoreHits(labels, []);
    const m = metrics(sum([score, score]));
    expect(Number.isNaN(m.precision)).toBe(true);
    expect(Number.isNaN(m.highPrecision)).toBe(true);
    expect(m.f1).toBe(0);
  });
});
