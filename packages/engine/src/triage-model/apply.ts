// The scan pipeline's triage step, run once the finding list is final (after suppressions and the tier cut, after
// the score): each finding of an analyzer the model was trained on gets properties.modelProbability, a
// confidence derived from it (the engine's own is kept as properties.engineConfidence), and, below the
// model's threshold, the mark likelyFalsePositive: 'model'. Findings are re-ordered by probability within a
// severity. Nothing is dropped, no severity changes, and the score was computed before this step, from the
// engine's confidence, so the model cannot move it.
import { createHash } from 'node:crypto';
import type { Confidence, Finding, TriageModelRun } from '../types';
import { SEVERITIES } from '../types';
import weightsFile from './weights.json' with { type: 'json' };
import { type ProjectSummary, type Vocabulary, describe, engineConfidence, vectorize } from './features';
import { type LogisticModel, predict } from './model';

export interface TriageWeights extends LogisticModel {
  /** Increments when the feature set or the file's meaning changes. */
  formatVersion: number;
  vocabulary: Vocabulary;
  columns: string[];
  /** Below this probability a finding is marked "likely false positive (model)". */
  threshold: number;
  /** Analyzers whose findings the training data covers; others are left alone. */
  analyzers: string[];
  trainedOn: { findings: number; real: number; projects: number };
  train: { l2: number; iterations: number; learningRate: number; minCount: number };
}

export const TRIAGE_WEIGHTS = weightsFile as unknown as TriageWeights;

/**
 * Severities the model marks and re-rates. Critical and high already need evidence (severity-policy.ts); on 51 judged
 * critical/high findings the model kept fewer real ones than the policy alone (it rated 3 of the 4 real ones of the
 * real-world corpus, production dependency advisories, below its threshold), so for them it only records its rating.
 */
export const MARKED_SEVERITIES: ReadonlySet<string> = new Set(['medium', 'low', 'info']);

/** At or above this probability the model calls a finding's confidence high (below the threshold: low). */
const HIGH_CONFIDENCE = 0.7;

export function weightsHash(weights: TriageWeights): string {
  return createHash('sha256').update(JSON.stringify(weights)).digest('hex');
}

function confidenceOf(p: number, threshold: number): Confidence {
  if (p < threshold) return 'low';
  return p >= HIGH_CONFIDENCE ? 'high' : 'medium';
}

/** Probability to four decimals: enough to order, stable across platforms' last-bit differences. */
const round4 = (p: number): number => Math.round(p * 1e4) / 1e4;

export function scoreFinding(f: Finding, project: ProjectSummary, weights: TriageWeights = TRIAGE_WEIGHTS): number {
  return predict(weights, vectorize(describe(f, project), weights.vocabulary));
}

export function applyTriageModel(
  findings: readonly Finding[],
  project: ProjectSummary,
  weights: TriageWeights = TRIAGE_WEIGHTS,
): { findings: Finding[]; run: TriageModelRun } {
  const covered = new Set(weights.analyzers);
  let rated = 0;
  let marked = 0;
  const out = findings.map((f) => {
    if (!covered.has(f.analyzer)) return f;
    const p = round4(scoreFinding(f, project, weights));
    rated++;
    const marks = MARKED_SEVERITIES.has(f.severity);
    const low = marks && p < weights.threshold;
    if (low) marked++;
    const { likelyFalsePositive: _previous, ...rest } = f;
    return {
      ...rest,
      confidence: marks ? confidenceOf(p, weights.threshold) : f.confidence,
      properties: { ...f.properties, modelProbability: p, engineConfidence: engineConfidence(f) },
      ...(low ? { likelyFalsePositive: 'model' as const } : {}),
    };
  });
  const probability = (f: Finding) => (typeof f.properties?.modelProbability === 'number' ? f.properties.modelProbability : -1);
  // Stable sort: severity first (as before), then probability; unrated findings keep their place after rated ones.
  const ordered = out
    .map((f, i) => ({ f, i }))
    .sort((a, b) => SEVERITIES.indexOf(a.f.severity) - SEVERITIES.indexOf(b.f.severity) || probability(b.f) - probability(a.f) || a.i - b.i)
    .map(({ f }) => f);
  const hash = weightsHash(weights);
  return {
    findings: ordered,
    run: {
      version: `${weights.formatVersion}-${hash.slice(0, 12)}`,
      sha256: hash,
      findings: rated,
      likelyFalsePositive: marked,
      threshold: weights.threshold,
      trainedOn: weights.trainedOn,
    },
  };
}
