// A large, deterministic Report for benchmarks and layout tests: realistic shapes (traces, snippets,
// advisories, licences, metrics) at any size, without scanning a project.
import { computeScore } from '@duescan/engine';
import type { Confidence, Dependency, Finding, Report, Severity, VulnerableDependency } from '@duescan/engine';
import { REPORT_SCHEMA_VERSION, SEVERITIES } from '@duescan/engine';

interface Template {
  ruleId: string;
  title: string;
  cwe: string;
  owasp: string;
  severity: Severity;
  file: string;
  snippet: string;
}

const TEMPLATES: Template[] = [
  { ruleId: 'py.injection.sql-taint', title: 'SQL injection', cwe: 'CWE-89', owasp: 'A03:2021-Injection', severity: 'critical', file: 'app/db.py', snippet: 'cur.execute("SELECT * FROM users WHERE name = \'" + name + "\'")' },
  { ruleId: 'js.injection.command', title: 'OS command injection', cwe: 'CWE-78', owasp: 'A03:2021-Injection', severity: 'critical', file: 'src/files.js', snippet: 'exec(`convert ${dir}/${req.params.name} out.png`)' },
  { ruleId: 'js.xss.raw-html', title: 'Cross-site scripting (raw HTML)', cwe: 'CWE-79', owasp: 'A03:2021-Injection', severity: 'high', file: 'src/components/Card.jsx', snippet: '<div dangerouslySetInnerHTML={{ __html: html }} />' },
  { ruleId: 'py.crypto.weak-hash', title: 'Weak password hash (MD5)', cwe: 'CWE-328', owasp: 'A02:2021-Cryptographic Failures', severity: 'high', file: 'app/auth.py', snippet: 'hashlib.md5(password.encode()).hexdigest()' },
  { ruleId: 'js.access-control.idor', title: 'Object fetched by id without ownership check', cwe: 'CWE-639', owasp: 'A01:2021-Broken Access Control', severity: 'high', file: 'services/users/src/server.js', snippet: "app.get('/users/:id', (req, res) => service.profile(req.params.id))" },
  { ruleId: 'py.ssrf.requests', title: 'Server-side request forgery', cwe: 'CWE-918', owasp: 'A10:2021-Server-Side Request Forgery', severity: 'medium', file: 'app/routes.py', snippet: 'requests.get(request.args.get("url"))' },
  { ruleId: 'config.cors.wildcard', title: 'CORS allows any origin with credentials', cwe: 'CWE-942', owasp: 'A05:2021-Security Misconfiguration', severity: 'medium', file: 'src/index.js', snippet: "cors({ origin: '*', credentials: true })" },
  { ruleId: 'js.logging.sensitive', title: 'Card number written to logs', cwe: 'CWE-532', owasp: 'A09:2021-Security Logging and Monitoring Failures', severity: 'low', file: 'api/src/routes/payments.ts', snippet: 'console.log(`charging card ${req.body.cardNumber}`)' },
  { ruleId: 'quality.complexity', title: 'Function too complex', cwe: 'CWE-1121', owasp: '', severity: 'info', file: 'src/reconcile.ts', snippet: 'function reconcile(entries, rules, options) {' },
];

/** Small deterministic PRNG so every run renders the same report. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const hex = (n: number) => n.toString(16).padStart(16, '0').slice(-16);

export function syntheticReport(opts: { findings: number; dependencies: number; seed?: number }): Report {
  const rand = rng(opts.seed ?? 7);
  const confidences: Confidence[] = ['high', 'medium', 'low'];
  const findings: Finding[] = [];
  for (let i = 0; i < opts.findings; i++) {
    const t = TEMPLATES[i % TEMPLATES.length]!;
    const line = 10 + Math.floor(rand() * 400);
    const file = t.file.replace(/(\.\w+)$/, i < TEMPLATES.length ? '$1' : `_${Math.floor(i / TEMPLATES.length)}$1`);
    findings.push({
      id: hex(0x9e3779b97f4a + i * 0x1f3d5b79),
      ruleId: t.ruleId,
      analyzer: t.severity === 'info' ? 'quality' : 'sast',
      category: t.severity === 'info' ? 'quality' : 'security',
      title: t.title,
      severity: t.severity,
      confidence: confidences[Math.floor(rand() * 3)]!,
      cwe: [t.cwe],
      owasp: t.owasp ? [t.owasp] : [],
      location: { file, startLine: line, endLine: line + 1 },
      snippet: `${line - 1}  def handler(request):\n${line}      ${t.snippet}\n${line + 1}      return result`,
      message: `${t.title} in ${file}: untrusted input reaches a sensitive operation.`,
      impact: 'An attacker who controls the input can read or change data that belongs to other users.',
      fix: { guidance: 'Pass untrusted values as parameters and validate them at the boundary.', example: 'cur.execute("SELECT * FROM users WHERE name = %s", (name,))' },
      references: [{ title: `MITRE ${t.cwe}`, url: `https://cwe.mitre.org/data/definitions/${t.cwe.slice(4)}.html` }],
      trace:
        i % 3 === 0
          ? [
              { kind: 'source', file, line: line - 4, label: "request.args.get('q')" },
              { kind: 'step', file, line: line - 2, label: 'query = "..." + q' },
              { kind: 'sink', file, line, label: 'cursor.execute(query)' },
            ]
          : undefined,
      pack: 'injection',
    });
  }
  const dependencies: Dependency[] = [];
  for (let i = 0; i < opts.dependencies; i++) {
    const name = `package-${i.toString(36)}`;
    dependencies.push({ ecosystem: i % 4 === 0 ? 'PyPI' : 'npm', name, version: `1.${i % 10}.${i % 7}`, direct: i % 5 === 0, source: i % 4 === 0 ? 'requirements.txt' : 'package-lock.json', license: i % 23 === 0 ? 'GPL-3.0-only' : 'MIT', purl: `pkg:npm/${name}@1.${i % 10}.${i % 7}` });
  }
  const vulnerableDependencies: VulnerableDependency[] = dependencies.slice(0, Math.ceil(opts.dependencies / 10)).map((dependency, i) => {
    const severity = SEVERITIES[i % 4]!;
    const id = hex(0x51ab + i * 0x7f1);
    findings.push({
      id, ruleId: 'deps.vulnerable', analyzer: 'deps', category: 'dependencies', title: `Vulnerable dependency ${dependency.name} ${dependency.version}`, severity, confidence: 'high',
      cwe: ['CWE-1395'], owasp: ['A06:2021-Vulnerable and Outdated Components'], location: { file: dependency.source, startLine: 1, endLine: 1 },
      message: `${dependency.name} ${dependency.version} is affected by GHSA-${i}xxx.`, fix: { guidance: `Upgrade ${dependency.name}.`, fixedVersion: '2.0.0' }, references: [],
    });
    return { dependency, advisoryId: `GHSA-${(1000 + i).toString(36)}-demo`, aliases: [`CVE-2024-${1000 + i}`], summary: 'Prototype pollution', severity, cvssScore: 9.8 - (i % 4) * 2, fixedVersion: '2.0.0', findingId: id };
  });
  const score = computeScore(findings);
  const counts = { critical: 0, high: 0, medium: 0, low: 0, info: 0, total: findings.length };
  for (const f of findings) counts[f.severity]++;
  return {
    schemaVersion: REPORT_SCHEMA_VERSION,
    tool: { name: 'DueScan', version: '0.1.0' },
    generatedAt: '2026-11-21T12:00:00.000Z',
    tier: 'ultra',
    anonymized: false,
    project: { name: 'synthetic-platform', languages: [{ language: 'TypeScript', files: 420, code: 61000, comment: 5200, blank: 7000 }, { language: 'Python', files: 180, code: 23000, comment: 2100, blank: 3000 }], files: 600, loc: 84000, commit: '4f2a9c1d7e3b5a6c8d9e0f1a2b3c4d5e6f7a8b9c', branch: 'main' },
    analyzers: (['sast', 'secrets', 'deps', 'licenses', 'quality', 'config', 'history'] as const).map((id) => ({ id, durationMs: 1200, findings: findings.filter((f) => f.analyzer === id).length, status: 'ok' as const, packs: id === 'sast' ? ['injection', 'xss', 'crypto'] : undefined })),
    advisoryDatabase: { date: '2026-11-01', records: 4200, source: 'OSV' },
    findings,
    suppressed: [],
    dependencies,
    vulnerableDependencies,
    licenses: dependencies.map((d) => ({ name: d.name, version: d.version, license: d.license ?? 'unknown', risk: d.license?.startsWith('GPL') ? 'strong-copyleft' : 'none', source: d.source })),
    metrics: {
      quality: { functions: 3200, averageComplexity: 4.2, complexFunctions: [{ file: 'src/reconcile.ts', name: 'reconcile', line: 40, complexity: 38, lines: 210 }], largestFiles: [{ file: 'src/reconcile.ts', lines: 1800 }], largestFunctions: [], duplication: { duplicatedLines: 2100, percent: 2.5, blocks: [{ files: ['src/a.ts', 'src/b.ts'], lines: 40 }] }, testFiles: 80, testCodeLines: 9000, testToCodeRatio: 0.11, todoCount: 140, todoPerKloc: 1.7, presence: { readme: true, ci: true, lint: true, typeChecking: true, lockfile: true, license: false, tests: true } },
      history: { commits: 2400, contributors: 14, activeContributors90d: 5, busFactor: 2, firstCommit: '2023-02-01', lastCommit: '2026-11-20', commitsLast90d: 310, monthlyCommits: Array.from({ length: 12 }, (_, m) => ({ month: `2026-${String(m + 1).padStart(2, '0')}`, commits: 40 + Math.floor(rand() * 120) })), hotspots: [{ file: 'src/reconcile.ts', changes: 210, complexity: 38, score: 7980 }], topAuthors: [{ author: 'a1', commits: 1100, share: 0.46 }] },
    },
    score,
    counts,
    skipped: [{ file: 'vendor/big.min.js', reason: 'minified' }],
    durationMs: 42000,
  };
}
