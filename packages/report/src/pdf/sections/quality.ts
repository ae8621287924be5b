// Code quality and team: complexity, duplication, tests, and what the git history says about the team.
import { BRAND, fmtInt } from '../../model/labels';
import type { ReportModel } from '../../model/build-model';
import { activityChart } from '../charts';
import type { PdfWriter } from '../writer';

function kpis(w: PdfWriter, items: [string, string][]): void {
  const n = items.length;
  const gap = 8;
  const bw = (w.width - gap * (n - 1)) / n;
  w.ensure(56);
  const y = w.y;
  items.forEach(([label, value], i) => {
    const x = w.left + i * (bw + gap);
    w.doc.roundedRect(x, y, bw, 46, 4).fill(BRAND.panel);
    w.font('bold', 15);
    w.doc.text(w.fit(value, bw - 16), x + 8, y + 8, { lineBreak: false });
    w.font('sans', 7.5, BRAND.muted);
    w.doc.text(w.fit(label, bw - 16), x + 8, y + 29, { lineBreak: false });
  });
  w.y = y + 56;
}

export function drawQuality(w: PdfWriter, m: ReportModel): void {
  const q = m.report.metrics.quality;
  const h = m.report.metrics.history;
  if (q) {
    w.h2('Code quality');
    kpis(w, [
      ['Functions', fmtInt(q.functions)],
      ['Avg. complexity', q.averageComplexity.toFixed(1)],
      ['Duplicated lines', `${q.duplication.percent.toFixed(1)}%`],
      ['Test-to-code ratio', q.testToCodeRatio.toFixed(2)],
      ['TODO per 1k lines', q.todoPerKloc.toFixed(1)],
    ]);
    const p = q.presence;
    const checks: [string, boolean][] = [['README', p.readme], ['CI', p.ci], ['Linting', p.lint], ['Type checking', p.typeChecking], ['Lockfile', p.lockfile], ['License file', p.license], ['Tests', p.tests]];
    w.para(`Engineering practices: ${checks.map(([k, v]) => `${k} ${v ? 'yes' : 'no'}`).join('  ·  ')}. ${q.testFiles} test file${q.testFiles === 1 ? '' : 's'} with ${fmtInt(q.testCodeLines)} lines of test code.`, { size: 9 });
    w.h3('Complexity hotspots');
    if (q.complexFunctions.length === 0) w.para('No function exceeds the complexity threshold.', { color: BRAND.muted, size: 9 });
    else
      w.table(
        [
          { header: 'Function', width: 140, font: 'mono' },
          { header: 'File', width: w.width - 280, font: 'mono' },
          { header: 'Complexity', width: 70, align: 'right' },
          { header: 'Lines', width: 70, align: 'right' },
        ],
        q.complexFunctions.slice(0, 10).map((f) => [f.name, `${f.file}:${f.line}`, String(f.complexity), String(f.lines)]),
        { size: 8 },
      );
    w.h3('Duplication');
    w.para(`${fmtInt(q.duplication.duplicatedLines)} duplicated lines (${q.duplication.percent.toFixed(1)}% of the code) in ${q.duplication.blocks.length} block${q.duplication.blocks.length === 1 ? '' : 's'}.`, { size: 9 });
    if (q.duplication.blocks.length > 0)
      w.table(
        [
          { header: 'Files', width: w.width - 70, font: 'mono' },
          { header: 'Lines', width: 70, align: 'right' },
        ],
        q.duplication.blocks.slice(0, 8).map((b) => [b.files.join('\n'), String(b.lines)]),
        { size: 8 },
      );
  }
  w.h2('Team and history');
  if (!h) {
    w.para('No git history was available (the project was scanned without its .git folder, or history analysis is not part of this package), so team metrics were not computed.', { size: 9, color: BRAND.muted });
    return;
  }
  kpis(w, [
    ['Commits', fmtInt(h.commits)],
    ['Contributors', String(h.contributors)],
    ['Active (90 days)', String(h.activeContributors90d)],
    ['Bus factor', String(h.busFactor)],
    ['Commits (90 days)', fmtInt(h.commitsLast90d)],
  ]);
  w.para(`History from ${h.firstCommit?.slice(0, 10) ?? 'unknown'} to ${h.lastCommit?.slice(0, 10) ?? 'unknown'}. The bus factor is the smallest number of people who wrote most of the code: at 1, losing one person stalls the product.`, { size: 9 });
  w.h3('Commits per month');
  activityChart(w, h.monthlyCommits);
  if (h.hotspots.length > 0) {
    w.h3('Change hotspots (often changed and complex)');
    w.table(
      [
        { header: 'File', width: w.width - 210, font: 'mono' },
        { header: 'Changes', width: 70, align: 'right' },
        { header: 'Complexity', width: 70, align: 'right' },
        { header: 'Score', width: 70, align: 'right' },
      ],
      h.hotspots.slice(0, 8).map((s) => [s.file, String(s.changes), String(s.complexity), fmtInt(Math.round(s.score))]),
      { size: 8 },
    );
  }
}
