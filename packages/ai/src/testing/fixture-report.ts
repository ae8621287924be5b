// Test fixture: a small project on disk (a Flask app with a SQL injection, a command injection, a route that
// loads an order by id, and a hard-coded key) and a Report over it with findings as the engine writes them.
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { projectFileReader } from '../project-files';
import { computeScore, fingerprint, REPORT_SCHEMA_VERSION, type Finding, type Report, type Tier } from '@duescan/engine';

/** Built at run time so no scanner reads a key-shaped literal in this file. */
export const FIXTURE_KEY = ['AKIA', 'Z7QW3XK6PL2MN4BV'].join('');

export const FIXTURE_FILES: Record<string, string> = {
  'app/views.py': [
    'from flask import Flask, request',
    'import sqlite3, subprocess',
    `AWS_KEY = "${FIXTURE_KEY}"`,
    'app = Flask(__name__)',
    '',
    '@app.route("/u")',
    'def users():',
    '    name = request.args["name"]',
    '    rows = sqlite3.connect("a.db").execute("SELECT * FROM users WHERE name = \'" + name + "\'").fetchall()',
    '    return str(rows)',
    '',
    '@app.route("/ping")',
    'def ping():',
    '    return subprocess.check_output("ping -c1 " + request.args["host"], shell=True).decode()',
    '',
    '@app.route("/orders/<order_id>")',
    '@login_required',
    'def order(order_id):',
    '    return Order.query.get(order_id).to_json()',
  ].join('\n'),
};

export function writeFixtureProject(): { root: string; readFile: (path: string) => string | null } {
  const root = mkdtempSync(join(tmpdir(), 'duescan-ai-'));
  for (const [path, text] of Object.entries(FIXTURE_FILES)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return { root, readFile: projectFileReader(root) };
}

function finding(ruleId: string, title: string, cwe: string, severity: Finding['severity'], line: number, extra: Partial<Finding> = {}): Finding {
  const file = 'app/views.py';
  return {
    id: fingerprint(ruleId, file, title),
    ruleId,
    analyzer: 'sast',
    category: 'security',
    title,
    severity,
    confidence: 'high',
    cwe: [cwe],
    owasp: [],
    location: { file, startLine: line, endLine: line },
    message: `${title}: request input reaches a sensitive call.`,
    fix: { guidance: 'Do not build the call from request input.' },
    references: [],
    ...extra,
  };
}

export const SQLI = finding('py.injection.sql-taint', 'SQL injection', 'CWE-89', 'critical', 9, {
  trace: [
    { kind: 'source', file: 'app/views.py', line: 8, label: 'request.args["name"]' },
    { kind: 'sink', file: 'app/views.py', line: 9, label: 'execute(...)' },
  ],
});
export const CMDI = finding('py.injection.command-taint', 'OS command injection', 'CWE-78', 'high', 14);
export const IDOR = finding('py.access.idor', 'Record loaded by a request id without an ownership check', 'CWE-639', 'medium', 19, { confidence: 'low' });
export const LOW = finding('py.logging.debug', 'Debug logging', 'CWE-532', 'low', 10);

export function fixtureReport(tier: Tier, findings: Finding[] = [SQLI, CMDI, IDOR, LOW]): Report {
  return {
    schemaVersion: REPORT_SCHEMA_VERSION,
    tool: { name: 'DueScan', version: '0.0.0-test' },
    generatedAt: '2026-01-01T00:00:00.000Z',
    tier,
    anonymized: false,
    project: { name: 'fixture', languages: [], files: 1, loc: 19 },
    analyzers: [],
    advisoryDatabase: { date: null, records: 0 },
    findings,
    suppressed: [],
    dependencies: [],
    vulnerableDependencies: [],
    licenses: [],
    metrics: {},
    score: computeScore(findings),
    counts: { critical: 1, high: 1, medium: 1, low: 1, info: 0, total: 4 },
    skipped: [],
    durationMs: 1,
  };
}
