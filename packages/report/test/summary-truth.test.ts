// Every summary sentence is computed from the findings it summarises: each test builds the input that used to
// produce a contradiction and checks that the contradiction cannot occur (and that the honest sentence appears).
import { describe, expect, it } from 'vitest';
import { computeScore } from '@duescan/engine';
import type { AcceptedFinding, Finding, LicenseEntry, Report } from '@duescan/engine';
import { buildModel, verdictOf } from '../src/index';
import { risksOf, strengthsOf } from '../src/model/highlights';
import { advisoryLine, inventoryLicense, locationOf, summaryIntro } from '../src/model/describe';
import { acceptedLine, notAssessedLine } from '../src/model/accepted';
import { syntheticReport } from '../src/testing/synthetic-report';

/** A project with nothing wrong: every strength sentence is earned, so removing one proves the rule applies. */
function clean(): Report {
  const r = syntheticReport({ findings: 0, dependencies: 10 });
  r.tier = 'pro';
  r.findings = [];
  r.vulnerableDependencies = [];
  r.licenses = r.licenses.map((l) => ({ ...l, license: 'MIT', risk: 'none' as const }));
  r.metrics.quality!.testToCodeRatio = 0.3;
  r.metrics.history!.busFactor = 3;
  return rescore(r);
}

function rescore(r: Report): Report {
  const scored = [...r.findings, ...(r.accepted ?? [])];
  const counts = { critical: 0, high: 0, medium: 0, low: 0, info: 0, total: r.findings.length };
  for (const f of r.findings) counts[f.severity]++;
  return { ...r, counts, score: computeScore(scored) };
}

function finding(over: Partial<Finding>): Finding {
  return {
    id: (over.id ?? 'abcdef0123456789').padEnd(16, '0'),
    ruleId: 'test.rule',
    analyzer: 'sast',
    category: 'security',
    title: 'SQL injection',
    severity: 'critical',
    confidence: 'high',
    cwe: ['CWE-89'],
    owasp: [],
    location: { file: 'app.py', startLine: 6, endLine: 6 },
    message: 'x',
    fix: { guidance: 'y' },
    references: [],
    ...over,
  };
}

const accept = (f: Finding, reason?: string): AcceptedFinding => ({ ...f, acceptance: reason ? { mechanism: 'baseline', reason } : { mechanism: 'baseline' } });
const joined = (r: Report) => [...strengthsOf(r), ...risksOf(r), summaryIntro(buildModel(r)), verdictOf(r).reason].join('\n');

describe('strengths: never claimed against the data', () => {
  it('the clean project earns every strength (so each test below can fail)', () => {
    const s = strengthsOf(clean()).join('\n');
    expect(s).toContain('No critical or high issues');
    expect(s).toContain('No hard-coded credentials');
    expect(s).toContain('matches a known advisory');
    expect(s).toContain('No strong-copyleft');
  });

  it('"No hard-coded credentials" never appears beside a secret finding of any severity, open or accepted', () => {
    for (const severity of ['critical', 'high', 'medium', 'low', 'info'] as const) {
      const secret = finding({ id: `5ec${severity}`, category: 'secrets', analyzer: 'secrets', title: 'Hard-coded password', severity, location: { file: 'tests/settings.py', startLine: 3, endLine: 3 } });
      const open = rescore({ ...clean(), findings: [secret] });
      expect(strengthsOf(open).join('\n')).not.toContain('No hard-coded credentials');
      expect(risksOf(open).join('\n')).toContain('1 credential committed to the code');
      const accepted = rescore({ ...clean(), accepted: [accept(secret)] });
      expect(strengthsOf(accepted).join('\n')).not.toContain('No hard-coded credentials');
      expect(risksOf(accepted).join('\n')).toContain('1 credential committed to the code (1 accepted by the project owner)');
    }
  });

  it('"No strong-copyleft" is not a strength when most licenses are unknown; the unknown count is said instead', () => {
    const r = clean();
    const licenses: LicenseEntry[] = Array.from({ length: 138 }, (_, i) => ({ name: `p${i}`, license: i === 0 ? 'MIT' : 'UNKNOWN', risk: i === 0 ? 'none' : 'unknown', source: 'package.json' }));
    const unknown = rescore({ ...r, licenses });
    expect(strengthsOf(unknown).join('\n')).not.toContain('strong-copyleft');
    expect(risksOf(unknown).join('\n')).toContain('The license of 137 of 138 dependencies is unknown');
    // A minority unknown keeps the strength but says how many are unknown.
    const few = rescore({ ...r, licenses: licenses.map((l, i) => (i < 100 ? { ...l, license: 'MIT', risk: 'none' as const } : l)) });
    expect(strengthsOf(few).join('\n')).toContain('among the 100 dependencies with a known license (38 unknown)');
  });

  it('an accepted critical finding rules out "No critical or high issues" and makes the verdict Fix first', () => {
    const r = rescore({ ...clean(), accepted: [accept(finding({}), 'admin only')] });
    expect(strengthsOf(r).join('\n')).not.toContain('No critical or high issues');
    expect(risksOf(r).join('\n')).toContain('1 critical or high finding accepted by the project owner');
    expect(verdictOf(r)).toMatchObject({ level: 'fix-first' });
    expect(verdictOf(r).reason).toContain('1 critical finding (accepted by the project owner)');
  });

  it('an accepted high finding keeps the verdict from Ready', () => {
    const r = rescore({ ...clean(), accepted: [accept(finding({ severity: 'high' }))] });
    expect(r.counts.high).toBe(0);
    expect(verdictOf(r).level).toBe('conditions');
  });

  it('no dependency strength when dependencies were not assessed (no advisory database) or a dependency finding exists', () => {
    const noDb = clean();
    noDb.advisoryDatabase = { date: null, records: 0 };
    noDb.score = { ...noDb.score, categories: noDb.score.categories.map((c) => (c.category === 'dependencies' ? { ...c, score: null, assessed: false, notAssessedReason: 'no advisory database' } : c)) };
    expect(strengthsOf(noDb).join('\n')).not.toContain('matches a known advisory');
    const withFinding = rescore({ ...clean(), accepted: [accept(finding({ category: 'dependencies', analyzer: 'deps', severity: 'high' }))] });
    expect(strengthsOf(withFinding).join('\n')).not.toContain('matches a known advisory');
  });

  it('no configuration strength beside a configuration finding', () => {
    const r = rescore({ ...clean(), findings: [finding({ category: 'configuration', analyzer: 'config', severity: 'low' })] });
    expect(strengthsOf(r).join('\n')).not.toContain('No insecure deployment');
  });

  it('no bus-factor strength without git history', () => {
    const r = clean();
    r.metrics.history = { ...r.metrics.history!, commits: 0 };
    expect(strengthsOf(r).join('\n')).not.toContain('bus factor');
  });
});

describe('verdict and summary sentences', () => {
  it('medium findings alone never give Fix first, even at risk Critical from an older engine', () => {
    const mediums = Array.from({ length: 60 }, (_, i) => finding({ id: `m${i}`, ruleId: `r${i}`, severity: 'medium' }));
    const r = rescore({ ...clean(), findings: mediums });
    expect(r.score.risk).not.toBe('Critical');
    expect(verdictOf(r).level).toBe('conditions');
    expect(verdictOf({ ...r, score: { ...r.score, risk: 'Critical' } }).level).toBe('conditions');
  });

  it('the summary counts open and accepted findings apart and names what was not assessed', () => {
    const r = rescore({ ...clean(), accepted: [accept(finding({}), 'admin only')] });
    r.score = { ...r.score, categories: r.score.categories.map((c) => (c.category === 'team' ? { ...c, score: null, assessed: false, notAssessedReason: 'no git history' } : c)) };
    const text = summaryIntro(buildModel(r));
    expect(text).toContain('found no open issues in scope');
    // The risk charts count the accepted critical finding, as the score does.
    expect(buildModel(r).matrix.critical.high).toBe(1);
    expect(text).toContain('A further 1 finding was accepted by the project owner instead of fixed (1 critical or high)');
    expect(text).toContain('Not assessed, so not part of the score: team and history (no git history).');
    expect(notAssessedLine(buildModel(r))).toBe('Team and history (no git history)');
    expect(notAssessedLine(buildModel(clean()))).toMatch(/^nothing/);
  });

  it('accepted findings are counted in the methodology line, and reports from before the field are not miscounted', () => {
    const r = rescore({ ...clean(), accepted: [accept(finding({}))], suppressed: [{ id: 'abcdef0123456789', ruleId: 'test.rule', reason: 'baseline' }, { id: 'ffff', ruleId: 'x', reason: 'inline' }] });
    expect(acceptedLine(buildModel(r))).toContain('1 accepted by the project owner');
    expect(acceptedLine(buildModel(r))).toContain('1 more below');
    expect(acceptedLine(buildModel({ ...r, accepted: undefined }))).toContain('2 hidden');
  });

  it('project-level findings show their path alone, never ":0" or ":1", in locations and risk sentences', () => {
    const ci = finding({ title: 'No continuous integration', severity: 'high', category: 'quality', analyzer: 'quality', location: { file: '.', startLine: 0, endLine: 0 } });
    expect(locationOf(ci)).toBe('(whole project)');
    const manifest = finding({ location: { file: 'package.json', startLine: 0, endLine: 0 } });
    expect(locationOf(manifest)).toBe('package.json');
    const r = rescore({ ...clean(), findings: [ci] });
    expect(joined(r)).not.toMatch(/:0\b|\.:1\b/);
    expect(risksOf(r).join('\n')).toContain('e.g. (whole project).');
  });

  it('the advisory line says dependencies were listed only when there are some', () => {
    const r = clean();
    r.advisoryDatabase = { date: null, records: 0 };
    expect(advisoryLine(buildModel(r))).toBe('No advisory database: 10 dependencies were listed but not checked for known vulnerabilities.');
    expect(advisoryLine(buildModel({ ...r, dependencies: [] }))).toBe('No advisory database, and no dependencies were found to check.');
  });

  it('skipped files are counted by reason', () => {
    const r = clean();
    r.skipped = [
      { file: 'a.min.js', reason: 'minified' },
      { file: 'b.min.js', reason: 'minified' },
      { file: 'big.sql', reason: 'too-large' },
    ];
    const m = buildModel(r);
    expect(m.skippedByReason).toEqual([
      { reason: 'minified', label: 'Minified', count: 2 },
      { reason: 'too-large', label: 'Larger than the size limit', count: 1 },
    ]);
    expect(m.notAnalysed.join('\n')).toContain('3 files were skipped: 2 minified, 1 larger than the size limit');
  });
});

describe('dependency inventory', () => {
  it('shows the license the license analyzer found when the dependency record has none, "unknown" only when nobody knows', () => {
    const r = clean();
    r.dependencies = [
      { ecosystem: 'npm', name: 'axios', version: '0.21.1', direct: true, source: 'package.json', purl: 'pkg:npm/axios@0.21.1' },
      { ecosystem: 'npm', name: 'left-pad', version: '1.0.0', direct: true, source: 'package.json', purl: 'pkg:npm/left-pad@1.0.0' },
    ];
    r.licenses = [{ name: 'axios', version: '0.21.1', license: 'MIT', risk: 'none', source: 'node_modules/axios/package.json' }];
    const licenseOf = inventoryLicense(buildModel(r));
    expect(r.dependencies.map(licenseOf)).toEqual(['MIT', 'unknown']);
  });
});
