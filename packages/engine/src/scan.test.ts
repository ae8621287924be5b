import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { scan } from './scan';
import { ScanError } from './errors';
import { ANALYZERS } from './analyzers';
import { TIERS } from './tiers';
import { tempProject } from './testing/temp-project';
import { reportValidator } from './testing/schemas';

// Worker threads load the engine from TypeScript source; on a loaded shared machine that takes a while.
const SLOW = { timeout: 180_000 };

let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((c) => c());
  cleanups = [];
});
function project(files: Record<string, string | Buffer>): string {
  const p = tempProject(files);
  cleanups.push(p.cleanup);
  return p.root;
}

/** A small but realistic project: a Flask app, a Node service, a lockfile, a Dockerfile, a CI workflow, tests. */
const SAMPLE: Record<string, string | Buffer> = {
  'README.md': '# Sample\n',
  'app/server.py': [
    'from flask import Flask, request',
    'import sqlite3',
    'app = Flask(__name__)',
    '',
    '@app.route("/user")',
    'def user():',
    '    uid = request.args.get("id")',
    '    db = sqlite3.connect("app.db")',
    '    return str(db.execute("SELECT * FROM users WHERE id = " + uid).fetchall())',
    '',
    'if __name__ == "__main__":',
    '    app.run(debug=True)',
  ].join('\n'),
  'app/settings.py': 'AWS_SECRET_ACCESS_KEY = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY"\n',
  'web/index.js': 'const express = require("express");\nconst app = express();\napp.get("/", (req, res) => res.send(eval(req.query.x)));\n',
  'package.json': JSON.stringify({ name: 'sample', version: '1.0.0', license: 'MIT', dependencies: { lodash: '4.17.15' } }),
  'package-lock.json': JSON.stringify({
    name: 'sample',
    lockfileVersion: 3,
    packages: {
      '': { name: 'sample', dependencies: { lodash: '4.17.15' } },
      'node_modules/lodash': { version: '4.17.15', license: 'MIT' },
    },
  }),
  Dockerfile: 'FROM node:latest\nCOPY . .\nCMD ["node", "web/index.js"]\n',
  '.github/workflows/ci.yml': 'on: pull_request_target\njobs:\n  t:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: someone/action@main\n',
  'tests/test_server.py': 'def test_ok():\n    assert True\n',
  'assets/logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]),
  'node_modules/left-pad/index.js': 'module.exports = 1;\n',
};

describe('scan: bad input', () => {
  it('throws a ScanError a user can act on for a missing folder, a file and an empty folder', async () => {
    await expect(scan('/definitely/not/here', { package: 'quick' })).rejects.toThrow(/no such file or directory/);
    const root = project({ 'a.txt': 'x' });
    await expect(scan(join(root, 'a.txt'), { package: 'quick' })).rejects.toThrow(/not a folder/);
    const empty = project({ 'node_modules/x.js': 'x' });
    const err = await scan(empty, { package: 'quick' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ScanError);
    expect((err as ScanError).code).toBe('empty');
  });

  it('rejects an unknown package and bad numeric options', async () => {
    const root = project({ 'a.py': 'x = 1\n' });
    await expect(scan(root, { package: 'gold' as never })).rejects.toThrow(/Use one of: quick, pro, enterprise, ultra/);
    await expect(scan(root, { package: 'pro', threads: 0 })).rejects.toThrow(ScanError);
  });

  it.skipIf(process.getuid?.() === 0)('reports an unreadable folder (skipped as root, who can read anything)', async () => {
    const root = project({ 'a.py': 'x = 1\n' });
    chmodSync(root, 0o000);
    try {
      await expect(scan(root, { package: 'pro' })).rejects.toThrow(/permission denied/);
    } finally {
      chmodSync(root, 0o755);
    }
  });
});

describe('scan: end to end on a sample project', () => {
  it('produces a schema-valid report with project facts, every planned analyzer accounted for, and skipped files', SLOW, async () => {
    const root = project(SAMPLE);
    const report = await scan(root, { package: 'ultra', threads: 1, projectName: 'sample' });
    expect(reportValidator()(report)).toEqual([]);
    expect(report.project.name).toBe('sample');
    expect(report.project.languages.map((l) => l.language)).toEqual(expect.arrayContaining(['python', 'javascript']));
    expect(report.project.loc).toBeGreaterThan(10);
    expect(report.skipped).toContainEqual({ file: 'assets/logo.png', reason: 'binary', detail: 'binary file type' });
    expect(report.analyzers.map((a) => a.id).sort()).toEqual([...TIERS.ultra.analyzers].sort());
    for (const run of report.analyzers) {
      const registered = ANALYZERS.some((a) => a.id === run.id);
      // Registered analyzers really ran; absent ones are reported as skipped, never faked.
      expect(run.status === 'skipped').toBe(!registered);
    }
    expect(report.counts.total).toBe(report.findings.length);
    expect(new Set(report.findings.map((f) => f.id)).size).toBe(report.findings.length);
    expect(report.findings.every((f) => !f.location.file.startsWith('node_modules/'))).toBe(true);
  });

  it('is deterministic: two scans give the same finding ids, and a baseline of the first hides them all', SLOW, async () => {
    const root = project(SAMPLE);
    const first = await scan(root, { package: 'pro', threads: 1 });
    const second = await scan(root, { package: 'pro', threads: 1 });
    expect(second.findings.map((f) => f.id)).toEqual(first.findings.map((f) => f.id));
    const baseline = join(root, 'baseline.json');
    writeFileSync(baseline, JSON.stringify(first.findings.map((f) => f.id)));
    const third = await scan(root, { package: 'pro', threads: 1, baseline });
    expect(third.findings).toEqual([]);
    // Accepted, not removed: the same findings in full, and the same score.
    expect(third.accepted?.map((f) => f.id).sort()).toEqual(first.findings.map((f) => f.id).sort());
    expect(third.score.overall).toBe(first.score.overall);
    expect(third.suppressed.filter((s) => s.reason === 'baseline').map((s) => s.id).sort()).toEqual(
      first.findings.map((f) => f.id).sort(),
    );
  });

  it('Quick keeps at most 10 findings, all critical or high', SLOW, async () => {
    const report = await scan(project(SAMPLE), { package: 'quick', threads: 1 });
    expect(report.findings.length).toBeLessThanOrEqual(10);
    expect(report.findings.every((f) => f.severity === 'critical' || f.severity === 'high')).toBe(true);
    expect(report.analyzers.map((a) => a.id).sort()).toEqual([...TIERS.quick.analyzers].sort());
  });

  it('the worker pool gives the same report as the in-process run', SLOW, async () => {
    const root = project(SAMPLE);
    const inProcess = await scan(root, { package: 'ultra', threads: 1 });
    const phases: string[] = [];
    // Callbacks stay on the main thread; they must not break handing jobs to workers.
    const pooled = await scan(root, { package: 'ultra', threads: 2, onProgress: (phase) => phases.push(phase), onLog: () => {} });
    expect(phases).toEqual(expect.arrayContaining(['collect', 'analyze']));
    expect(pooled.findings).toEqual(inProcess.findings);
    expect(pooled.analyzers.map((a) => [a.id, a.status, a.findings])).toEqual(
      inProcess.analyzers.map((a) => [a.id, a.status, a.findings]),
    );
    expect(pooled.skipped).toEqual(inProcess.skipped);
  });
});
