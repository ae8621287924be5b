// The committed dataset (dataset.jsonl): its row shape and a checked reader, shared by train.ts and run.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CATEGORICAL, type FeatureRecord, NUMERIC } from '../../packages/engine/src/triage-model/features';

export const DATASET_FILE = join(import.meta.dirname, 'dataset.jsonl');

export interface DatasetRow {
  project: string;
  source: 'real-world' | 'vuln-apps';
  /** The finding's stable id (a hash; no code). */
  id: string;
  rule: string;
  severity: string;
  label: 0 | 1;
  how: 'id' | 'rule+location' | 'label' | 'triage';
  features: FeatureRecord;
}

export function readDataset(file = DATASET_FILE): DatasetRow[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((line, i) => {
      const row = JSON.parse(line) as DatasetRow;
      const ok =
        typeof row.project === 'string' &&
        (row.label === 0 || row.label === 1) &&
        CATEGORICAL.every((c) => typeof row.features?.cat?.[c] === 'string') &&
        NUMERIC.every((n) => Number.isFinite(row.features?.num?.[n]));
      if (!ok) throw new Error(`${file}:${i + 1}: not a dataset row (project, label 0/1, every feature). Rebuild it with dataset.ts.`);
      return row;
    });
}
