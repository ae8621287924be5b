import { describe, expect, it } from 'vitest';
import { diffSnapshots, type Snapshot } from './findings-snapshot';

const snap = (findings: string[], skipped: string[] = []): Snapshot => ({ app: { ultra: { findings, skipped } } });

describe('diffSnapshots', () => {
  it('is empty for identical results', () => {
    expect(diffSnapshots(snap(['open a r f 1 high high']), snap(['open a r f 1 high high']))).toEqual([]);
  });

  it('names every finding or skipped file that appeared, vanished or changed (a severity change is both)', () => {
    const before = snap(['open a r f 1 high high', 'open b r f 2 low low'], ['too-large big.js']);
    const after = snap(['open a r f 1 medium high'], []);
    expect(diffSnapshots(before, after)).toEqual([
      'app/ultra - findings: open a r f 1 high high',
      'app/ultra - findings: open b r f 2 low low',
      'app/ultra + findings: open a r f 1 medium high',
      'app/ultra - skipped: too-large big.js',
    ]);
  });

  it('reports a project or tier scanned on one side only', () => {
    expect(diffSnapshots(snap([]), { ...snap([]), other: { quick: { findings: [], skipped: [] } } })).toEqual(['other/quick: only in after']);
  });
});
