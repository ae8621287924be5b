// The report a CLI upload sends: findings, scores and dependencies, but no code and no people.
// Snippets, trace code and function names go; file paths become salted hashes (unless the user opts in);
// authors become "Contributor N". Rule ids, severities, CWE/OWASP, counts, scores and dependencies stay.
import { createHash } from 'node:crypto';
import type { Finding, HistoryMetrics, QualityMetrics, Report } from '@duescan/engine';

export interface AnonymizeOptions {
  /** Per-project secret: the same file hashes the same way across uploads of one project, not across projects. */
  salt: string;
  /** Keep real file paths (the user's explicit choice, --include-paths). */
  includePaths?: boolean;
  /** Machine paths (project folder, home folder) that must not appear in any text, e.g. analyzer notes. */
  localPaths?: string[];
}

const OMITTED_CODE = '(code omitted)';
const OMITTED_TEXT = '(text omitted)';

function digest(salt: string, kind: string, value: string): string {
  return createHash('sha256').update(`${salt}\0${kind}\0${value}`).digest('hex').slice(0, 16);
}

export function anonymize(report: Report, options: AnonymizeOptions): Report {
  const seenPaths = new Map<string, string>();
  const path = (file: string): string => {
    if (options.includePaths || file === '') return file;
    let hashed = seenPaths.get(file);
    if (!hashed) {
      // The extension stays: the language is already in the report's statistics and helps the reader.
      const ext = /\.[A-Za-z0-9]{1,8}$/.exec(file)?.[0] ?? '';
      hashed = `file-${digest(options.salt, 'path', file)}${ext}`;
      seenPaths.set(file, hashed);
    }
    return hashed;
  };
  const fn = (name: string) => `function-${digest(options.salt, 'function', name).slice(0, 8)}`;

  const structured: Report = {
    ...report,
    anonymized: true,
    project: {
      name: report.project.name,
      languages: report.project.languages,
      files: report.project.files,
      loc: report.project.loc,
    },
    // A local advisory folder names the user's machine layout; a download URL is public.
    advisoryDatabase: {
      date: report.advisoryDatabase.date,
      records: report.advisoryDatabase.records,
      ...(report.advisoryDatabase.source && /^https?:\/\//.test(report.advisoryDatabase.source) ? { source: report.advisoryDatabase.source } : {}),
    },
    findings: report.findings.map((f) => anonymizeFinding(f, path)),
    // Accepted findings are findings too: same treatment; the owner's reason is free text, scrubbed below.
    ...(report.accepted ? { accepted: report.accepted.map((f) => ({ ...anonymizeFinding(f, path), acceptance: f.acceptance })) } : {}),
    dependencies: report.dependencies.map((d) => ({ ...d, source: path(d.source) })),
    vulnerableDependencies: report.vulnerableDependencies.map((v) => ({
      ...v,
      dependency: { ...v.dependency, source: path(v.dependency.source) },
    })),
    licenses: report.licenses.map((l) => ({ ...l, source: path(l.source) })),
    metrics: {
      quality: report.metrics.quality && anonymizeQuality(report.metrics.quality, path, fn),
      history: report.metrics.history && anonymizeHistory(report.metrics.history, path),
    },
    skipped: report.skipped.map((s) => ({ file: path(s.file), reason: s.reason })),
    ...(report.ai ? { ai: { ...report.ai, sent: report.ai.sent.map((s) => ({ ...s, file: path(s.file) })) } } : {}),
  };
  if (!structured.metrics.quality) delete structured.metrics.quality;
  if (!structured.metrics.history) delete structured.metrics.history;
  // Messages and properties are free text that may quote code or a path: replace every code line and raw path
  // seen above wherever it appears.
  const replacements = new Map<string, string>(options.includePaths ? [] : seenPaths);
  for (const line of codeLines(report)) replacements.set(line, OMITTED_CODE);
  for (const local of options.localPaths ?? []) if (local.length >= 3) replacements.set(local, '(local folder)');
  return replaceInText(structured, replacements);
}

/** Lines of code the report quotes (snippets, trace labels), long enough to be code rather than a word. */
function codeLines(report: Report): string[] {
  const lines: string[] = [];
  for (const f of [...report.findings, ...(report.accepted ?? [])]) {
    const texts = [f.snippet ?? '', ...(f.trace ?? []).map((t) => t.label)];
    for (const text of texts) for (const line of text.split('\n')) if (line.trim().length >= 8) lines.push(line.trim());
  }
  return lines;
}

function anonymizeFinding(f: Finding, path: (file: string) => string): Finding {
  const { snippet: _snippet, trace, aiReview, ...rest } = f;
  const out: Finding = { ...rest, location: { ...f.location, file: path(f.location.file) } };
  if (trace) out.trace = trace.map((step) => ({ kind: step.kind, file: path(step.file), line: step.line, label: OMITTED_CODE }));
  if (aiReview) out.aiReview = anonymizeAiReview(aiReview);
  return out;
}

/** Models' verdicts and confidences stay; their free text (which may quote the code) and scenarios do not. */
function anonymizeAiReview(review: NonNullable<Finding['aiReview']>): NonNullable<Finding['aiReview']> {
  const { scenario: _scenario, ...rest } = review;
  return { ...rest, votes: review.votes.map(({ fix: _fix, ...v }) => ({ ...v, reasoning: OMITTED_TEXT })), noAnswer: review.noAnswer.map(({ detail: _d, ...n }) => n) };
}

function anonymizeQuality(q: QualityMetrics, path: (file: string) => string, fn: (name: string) => string): QualityMetrics {
  const metric = (m: QualityMetrics['complexFunctions'][number]) => ({ ...m, file: path(m.file), name: fn(`${m.file}#${m.name}`) });
  return {
    ...q,
    complexFunctions: q.complexFunctions.map(metric),
    largestFunctions: q.largestFunctions.map(metric),
    largestFiles: q.largestFiles.map((f) => ({ ...f, file: path(f.file) })),
    duplication: { ...q.duplication, blocks: q.duplication.blocks.map((b) => ({ ...b, files: b.files.map(path) })) },
  };
}

function anonymizeHistory(h: HistoryMetrics, path: (file: string) => string): HistoryMetrics {
  return {
    ...h,
    hotspots: h.hotspots.map((s) => ({ ...s, file: path(s.file) })),
    // Names and e-mails never leave the machine; the shares (bus factor evidence) do.
    topAuthors: h.topAuthors.map((a, i) => ({ author: `Contributor ${i + 1}`, commits: a.commits, share: a.share })),
  };
}

function replaceInText(report: Report, replacements: Map<string, string>): Report {
  // One alternation, longest first, so "src/app.py" wins over "app.py" inside it; one pass per string keeps
  // big reports (thousands of paths and findings) linear rather than paths x strings.
  const raw = [...replacements.keys()].filter((p) => p.length >= 3).sort((a, b) => b.length - a.length);
  if (raw.length === 0) return report;
  const pattern = new RegExp(raw.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  const scrub = (text: string) => text.replace(pattern, (match) => replacements.get(match) ?? match);
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return scrub(value);
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
    return value;
  };
  return walk(report) as Report;
}
