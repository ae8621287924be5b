// From labelled feature records to the engine's weights.json object: vocabulary, logistic regression and the
// threshold that keeps at least KEEP_TRUE of the real findings. train.ts writes the result; run.ts calls the
// same function on each leave-one-project-out fold, so the cross-validation measures exactly what ships.
import { buildVocabulary, columnNames, type FeatureRecord, vectorize } from '../../packages/engine/src/triage-model/features';
import type { TriageWeights } from '../../packages/engine/src/triage-model/apply';
import { DEFAULT_TRAIN, predict, train } from '../../packages/engine/src/triage-model/model';

/** Share of the real findings the threshold must keep (issue 15's target). */
export const KEEP_TRUE = 0.95;
/** A categorical value needs this many rows to get its own column; rarer ones share the unknown bucket. */
export const MIN_COUNT = 3;
export const FORMAT_VERSION = 1;

export interface TrainingRow {
  project: string;
  label: 0 | 1;
  features: FeatureRecord;
}

/** Lowest probability among the real rows once the lowest (1 - keep) share of them is given up, floored to 4 decimals. */
export function keepThreshold(probabilities: readonly number[], labels: readonly number[], keep = KEEP_TRUE): number {
  const real = probabilities.filter((_, i) => labels[i] === 1).sort((a, b) => a - b);
  if (real.length === 0) return 0;
  const giveUp = Math.floor((1 - keep) * real.length);
  return Math.floor(real[giveUp]! * 1e4) / 1e4;
}

export function fitWeights(rows: readonly TrainingRow[]): TriageWeights {
  if (rows.length === 0) throw new Error('No training rows: build dataset.jsonl first (dataset.ts).');
  const vocabulary = buildVocabulary(rows.map((r) => r.features), MIN_COUNT);
  const xs = rows.map((r) => vectorize(r.features, vocabulary));
  const ys = rows.map((r) => r.label);
  const model = train(xs, ys, DEFAULT_TRAIN);
  const probabilities = xs.map((x) => predict(model, x));
  return {
    formatVersion: FORMAT_VERSION,
    // Four significant decimals keep the committed file small and its diff readable.
    weights: model.weights.map((w) => Number(w.toFixed(4))),
    bias: Number(model.bias.toFixed(4)),
    vocabulary,
    columns: columnNames(vocabulary),
    threshold: keepThreshold(probabilities, ys),
    analyzers: [...new Set(rows.map((r) => r.features.cat.analyzer))].sort(),
    trainedOn: { findings: rows.length, real: ys.filter((y) => y === 1).length, projects: new Set(rows.map((r) => r.project)).size },
    train: { ...DEFAULT_TRAIN, minCount: MIN_COUNT },
  };
}
