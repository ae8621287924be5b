// A clean or partly analysed project must not read as "secure": the report says what was not checked.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { computeScore, scan } from '@duescan/engine';
import { renderHtml, renderPdf } from '../src/index';
import { syntheticReport } from '../src/testing/synthetic-report';
import { inspectPdf } from './pdf-inspect';
import { TINY_VULNERABLE_APP } from '@duescan/engine/testing/tiny-vulnerable-app';

function cleanReport() {
  const r = syntheticReport({ findings: 0, dependencies: 12 });
  r.tier = 'pro';
  r.vulnerableDependencies = [];
  r.findings = [];
  r.score = computeScore([]);
  r.counts = { critical: 0, high: 0, medium: 0, low: 0, info: 0, total: 0 };
  r.advisoryDatabase = { date: null, records: 0 };
  r.analyzers = r.analyzers.filter((a) => a.id !== 'history').map((a) => ({ ...a, findings: 0 }));
  r.metrics.history = undefined;
  return r;
}

describe('a project with no findings and no advisory database', () => {
  it('says that dependencies were not checked and which analysis did not run', async () => {
    const r = cleanReport();
    const text = (await inspectPdf(await renderPdf(r))).pageText.join('\n');
    expect(text).toContain('No findings in scope');
    expect(text).toContain('No advisory database');
    expect(text).toContain('Git history and team: not part of the Pro package');
    expect(text).toContain('No AI model was used');
    // No strength may be claimed for the dependency check that could not run.
    expect(text).not.toContain('matches a known advisory');
    const html = renderHtml(r);
    expect(html).toContain('No advisory database');
    expect(html).toContain('No AI model was used');
  }, 60_000);
});


describe('a vulnerable app whose findings were all written to a baseline', () => {
  it('is still scored, not Ready, and the cover and the accepted section say so (PDF and HTML)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'duescan-accepted-'));
    try {
      writeFileSync(join(root, 'app.py'), TINY_VULNERABLE_APP + '\n');
      const before = await scan(root, { package: 'pro', threads: 1 });
      const baseline = join(root, 'baseline.json');
      writeFileSync(baseline, JSON.stringify(before.findings.map((f, i) => (i === 0 ? { id: f.id, reason: 'internal admin tool' } : f.id))));
      const r = await scan(root, { package: 'pro', threads: 1, baseline });
      const serious = r.accepted!.filter((f) => f.severity === 'critical' || f.severity === 'high').length;
      expect(r.findings).toEqual([]);
      expect(serious).toBeGreaterThanOrEqual(2);
      expect(r.score.overall).toBe(before.score.overall);
      expect(r.score.grade).not.toBe('A');

      const pdf = await inspectPdf(await renderPdf(r));
      // Letter-spaced labels come back from pdfjs with spaces between letters: compare without whitespace.
      const squash = (t: string) => t.replace(/\s+/g, '');
      const cover = squash(pdf.pageText[0]!);
      expect(cover).toContain(squash('ACCEPTED BY THE OWNER (SCORED)'));
      expect(cover).toContain(squash(`${r.accepted!.length} (${serious} critical or high)`));
      expect(cover).toContain(squash('VERDICT Fix first'));
      expect(cover).toContain(squash('Team and history (not part of the Pro package)'));
      expect(cover).toContain(squash('Dependencies (no lockfile or dependency manifest was found)'));
      const text = pdf.pageText.join('\n');
      expect(pdf.outline).toContain('5. Accepted by the project owner');
      expect(text).toContain('internal admin tool');
      expect(text).toContain('Dependencies — not assessed: no lockfile or dependency manifest was found.');
      expect(text).not.toContain('No critical or high issues');
      const html = renderHtml(r);
      expect(html).toContain('ACCEPTED BY THE OWNER (SCORED)');
      expect(html).toContain('internal admin tool');
      expect(html).toContain('Not assessed: no lockfile or dependency manifest was found');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('execution context on a finding', () => {
  it('a finding outside production code says where it runs and why its severity is below the rule', async () => {
    const r = syntheticReport({ findings: 1, dependencies: 0 });
    const f = r.findings[0]!;
    r.findings = [{ ...f, severity: 'low', ruleSeverity: 'critical', context: 'test', contextReason: 'folder tests/', severityNote: 'This is test code (folder tests/).' }];
    const pdf = (await inspectPdf(await renderPdf(r))).pageText.join('\n');
    expect(pdf).toContain('Runs as test code (folder tests/).');
    expect(pdf).toContain('Severity lowered from critical');
    expect(renderHtml(r)).toContain('Runs as test code (folder tests/).');
  });

  it('a production finding at its rule severity carries no context line', () => {
    const r = syntheticReport({ findings: 1, dependencies: 0 });
    r.findings = [{ ...r.findings[0]!, context: 'production' }];
    expect(renderHtml(r)).not.toContain('Runs as');
  });
});

describe('peer comparison', () => {
  it('the summary says where the score sits among the reference projects, and says nothing without a distribution', () => {
    const r = syntheticReport({ findings: 1, dependencies: 0 });
    r.tier = 'ultra';
    r.score = { ...r.score, peers: { betterThan: 62, projects: 16, corpus: 'reference corpus', tier: 'ultra' } };
    expect(renderHtml(r)).toContain('better than 62% of the 16 reference projects');
    r.score = { ...r.score, peers: undefined };
    expect(renderHtml(r)).not.toContain('reference projects');
  });
});
