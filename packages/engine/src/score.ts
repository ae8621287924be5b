// The security score (docs/scoring.md). Findings carry weights (severity x confidence); repeats of one rule
// count with diminishing returns (the k-th strongest counts 1/k); scores decay hyperbolically with the total
// weight, so a new finding can only lower them, and every lost point is attributed to one finding.
import type { Category, Confidence, Finding, Score, Severity } from './types';
import { CONTEXT_WEIGHT } from './exec-context/weights';

export const SEVERITY_WEIGHT: Record<Severity, number> = { critical: 10, high: 5, medium: 2, low: 0.5, info: 0 };
export const CONFIDENCE_FACTOR: Record<Confidence, number> = { high: 1, medium: 0.7, low: 0.4 };

/** How much each category counts towards the overall security score. */
export const CATEGORY_WEIGHT: Record<Category, number> = {
  security: 1,
  secrets: 1,
  dependencies: 1,
  configuration: 0.75,
  licenses: 0.5,
  quality: 0.25,
  maintainability: 0.25,
  team: 0.25,
};
export const CATEGORIES = Object.keys(CATEGORY_WEIGHT) as Category[];

/** Weight at which a score halves: one critical high-confidence finding alone gives 67, one high 80. */
export const SCALE = 20;

export const SCORE_METHOD =
  'score = 100 / (1 + S / 20) x (1 - 0.2 x M / (M + 20)), S = weight of critical/high findings, M = weight of ' +
  'medium/low findings (severity x confidence x context; the k-th finding of one rule counts 1/k; categories ' +
  'weighted). Medium and low findings cost at most 20%. See docs/scoring.md.';

/**
 * Hyperbolic rather than exponential decay: the two agree near the top (one finding), but an exponential
 * rounds every seriously vulnerable codebase to 0%, while this keeps 13 critical findings and 100 apart.
 */
export function decay(weight: number): number {
  return 100 / (1 + weight / SCALE);
}

/** Severity x confidence x execution context (a finding in test or script code weighs less than in production). */
export function findingWeight(f: Pick<Finding, 'severity' | 'confidence' | 'context'>): number {
  return SEVERITY_WEIGHT[f.severity] * CONFIDENCE_FACTOR[f.confidence] * CONTEXT_WEIGHT[f.context ?? 'production'];
}

/**
 * Effective weight per finding after diminishing returns within each rule. Groups are (category, rule) so that a
 * new finding can only add weight to its own category (this keeps every category score monotone too).
 */
/** Critical and high findings decide the score; medium and low ones can cost at most MODERATE_SHARE of it. */
export type WeightClass = 'severe' | 'moderate';
export const weightClass = (f: Pick<Finding, 'severity'>): WeightClass => (f.severity === 'critical' || f.severity === 'high' ? 'severe' : 'moderate');

/**
 * Effective weight per finding after diminishing returns within each rule. Groups are (category, rule, weight
 * class) so that a new finding can only add weight to its own category and class (this keeps every score monotone).
 */
export function effectiveWeights(findings: Finding[]): Map<Finding, number> {
  const byRule = new Map<string, Finding[]>();
  for (const f of findings) {
    const key = `${f.category}\0${f.ruleId}\0${weightClass(f)}`;
    const group = byRule.get(key);
    if (group) group.push(f);
    else byRule.set(key, [f]);
  }
  const out = new Map<Finding, number>();
  for (const group of byRule.values()) {
    // Strongest first, ties by id so the attribution is deterministic.
    group.sort((a, b) => findingWeight(b) - findingWeight(a) || a.id.localeCompare(b.id));
    group.forEach((f, k) => out.set(f, findingWeight(f) / (k + 1)));
  }
  return out;
}

/**
 * Medium and low findings (hygiene, audit signals, non-production code) lower the score by at most this share:
 * a project with no critical or high finding never drops below grade B, however large it is.
 */
export const MODERATE_SHARE = 0.2;
/** Moderate weight at which half of MODERATE_SHARE is lost. */
export const MODERATE_SCALE = 20;

/** What the moderate findings leave of the score: 1 with none, approaching 1 - MODERATE_SHARE. */
export function moderateFactor(weight: number): number {
  return 1 - (MODERATE_SHARE * weight) / (weight + MODERATE_SCALE);
}

/** Score from severe and moderate weights: decay(severe) x moderateFactor(moderate). */
export function combine(severe: number, moderate: number): number {
  return decay(severe) * moderateFactor(moderate);
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

export function gradeOf(score: number): Score['grade'] {
  return score >= 90 ? 'A' : score >= 80 ? 'B' : score >= 70 ? 'C' : score >= 60 ? 'D' : 'F';
}

/**
 * Risk from the score, with two floors tied to critical findings: Critical needs at least one critical finding (an
 * accumulation of medium findings lowers the score, never makes the risk Critical), and a critical finding keeps
 * the risk at High or above whatever the score.
 */
export function riskOf(score: number, findings: Pick<Finding, 'severity'>[]): Score['risk'] {
  const byScore: Score['risk'] = score >= 85 ? 'Low' : score >= 70 ? 'Medium' : score >= 50 ? 'High' : 'Critical';
  const hasCritical = findings.some((f) => f.severity === 'critical');
  if (byScore === 'Critical') return hasCritical ? 'Critical' : 'High';
  return hasCritical ? 'High' : byScore;
}

export function computeScore(findings: Finding[], note?: string): Score {
  const weights = effectiveWeights(findings);
  const perCategory = new Map<Category, { severe: number; moderate: number }>(CATEGORIES.map((c) => [c, { severe: 0, moderate: 0 }]));
  let severe = 0;
  let moderate = 0;
  for (const [f, w] of weights) {
    const cat = perCategory.get(f.category) ?? { severe: 0, moderate: 0 };
    const weighted = w * (CATEGORY_WEIGHT[f.category] ?? 1);
    if (weightClass(f) === 'severe') {
      cat.severe += w;
      severe += weighted;
    } else {
      cat.moderate += w;
      moderate += weighted;
    }
    perCategory.set(f.category, cat);
  }
  const exact = combine(severe, moderate);
  // 100 - exact = (100 - decay(severe)) + decay(severe) x (1 - factor): each part split by share of its weight.
  const severeLost = 100 - decay(severe);
  const moderateLost = decay(severe) - exact;
  const deductions: Score['deductions'] = [];
  const categoryLost = new Map<Category, number>();
  for (const [f, w] of weights) {
    if (w === 0) continue;
    const weighted = w * (CATEGORY_WEIGHT[f.category] ?? 1);
    const points = weightClass(f) === 'severe' ? (severeLost * weighted) / severe : (moderateLost * weighted) / moderate;
    categoryLost.set(f.category, (categoryLost.get(f.category) ?? 0) + points);
    deductions.push({ findingId: f.id, category: f.category, points: round(points, 2) });
  }
  deductions.sort((a, b) => b.points - a.points || a.findingId.localeCompare(b.findingId));
  const overall = round(exact, 1);
  return {
    overall,
    grade: gradeOf(overall),
    risk: riskOf(overall, findings),
    categories: CATEGORIES.map((category) => {
      const w = perCategory.get(category) ?? { severe: 0, moderate: 0 };
      return {
        category,
        score: round(combine(w.severe, w.moderate), 1),
        weight: CATEGORY_WEIGHT[category],
        deductions: round(categoryLost.get(category) ?? 0, 2),
      };
    }),
    deductions,
    method: note ? `${SCORE_METHOD} ${note}` : SCORE_METHOD,
  };
}
