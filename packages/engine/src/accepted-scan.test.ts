// End to end: a baseline cannot turn a vulnerable app into a clean report. Accepted findings stay in the report
// (report.accepted, with mechanism and reason) and keep costing their points.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { scan } from './scan';
import { tempProject } from './testing/temp-project';
import { reportValidator } from './testing/schemas';
import { TINY_VULNERABLE_APP } from './testing/tiny-vulnerable-app';

const SLOW = { timeout: 180_000 };


let cleanup = () => {};
afterEach(() => cleanup());

describe('accepted findings', () => {
  it('a baseline keeps the score, the risk and the findings (as accepted, with reasons) of a vulnerable app', SLOW, async () => {
    const p = tempProject({ 'app.py': TINY_VULNERABLE_APP + '\n' });
    cleanup = p.cleanup;
    const before = await scan(p.root, { package: 'pro', threads: 1 });
    const serious = before.findings.filter((f) => f.severity === 'critical' || f.severity === 'high');
    expect(serious.map((f) => f.cwe).flat()).toEqual(expect.arrayContaining(['CWE-89', 'CWE-78']));
    expect(before.score.grade).not.toBe('A');

    const baseline = join(p.root, 'baseline.json');
    const [first, ...rest] = before.findings.map((f) => f.id);
    writeFileSync(baseline, JSON.stringify([{ id: first, reason: 'only reachable from the admin network' }, ...rest]));
    const after = await scan(p.root, { package: 'pro', threads: 1, baseline });

    expect(after.findings).toEqual([]);
    expect(after.accepted?.map((f) => f.id).sort()).toEqual(before.findings.map((f) => f.id).sort());
    expect(after.accepted?.find((f) => f.id === first)?.acceptance).toEqual({ mechanism: 'baseline', reason: 'only reachable from the admin network' });
    expect(after.score.overall).toBe(before.score.overall);
    expect(after.score.grade).toBe(before.score.grade);
    expect(after.score.risk).toBe(before.score.risk);
    expect(after.score.overall).toBeLessThan(90);
    expect(reportValidator()(after)).toEqual([]);
  });

  it('an inline marker with a reason accepts the finding; one without a reason leaves it open', SLOW, async () => {
    const lines = TINY_VULNERABLE_APP.split('\n');
    lines.splice(5, 0, '    # duescan-ignore * -- names come from a fixed allow-list upstream');
    lines.splice(7, 0, '    # duescan-ignore *');
    const p = tempProject({ 'app.py': lines.join('\n') + '\n' });
    cleanup = p.cleanup;
    const report = await scan(p.root, { package: 'pro', threads: 1 });
    const sql = [...report.findings, ...(report.accepted ?? [])].find((f) => f.cwe.includes('CWE-89'))!;
    const cmd = [...report.findings, ...(report.accepted ?? [])].find((f) => f.cwe.includes('CWE-78'))!;
    expect(report.accepted?.some((f) => f.id === sql.id && f.acceptance.reason === 'names come from a fixed allow-list upstream')).toBe(true);
    expect(report.findings.some((f) => f.id === cmd.id && /no reason/.test(f.message))).toBe(true);
  });
});
