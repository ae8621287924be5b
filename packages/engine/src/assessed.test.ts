import { describe, expect, it } from 'vitest';
import { markNotAssessed, notAssessedCategories, type CoverageInput } from './assessed';
import { computeScore } from './score';
import type { AnalyzerRun, Dependency } from './types';
import { makeFinding } from './testing/make-finding';

const ok = (id: AnalyzerRun['id']): AnalyzerRun => ({ id, durationMs: 1, findings: 0, status: 'ok' });
const dep: Dependency = { ecosystem: 'npm', name: 'lodash', version: '4.17.15', direct: true, source: 'package-lock.json', purl: 'pkg:npm/lodash@4.17.15' };
const full: CoverageInput = {
  tier: 'ultra',
  analyzers: ['sast', 'secrets', 'deps', 'licenses', 'quality', 'config', 'history'].map((id) => ok(id as AnalyzerRun['id'])),
  advisoryDatabase: { date: '2026-11-01T00:00:00Z', records: 1200 },
  dependencies: [dep],
  licenses: [{ name: 'lodash', version: '4.17.15', license: 'MIT', risk: 'none', source: 'package-lock.json' }],
  history: { commits: 12 } as CoverageInput['history'],
};

describe('notAssessedCategories', () => {
  it('assesses every category when every analyzer ran with data', () => {
    expect(notAssessedCategories(full)).toEqual(new Map());
  });

  it('dependencies present but no advisory database: dependencies not assessed, licenses still assessed', () => {
    const m = notAssessedCategories({ ...full, advisoryDatabase: { date: null, records: 0 } });
    expect([...m.keys()]).toEqual(['dependencies']);
    expect(m.get('dependencies')).toMatch(/^no advisory database/);
  });

  it('no lockfile or manifest: dependencies and licenses not assessed', () => {
    const m = notAssessedCategories({ ...full, dependencies: [], licenses: [] });
    expect(m.get('dependencies')).toBe('no lockfile or dependency manifest was found');
    expect(m.get('licenses')).toMatch(/no dependency data/);
  });

  it('licenses all unknown: not assessed, with the count', () => {
    const m = notAssessedCategories({ ...full, licenses: [{ name: 'lodash', license: 'UNKNOWN', risk: 'unknown', source: 'package.json' }] });
    expect(m.get('licenses')).toBe('the license of none of the 1 dependencies could be determined');
  });

  it('no git history: team not assessed; analyzers outside the tier or failed are named', () => {
    expect(notAssessedCategories({ ...full, history: undefined }).get('team')).toBe('no git history');
    const quick = notAssessedCategories({ ...full, tier: 'quick', analyzers: full.analyzers.filter((a) => ['sast', 'secrets', 'deps', 'config'].includes(a.id)) });
    expect([...quick.keys()].sort()).toEqual(['licenses', 'maintainability', 'quality', 'team']);
    expect(quick.get('team')).toBe('not part of the Quick package');
    const failed = notAssessedCategories({ ...full, analyzers: full.analyzers.map((a) => (a.id === 'secrets' ? { ...a, status: 'error' as const } : a)) });
    expect(failed.get('secrets')).toBe('the analyzer failed');
  });
});

describe('markNotAssessed', () => {
  it('gives a not-assessed category no score (never 100) and says so in the method; others keep theirs', () => {
    const score = computeScore([makeFinding({ severity: 'high' })]);
    const marked = markNotAssessed(score, new Map([['dependencies', 'no advisory database']]));
    const deps = marked.categories.find((c) => c.category === 'dependencies')!;
    expect(deps).toMatchObject({ score: null, assessed: false, notAssessedReason: 'no advisory database' });
    expect(marked.categories.find((c) => c.category === 'security')).toMatchObject({ score: 80, assessed: true });
    expect(marked.method).toContain('dependencies (no advisory database)');
    expect(marked.overall).toBe(score.overall);
  });
});
