import { describe, expect, it } from 'vitest';
import { computeScore, findingWeight, gradeOf, riskOf } from './score';
import { makeFinding } from './testing/make-finding';
import type { Category, Confidence, Finding, Severity } from './types';
import { SEVERITIES } from './types';

/** Small deterministic PRNG so property tests explore many cases but always the same ones. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const CATS: Category[] = ['security', 'dependencies', 'secrets', 'licenses', 'quality', 'maintainability', 'team', 'configuration'];
const CONF: Confidence[] = ['high', 'medium', 'low'];

function randomFinding(r: () => number, n: number): Finding {
  return makeFinding({
    key: `k${n}`,
    ruleId: `rule.${Math.floor(r() * 6)}`,
    severity: pick(r, SEVERITIES) as Severity,
    confidence: pick(r, CONF),
    category: pick(r, CATS),
    location: { file: `f${n % 7}.ts`, startLine: 1 + n, endLine: 1 + n },
  });
}

describe('computeScore', () => {
  it('is 100 with no findings and every category is 100', () => {
    const s = computeScore([]);
    expect(s.overall).toBe(100);
    expect(s.grade).toBe('A');
    expect(s.risk).toBe('Low');
    expect(s.deductions).toEqual([]);
    expect(s.categories.every((c) => c.score === 100)).toBe(true);
  });

  it('one critical high-confidence security finding costs a third of the score and makes risk at least High', () => {
    const s = computeScore([makeFinding({ severity: 'critical', confidence: 'high' })]);
    expect(s.overall).toBeCloseTo(66.7, 1);
    expect(s.risk).toBe('High');
    expect(s.categories.find((c) => c.category === 'security')?.score).toBeCloseTo(66.7, 1);
  });

  it('medium and low findings alone, however many, never take a project below grade B', () => {
    const many = Array.from({ length: 600 }, (_, i) =>
      makeFinding({ id: `m${i}`, ruleId: `rule-${i % 150}`, severity: i % 3 === 0 ? 'low' : 'medium', confidence: 'high', category: CATS[i % CATS.length] }),
    );
    const s = computeScore(many);
    expect(s.overall).toBeGreaterThanOrEqual(80);
    expect(s.overall).toBeLessThan(85);
    expect(s.risk).not.toBe('Critical');
  });

  it('one high finding weighs more than fifty medium ones, and a few criticals make an F', () => {
    const mediums = Array.from({ length: 50 }, (_, i) => makeFinding({ id: `m${i}`, ruleId: `r${i}`, severity: 'medium' }));
    expect(computeScore([makeFinding({ severity: 'high' })]).overall).toBeLessThan(computeScore(mediums).overall);
    const criticals = Array.from({ length: 4 }, (_, i) => makeFinding({ id: `c${i}`, ruleId: `c${i}`, severity: 'critical' }));
    expect(computeScore(criticals).grade).toBe('F');
  });

  it('context lowers the weight: the same finding in a test file costs less than in production', () => {
    const prod = computeScore([makeFinding({ severity: 'medium', context: 'production' })]).overall;
    const test = computeScore([makeFinding({ severity: 'medium', context: 'test' })]).overall;
    expect(test).toBeGreaterThan(prod);
  });

  it('keeps badly vulnerable codebases apart instead of rounding them all to 0%', () => {
    const criticals = (n: number) =>
      Array.from({ length: n }, (_, i) => makeFinding({ id: `c${i}`, ruleId: `rule-${i}`, severity: 'critical', confidence: 'high' }));
    const thirteen = computeScore(criticals(13)).overall;
    const hundred = computeScore(criticals(100)).overall;
    expect(thirteen).toBeGreaterThan(hundred);
    expect(hundred).toBeGreaterThan(0);
  });

  it('risk is Critical only with a critical finding: many highs lower the score, not to Critical risk', () => {
    const highs = Array.from({ length: 40 }, (_, i) => makeFinding({ ruleId: `r${i}`, key: `m${i}`, severity: 'high' }));
    const s = computeScore(highs);
    expect(s.overall).toBeLessThan(50);
    expect(s.risk).toBe('High');
    expect(riskOf(30, [{ severity: 'critical' }])).toBe('Critical');
    expect(riskOf(95, [{ severity: 'critical' }])).toBe('High');
    expect(riskOf(30, [{ severity: 'high' }])).toBe('High');
  });

  it('property: adding a finding never raises the overall score or any category score', () => {
    const r = rng(42);
    for (let trial = 0; trial < 200; trial++) {
      const findings = Array.from({ length: Math.floor(r() * 30) }, (_, i) => randomFinding(r, i));
      const before = computeScore(findings);
      const after = computeScore([...findings, randomFinding(r, 1000 + trial)]);
      expect(after.overall).toBeLessThanOrEqual(before.overall);
      for (const c of after.categories) {
        expect(c.score!).toBeLessThanOrEqual(before.categories.find((b) => b.category === c.category)!.score!);
      }
    }
  });

  it('property: deductions account for every lost point (sum = 100 - overall within rounding)', () => {
    const r = rng(7);
    for (let trial = 0; trial < 200; trial++) {
      const findings = Array.from({ length: 1 + Math.floor(r() * 40) }, (_, i) => randomFinding(r, i));
      const s = computeScore(findings);
      const sum = s.deductions.reduce((a, d) => a + d.points, 0);
      expect(Math.abs(sum - (100 - s.overall))).toBeLessThanOrEqual(0.05 + 0.005 * s.deductions.length);
      const weighted = findings.filter((f) => findingWeight(f) > 0).map((f) => f.id);
      expect(s.deductions.map((d) => d.findingId).sort()).toEqual([...new Set(weighted)].sort());
    }
  });

  it('weights severity and confidence, with diminishing returns for repeats of one rule', () => {
    const high = computeScore([makeFinding({ severity: 'high', confidence: 'high' })]).overall;
    const highLow = computeScore([makeFinding({ severity: 'high', confidence: 'low' })]).overall;
    const medium = computeScore([makeFinding({ severity: 'medium', confidence: 'high' })]).overall;
    expect(highLow).toBeGreaterThan(high);
    expect(medium).toBeGreaterThan(high);
    const repeated = Array.from({ length: 10 }, (_, i) => makeFinding({ ruleId: 'same', key: `r${i}` }));
    const distinct = Array.from({ length: 10 }, (_, i) => makeFinding({ ruleId: `rule${i}`, key: `d${i}` }));
    expect(computeScore(repeated).overall).toBeGreaterThan(computeScore(distinct).overall);
  });

  it('info findings cost nothing and quality findings count less than security ones', () => {
    expect(computeScore([makeFinding({ severity: 'info' })]).overall).toBe(100);
    const sec = computeScore([makeFinding({ category: 'security' })]).overall;
    const qual = computeScore([makeFinding({ category: 'quality' })]).overall;
    expect(qual).toBeGreaterThan(sec);
  });

  it('grades by thresholds', () => {
    expect([95, 85, 75, 65, 10].map(gradeOf)).toEqual(['A', 'B', 'C', 'D', 'F']);
  });
});
