// The few quality findings worth a line in a due-diligence report. Metrics carry the detail; findings are the
// points an investor should ask about (very complex functions, no tests, no CI, heavy copy-paste).
import { fingerprint } from '../../fingerprint';
import type { Finding, FunctionMetric, QualityMetrics } from '../../types';
import type { FunctionComplexity } from './complexity';

export const COMPLEXITY_THRESHOLD = 20;
const MAX_COMPLEXITY_FINDINGS = 20;
const DUPLICATION_THRESHOLD_PERCENT = 15;

/** About the project as a whole: no line (Location startLine 0). */
const PROJECT = { file: '.', startLine: 0, endLine: 0 };
const COMPLEXITY_REF = {
  title: 'McCabe, A Complexity Measure (IEEE TSE 1976)',
  url: 'https://doi.org/10.1109/TSE.1976.233837',
};

type Draft = Omit<Finding, 'id' | 'analyzer' | 'cwe' | 'owasp' | 'confidence'> &
  Partial<Pick<Finding, 'cwe' | 'owasp' | 'confidence'>>;

function finding(draft: Draft, key: string): Finding {
  return {
    id: fingerprint(draft.ruleId, draft.location.file, key),
    analyzer: 'quality',
    confidence: 'high',
    cwe: [],
    owasp: [],
    ...draft,
  };
}

function complexFunction(fn: FunctionMetric): Finding {
  return finding(
    {
      ruleId: 'quality.complex-function',
      category: 'maintainability',
      title: 'Function with very high cyclomatic complexity',
      severity: 'low',
      cwe: ['CWE-1121'],
      location: { file: fn.file, startLine: fn.line, endLine: fn.line + fn.lines - 1 },
      message: `${fn.name} has a cyclomatic complexity of ${fn.complexity} (threshold ${COMPLEXITY_THRESHOLD}) over ${fn.lines} lines.`,
      impact: 'Functions with this many paths are hard to test completely and are where defects and security bugs hide.',
      fix: {
        guidance: 'Split the function into smaller ones, replace flag-driven branches with lookup tables or early returns.',
        example: 'if (!user) return deny();\nif (!user.active) return deny();\nreturn HANDLERS[action](user);',
      },
      references: [COMPLEXITY_REF, { title: 'CWE-1121: Excessive McCabe Cyclomatic Complexity', url: 'https://cwe.mitre.org/data/definitions/1121.html' }],
      properties: { complexity: fn.complexity, lines: fn.lines, function: fn.name },
    },
    fn.name,
  );
}

export function qualityFindings(metrics: QualityMetrics, allFunctions: FunctionComplexity[], codeFiles: number): Finding[] {
  const out: Finding[] = allFunctions
    .filter((f) => f.complexity > COMPLEXITY_THRESHOLD)
    .sort((a, b) => b.complexity - a.complexity || a.file.localeCompare(b.file) || a.line - b.line)
    .slice(0, MAX_COMPLEXITY_FINDINGS)
    .map((f) => complexFunction(f.toMetric()));
  if (codeFiles === 0) return out;
  if (!metrics.presence.tests) {
    out.push(
      finding(
        {
          ruleId: 'quality.no-tests',
          category: 'quality',
          title: 'No automated tests found',
          severity: 'info',
          location: PROJECT,
          message: `No test files were found among ${codeFiles} code files.`,
          impact: 'Without tests every change risks regressions, and security fixes cannot be verified quickly.',
          fix: {
            guidance: 'Add a test framework and cover the critical paths first (auth, payments, data access).',
            example: "// user.test.ts\nimport { test, expect } from 'vitest';\ntest('rejects bad password', () => expect(login('a', 'x')).toBe(false));",
          },
          references: [{ title: 'OWASP ASVS V1: Architecture (secure SDLC)', url: 'https://owasp.org/www-project-application-security-verification-standard/' }],
        },
        'no-tests',
      ),
    );
  }
  if (!metrics.presence.ci) {
    out.push(
      finding(
        {
          ruleId: 'quality.no-ci',
          category: 'quality',
          title: 'No continuous integration configuration found',
          severity: 'info',
          location: PROJECT,
          message: 'No CI pipeline (GitHub Actions, GitLab CI, CircleCI, Jenkins...) is configured in the repository.',
          impact: 'Tests, linters and security checks only help when they run on every change.',
          fix: {
            guidance: 'Add a pipeline that installs from the lockfile, lints, tests and scans on every pull request.',
            example: 'on: [pull_request]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@<full-sha>\n      - run: npm ci && npm test',
          },
          references: [{ title: 'GitHub Actions documentation', url: 'https://docs.github.com/actions' }],
        },
        'no-ci',
      ),
    );
  }
  if (metrics.duplication.percent >= DUPLICATION_THRESHOLD_PERCENT) {
    out.push(
      finding(
        {
          ruleId: 'quality.high-duplication',
          category: 'maintainability',
          title: 'High share of duplicated code',
          severity: 'low',
          location: PROJECT,
          message: `${metrics.duplication.percent}% of code lines (${metrics.duplication.duplicatedLines}) are part of blocks repeated elsewhere.`,
          impact: 'A bug or vulnerability fixed in one copy stays in the others.',
          fix: {
            guidance: 'Extract repeated blocks into shared functions or modules; start with the largest blocks listed in the metrics.',
          },
          references: [{ title: 'Duplicate code', url: 'https://refactoring.guru/smells/duplicate-code' }],
          properties: { percent: metrics.duplication.percent },
        },
        'duplication',
      ),
    );
  }
  return out;
}
