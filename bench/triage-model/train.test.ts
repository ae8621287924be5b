// weights.json is what train.ts makes of the committed dataset.jsonl, so the shipped model cannot drift from its data.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readDataset } from './dataset-file';
import { keepThreshold } from './fit';
import { WEIGHTS_FILE, weightsText } from './train';

describe('triage model training', () => {
  it('weights.json matches what train.ts produces from dataset.jsonl', () => {
    expect(readFileSync(WEIGHTS_FILE, 'utf8')).toBe(weightsText());
  });

  it('the dataset carries features and labels only: no code, no paths', () => {
    for (const row of readDataset()) {
      expect(Object.keys(row).sort()).toEqual(['features', 'how', 'id', 'label', 'project', 'rule', 'severity', 'source']);
      expect(JSON.stringify(row.features)).not.toMatch(/[\\/]\w+\.(py|js|ts)\b/);
    }
  });

  it('the threshold keeps at least 95 % of the real findings', () => {
    const p = [0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1, 0.05, 0.95, 0.85, 0.75, 0.65, 0.55, 0.45, 0.35, 0.25, 0.15, 0.12, 0.01];
    const labels = p.map((_, i) => (i === p.length - 1 ? 0 : 1));
    const t = keepThreshold(p, labels);
    expect(p.filter((x, i) => labels[i] === 1 && x >= t).length).toBeGreaterThanOrEqual(0.95 * 20);
    expect(t).toBe(0.1);
  });
});
