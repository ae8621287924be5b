// The anonymized upload must carry no code, no raw paths and no people, yet keep everything the PDF scores from.
import { describe, expect, it } from 'vitest';
import type { Finding, Report } from '@duescan/engine';
import { anonymize } from '../src/anonymize';

const SNIPPET = 'cursor.execute("SELECT * FROM users WHERE id = " + user_id)';
const TRACE_CODE = "user_id = request.args.get('uid')";
const PATH = 'services/billing/secret_sauce.py';

function finding(overrides: Partial<Finding> = {}): Finding {
  return {
    id: 'a1b2c3d4e5f60718',
    ruleId: 'python.sql-injection',
    analyzer: 'sast',
    category: 'security',
    title: 'SQL injection',
    severity: 'critical',
    confidence: 'high',
    cwe: ['CWE-89'],
    owasp: ['A03:2021-Injection'],
    location: { file: PATH, startLine: 12, endLine: 12 },
    snippet: SNIPPET,
    message: `Request data reaches a SQL query in ${PATH}`,
    fix: { guidance: 'Use parameters', example: 'cursor.execute("... = %s", (uid,))' },
    references: [{ title: 'CWE-89', url: 'https://cwe.mitre.org/data/definitions/89.html' }],
    trace: [
      { kind: 'source', file: PATH, line: 10, label: TRACE_CODE },
      { kind: 'sink', file: PATH, line: 12, label: SNIPPET },
    ],
    properties: { sourceFile: PATH },
    ...overrides,
  };
}

function report(): Report {
  const fn = { file: PATH, name: 'compute_secret_margin', line: 3, complexity: 14, lines: 80 };
  return {
    schemaVersion: '1.0.0',
    tool: { name: 'DueScan', version: '0.1.0' },
    generatedAt: '2026-11-21T12:00:00.000Z',
    tier: 'pro',
    anonymized: false,
    project: { name: 'acme', languages: [{ language: 'python', files: 1, code: 90, comment: 2, blank: 5 }], files: 1, loc: 90, commit: 'abc123', branch: 'feature/JIRA-42-secret-deal' },
    analyzers: [{ id: 'sast', durationMs: 5, findings: 1, status: 'ok', packs: ['injection'] }],
    advisoryDatabase: { date: null, records: 0 },
    findings: [finding()],
    suppressed: [],
    dependencies: [{ ecosystem: 'PyPI', name: 'flask', version: '0.12.2', direct: true, source: 'services/billing/requirements.txt', purl: 'pkg:pypi/flask@0.12.2' }],
    vulnerableDependencies: [],
    licenses: [{ name: 'flask', version: '0.12.2', license: 'BSD-3-Clause', risk: 'none', source: 'services/billing/requirements.txt' }],
    metrics: {
      quality: {
        functions: 1, averageComplexity: 14, complexFunctions: [fn], largestFiles: [{ file: PATH, lines: 90 }], largestFunctions: [fn],
        duplication: { duplicatedLines: 0, percent: 0, blocks: [{ files: [PATH], lines: 6 }] },
        testFiles: 0, testCodeLines: 0, testToCodeRatio: 0, todoCount: 0, todoPerKloc: 0,
        presence: { readme: true, ci: false, lint: false, typeChecking: false, lockfile: false, license: false, tests: false },
      },
      history: {
        commits: 10, contributors: 2, activeContributors90d: 1, busFactor: 1, commitsLast90d: 3, monthlyCommits: [],
        hotspots: [{ file: PATH, changes: 7, complexity: 14, score: 98 }],
        topAuthors: [
          { author: 'Jane Founder <jane@acme.io>', commits: 8, share: 0.8 },
          { author: 'bob@acme.io', commits: 2, share: 0.2 },
        ],
      },
    },
    score: { overall: 61, grade: 'C', risk: 'High', categories: [{ category: 'security', score: 61, weight: 1, deductions: 39 }], deductions: [{ findingId: 'a1b2c3d4e5f60718', category: 'security', points: 39 }], method: 'test' },
    counts: { critical: 1, high: 0, medium: 0, low: 0, info: 0, total: 1 },
    skipped: [{ file: 'services/billing/huge.min.js', reason: 'minified', detail: 'services/billing/huge.min.js is minified' }],
    durationMs: 20,
  };
}

/** Every string anywhere in a value (keys included): what a leak check must search. */
function allStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) allStrings(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      allStrings(v, out);
    }
  }
  return out;
}

const PRIVATE = [SNIPPET, TRACE_CODE, 'services/billing', 'secret_sauce', 'compute_secret_margin', 'JIRA-42', 'jane@acme.io', 'Jane Founder', 'bob@acme.io'];
function leaks(value: unknown): string[] {
  const strings = allStrings(value);
  return PRIVATE.filter((secret) => strings.some((s) => s.includes(secret)));
}

describe('anonymize', () => {
  it('leaves no snippet, trace code, raw path, function name, branch or author e-mail in the upload', () => {
    expect(leaks(anonymize(report(), { salt: 'salt-1' }))).toEqual([]);
  });

  it('the leak check catches every private string of the raw report (so the test above can fail)', () => {
    expect(leaks(report())).toEqual(PRIVATE);
  });

  it('removes quoted code even from free-text fields such as messages and properties', () => {
    const leaky = report();
    leaky.findings[0]!.properties = { note: `seen: ${SNIPPET}` };
    leaky.findings[0]!.message = `tainted by ${TRACE_CODE}`;
    expect(leaks(anonymize(leaky, { salt: 's' }))).toEqual([]);
  });

  it('anonymizes accepted findings like open ones and keeps how they were accepted', () => {
    const raw = report();
    raw.accepted = [{ ...finding({ id: 'b1b2c3d4e5f60718' }), acceptance: { mechanism: 'inline', reason: `safe, see ${PATH}` } }];
    const out = anonymize(raw, { salt: 's' });
    expect(leaks(out)).toEqual([]);
    expect(leaks(raw)).toEqual(expect.arrayContaining([SNIPPET, 'secret_sauce']));
    const a = out.accepted![0]!;
    expect(a.snippet).toBeUndefined();
    expect(a.location.file).toMatch(/^file-[0-9a-f]{16}\.py$/);
    expect(a.acceptance.mechanism).toBe('inline');
    expect(a.acceptance.reason).toBe(`safe, see ${a.location.file}`);
  });

  it('keeps the models\' verdicts but not their free text, scenarios or the raw paths of what was sent', () => {
    const raw = report();
    const model = { provider: 'openai' as const, model: 'gpt-x' };
    raw.findings[0]!.aiReview = {
      kind: 'finding',
      promptVersion: 'v1',
      votes: [{ ...model, verdict: 'true_positive', confidence: 0.9, reasoning: `line 12 runs secret_sauce`, fix: `rewrite ${SNIPPET}` }],
      noAnswer: [{ provider: 'anthropic', model: 'c', reason: 'malformed', detail: `echoed ${TRACE_CODE}` }],
      agreement: 'single',
      majority: 'true_positive',
      scenario: { ...model, preconditions: ['x'], steps: [`call compute_secret_margin`], impact: 'y' },
    };
    raw.ai = { promptVersion: 'v1', models: [], selected: 1, reviewed: 1, sent: [{ ...model, findingId: 'a1b2c3d4e5f60718', file: PATH, lines: '1-20' }] };
    expect(leaks(raw)).toEqual(expect.arrayContaining(['secret_sauce', 'compute_secret_margin']));
    const out = anonymize(raw, { salt: 's' });
    expect(leaks(out)).toEqual([]);
    expect(out.findings[0]!.aiReview).toMatchObject({ agreement: 'single', majority: 'true_positive', votes: [{ verdict: 'true_positive', confidence: 0.9 }] });
    expect(out.findings[0]!.aiReview!.scenario).toBeUndefined();
    expect(out.ai!.sent[0]!.file).toMatch(/^file-[0-9a-f]{16}\.py$/);
  });

  it('keeps rule ids, severities, CWE/OWASP, counts, score and dependencies', () => {
    const original = report();
    const out = anonymize(original, { salt: 'salt-1' });
    expect(out.anonymized).toBe(true);
    const f = out.findings[0]!;
    expect([f.ruleId, f.severity, f.cwe, f.owasp, f.id]).toEqual(['python.sql-injection', 'critical', ['CWE-89'], ['A03:2021-Injection'], 'a1b2c3d4e5f60718']);
    expect(f.snippet).toBeUndefined();
    expect(f.trace?.map((s) => [s.kind, s.line])).toEqual([['source', 10], ['sink', 12]]);
    expect(out.counts).toEqual(original.counts);
    expect(out.score).toEqual(original.score);
    expect(out.dependencies.map((d) => [d.name, d.version, d.purl])).toEqual([['flask', '0.12.2', 'pkg:pypi/flask@0.12.2']]);
    expect(out.metrics.history?.topAuthors.map((a) => [a.author, a.commits])).toEqual([['Contributor 1', 8], ['Contributor 2', 2]]);
  });

  it('hashes one path the same way within a project and differently across projects', () => {
    const a = anonymize(report(), { salt: 'project-a' });
    const again = anonymize(report(), { salt: 'project-a' });
    const b = anonymize(report(), { salt: 'project-b' });
    const file = a.findings[0]!.location.file;
    expect(file).toMatch(/^file-[0-9a-f]{16}\.py$/);
    expect(again.findings[0]!.location.file).toBe(file);
    expect(a.metrics.history?.hotspots[0]?.file).toBe(file);
    expect(a.findings[0]!.message).toContain(file);
    expect(b.findings[0]!.location.file).not.toBe(file);
  });

  it('keeps real paths with includePaths but still drops code and people', () => {
    const out = anonymize(report(), { salt: 's', includePaths: true });
    expect(out.findings[0]!.location.file).toBe(PATH);
    const text = JSON.stringify(out);
    expect(text).not.toContain(SNIPPET);
    expect(text).not.toContain('jane@acme.io');
  });

  it('drops a local advisory folder and machine paths from free text, keeps a public advisory URL', () => {
    const local = report();
    local.advisoryDatabase = { date: '2026-11-01', records: 10, source: '/home/jane/osv-dumps' };
    local.analyzers[0]!.note = 'Could not read /home/jane/work/acme/.git/config';
    const out = anonymize(local, { salt: 's', localPaths: ['/home/jane/work/acme', '/home/jane'] });
    expect(out.advisoryDatabase).toEqual({ date: '2026-11-01', records: 10 });
    expect(JSON.stringify(out)).not.toContain('/home/jane');
    local.advisoryDatabase.source = 'https://osv-vulnerabilities.storage.googleapis.com/npm/all.zip';
    expect(anonymize(local, { salt: 's' }).advisoryDatabase.source).toBe(local.advisoryDatabase.source);
  });

  it('does not modify the report it is given', () => {
    const original = report();
    anonymize(original, { salt: 's' });
    expect(original.findings[0]!.snippet).toBe(SNIPPET);
    expect(original.metrics.history?.topAuthors[0]?.author).toContain('jane@acme.io');
  });
});
