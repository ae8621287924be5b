// Trains the engine's triage model from the committed dataset.jsonl and writes
// packages/engine/src/triage-model/weights.json (deterministic: the same dataset gives the same file).
// Usage: npx tsx bench/triage-model/train.ts [--check]   (--check: exit 1 if weights.json differs, write nothing)
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readDataset } from './dataset-file';
import { fitWeights } from './fit';

export const WEIGHTS_FILE = join(import.meta.dirname, '..', '..', 'packages', 'engine', 'src', 'triage-model', 'weights.json');

export function weightsText(): string {
  return JSON.stringify(fitWeights(readDataset()), null, 1) + '\n';
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const text = weightsText();
  if (process.argv.includes('--check')) {
    const same = readFileSync(WEIGHTS_FILE, 'utf8') === text;
    console.log(same ? 'weights.json matches dataset.jsonl' : 'weights.json is stale: run npx tsx bench/triage-model/train.ts');
    process.exit(same ? 0 : 1);
  }
  writeFileSync(WEIGHTS_FILE, text);
  const w = JSON.parse(text) as { trainedOn: object; threshold: number; columns: string[] };
  console.log(`wrote ${WEIGHTS_FILE}: ${w.columns.length} columns, threshold ${w.threshold}, trained on ${JSON.stringify(w.trainedOn)}`);
}
