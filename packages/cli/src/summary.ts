// The terminal summary printed after a scan: score, counts by severity, top findings with file:line.
import pc from 'picocolors';
import type { Finding, Report, Severity } from '@duescan/engine';

const SEVERITY_ORDER: Severity[] = ['critical', 'high', 'medium', 'low', 'info'];
const PAINT: Record<Severity, (s: string) => string> = {
  critical: (s) => pc.bold(pc.red(s)),
  high: pc.red,
  medium: pc.yellow,
  low: pc.cyan,
  info: pc.dim,
};

function bar(percent: number, width = 30): string {
  const filled = Math.round((percent / 100) * width);
  const paint = percent >= 80 ? pc.green : percent >= 60 ? pc.yellow : pc.red;
  return paint('█'.repeat(filled)) + pc.dim('░'.repeat(width - filled));
}

export function topFindings(findings: Finding[], n: number): Finding[] {
  return [...findings]
    .sort((a, b) => SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity))
    .slice(0, n);
}

export function formatSummary(report: Report, written: string[]): string {
  const lines: string[] = [];
  const { score } = report;
  lines.push('');
  lines.push(pc.bold(`DueScan ${report.tier} scan of ${report.project.name}`));
  lines.push(
    `${report.project.files} files, ${report.project.loc.toLocaleString('en-US')} lines of code, ` +
      `${(report.durationMs / 1000).toFixed(1)} s`,
  );
  lines.push('');
  lines.push(`Security score  ${bar(score.overall)}  ${pc.bold(`${score.overall}%`)}  grade ${score.grade}, risk ${score.risk}`);
  lines.push('');
  lines.push(
    SEVERITY_ORDER.map((s) => PAINT[s](`${report.counts[s]} ${s}`)).join('  ') + pc.dim(`  (${report.counts.total} total)`),
  );
  const top = topFindings(report.findings, 10);
  if (top.length > 0) {
    lines.push('');
    lines.push(pc.bold('Top findings'));
    for (const f of top) {
      const where = f.location.startLine > 0 ? `${f.location.file}:${f.location.startLine}` : f.location.file;
      lines.push(`  ${PAINT[f.severity](f.severity.toUpperCase().padEnd(8))} ${f.title}  ${pc.dim(where)}  ${pc.dim(f.ruleId)}`);
    }
  }
  const notes = report.analyzers.filter((a) => a.note);
  if (notes.length > 0) {
    lines.push('');
    for (const a of notes) lines.push(pc.dim(`note (${a.id}): ${a.note}`));
  }
  const tooLarge = tooLargeLine(report);
  if (tooLarge) lines.push(pc.yellow(tooLarge));
  if (report.suppressed.length > 0) {
    // Accepted findings are in the report (and the score) but not among the open findings above; say so.
    const n = report.suppressed.length;
    lines.push(pc.dim(`${n} finding${n === 1 ? '' : 's'} accepted by the project owner (inline, .duescanignore or baseline): still scored and listed in the report`));
  }
  if (written.length > 0) {
    lines.push('');
    lines.push('Wrote ' + written.join(', '));
  }
  return lines.join('\n') + '\n';
}

/** Files left out for their size are not analyzed at all: the reader must know, even when nothing was found. */
export function tooLargeLine(report: Report, shown = 5): string | null {
  const skipped = report.skipped.filter((s) => s.reason === 'too-large');
  if (skipped.length === 0) return null;
  const names = skipped.slice(0, shown).map((s) => (s.detail ? `${s.file} (${s.detail})` : s.file));
  const more = skipped.length > shown ? ` and ${skipped.length - shown} more (see "skipped" in report.json)` : '';
  const files = skipped.length === 1 ? 'file was' : 'files were';
  return `${skipped.length} ${files} not analyzed because ${skipped.length === 1 ? 'it is' : 'they are'} too large: ${names.join(', ')}${more}`;
}
