// The local-input severity policy end to end: flows from CLI arguments / environment / stdin are capped per sink
// kind at low confidence; the same sinks fed by request data keep the rule's severity.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTestContext } from '../../../testing/make-context';
import { PACK_ORDER } from '../rule-types';
import { runTaint } from './index';
import { flowSeverity } from './severity-policy';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function scan(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'duescan-taint-policy-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return runTaint(makeTestContext(dir), { packs: new Set(PACK_ORDER), crossFile: true });
}

function only(files: Record<string, string>, ruleId: string) {
  const hits = scan(files).filter((f) => f.ruleId === ruleId);
  expect(hits).toHaveLength(1);
  return hits[0]!;
}

describe('local input severity policy', () => {
  it('caps a path traversal from process.argv to info', () => {
    const f = only({ 'cli.js': "const fs = require('fs');\nconst data = fs.readFileSync(process.argv[2], 'utf8');\n" }, 'js.path-file.traversal-taint');
    expect(f.severity).toBe('info');
    expect(f.confidence).toBe('low');
    expect(f.message).toContain('severity is capped');
  });

  it('caps SSRF from an environment variable to low', () => {
    const f = only({ 'job.py': "import os, requests\nrequests.get(os.environ['HOOK_URL'])\n" }, 'py.ssrf-redirect.ssrf-taint');
    expect(f.severity).toBe('low');
    expect(f.confidence).toBe('low');
  });

  it('caps command injection from sys.argv to low', () => {
    const f = only({ 'cli.py': "import sys, os\nos.system('ls ' + sys.argv[1])\n" }, 'py.injection.command-taint');
    expect(f.severity).toBe('low');
    expect(f.confidence).toBe('low');
  });

  it('caps code injection from input() to low', () => {
    const f = only({ 'repl.py': "expr = input()\nprint(eval(expr))\n" }, 'py.injection.code-taint');
    expect(f.severity).toBe('low');
  });

  it('keeps request-data flows at the rule severity', () => {
    const f = only({ 'app.js': "const fs = require('fs');\napp.get('/f', (req, res) => res.send(fs.readFileSync(req.query.name)));\n" }, 'js.path-file.traversal-taint');
    expect(f.severity).toBe('high');
    expect(f.message).not.toContain('severity is capped');
  });

  it('treats a value mixing request data and CLI input as request data', () => {
    const code = "import os, sys\nfrom flask import request\n@app.route('/x')\ndef view():\n    os.system(sys.argv[1] + request.args['c'])\n    return 'ok'\n";
    const f = only({ 'app.py': code }, 'py.injection.command-taint');
    expect(f.severity).toBe('critical');
  });

  it('never raises a severity below its cap', () => {
    expect(flowSeverity('medium', 'path', { conf: 'low', local: true })).toEqual({ severity: 'info', capped: true });
    expect(flowSeverity('low', 'command', { conf: 'low', local: true })).toEqual({ severity: 'low', capped: false });
    expect(flowSeverity('critical', 'sql', { conf: 'low' })).toEqual({ severity: 'high', capped: false });
  });

  it('a request flow of 8 or more steps (sink included) is capped at low as needing review; 7 steps keep the rule severity', () => {
    const steps = (n: number) => Array.from({ length: n }, () => ({}));
    expect(flowSeverity('high', 'path', { conf: 'high', trace: steps(7) })).toEqual({ severity: 'low', capped: false, long: true });
    expect(flowSeverity('critical', 'sql', { conf: 'high', trace: steps(9) })).toEqual({ severity: 'low', capped: false, long: true });
    expect(flowSeverity('high', 'path', { conf: 'high', trace: steps(6) })).toEqual({ severity: 'high', capped: false });
    expect(flowSeverity('medium', 'regex', { conf: 'high', trace: steps(12) })).toEqual({ severity: 'low', capped: false, long: true });
    expect(flowSeverity('low', 'regex', { conf: 'high', trace: steps(12) })).toEqual({ severity: 'low', capped: false });
  });
});
