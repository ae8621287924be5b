// The documented rules behind the executive summary and the roadmap, and HTML escaping of report text.
import { describe, expect, it } from 'vitest';
import type { Finding, Report } from '@duescan/engine';
import { EFFORT_RULE, HOURS_PER_FINDING, ROADMAP_RULE, buildModel, phaseOf, renderHtml, verdictOf } from '../src/index';
import { cvssLabel } from '../src/model/labels';
import { syntheticReport } from '../src/testing/synthetic-report';

function withCounts(r: Report, counts: Partial<Report['counts']>, risk: Report['score']['risk']): Report {
  return { ...r, counts: { ...r.counts, critical: 0, high: 0, medium: 0, low: 0, info: 0, ...counts }, score: { ...r.score, risk } };
}

describe('verdict rule', () => {
  const base = syntheticReport({ findings: 0, dependencies: 0 });
  it('asks to fix first when a critical finding exists', () => {
    expect(verdictOf(withCounts(base, { critical: 1 }, 'High')).level).toBe('fix-first');
  });
  it('sets conditions for high findings or a non-low risk', () => {
    expect(verdictOf(withCounts(base, { high: 2 }, 'High')).level).toBe('conditions');
    expect(verdictOf(withCounts(base, { medium: 9 }, 'Medium')).level).toBe('conditions');
  });
  it('is ready with no critical/high findings and a low risk', () => {
    expect(verdictOf(withCounts(base, { low: 3 }, 'Low')).level).toBe('ready');
  });
});

describe('roadmap and effort', () => {
  const f = (severity: Finding['severity'], category: Finding['category'] = 'security') => ({ severity, category }) as Finding;
  it('schedules by severity, and every secret before the round', () => {
    expect(phaseOf(f('high'))).toBe('before-round');
    expect(phaseOf(f('medium'))).toBe('days-30');
    expect(phaseOf(f('low'))).toBe('days-90');
    expect(phaseOf(f('low', 'secrets'))).toBe('before-round');
    expect(phaseOf(f('info'))).toBeNull();
    expect(ROADMAP_RULE).toContain('leaked secret');
  });
  it('estimates hours from the documented per-severity figures', () => {
    const m = buildModel(syntheticReport({ findings: 18, dependencies: 10 }));
    const expected = m.findings.reduce((h, x) => h + HOURS_PER_FINDING[x.severity], 0);
    expect(m.effort.totalHours).toBe(expected);
    expect(EFFORT_RULE).toContain(`critical ${HOURS_PER_FINDING.critical}`);
  });
  it('prints fix guidance once per rule and points later findings to the first', () => {
    const m = buildModel(syntheticReport({ findings: 18, dependencies: 0 }));
    const firstIds = new Set(m.findings.filter((x) => !m.sameAs.get(x.id)?.fix).map((x) => x.ruleId));
    expect(firstIds.size).toBe(new Set(m.findings.map((x) => x.ruleId)).size);
    const repeat = m.findings.find((x) => m.sameAs.get(x.id)?.fix)!;
    const first = m.findings.find((x) => x.id === m.sameAs.get(repeat.id)!.fix)!;
    expect(first.ruleId).toBe(repeat.ruleId);
    expect(first.fix.guidance).toBe(repeat.fix.guidance);
  });
});

describe('HTML escaping', () => {
  it('never lets report text become markup', () => {
    const r = syntheticReport({ findings: 3, dependencies: 2 });
    const hostile = '<img src=x onerror=alert(1)>';
    r.project.name = hostile;
    r.findings[0]!.title = `<script>alert(1)</script>`;
    r.findings[0]!.references = [{ title: 'bad', url: 'javascript:alert(1)' }];
    const html = renderHtml(r);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain(hostile);
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});

describe('CVSS label', () => {
  it('names the CVSS version beside the score, and says nothing it does not know', () => {
    expect(cvssLabel(9.3, 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N')).toBe('9.3 v4');
    expect(cvssLabel(7.5, 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N')).toBe('7.5 v3');
    expect(cvssLabel(5, undefined)).toBe('5.0');
    expect(cvssLabel(undefined, 'CVSS:3.1/AV:N')).toBe('-');
  });
});
