// Descriptions shared by the PDF and the HTML report: sentences and rows computed from the report.
import type { Dependency, Finding, LicenseEntry } from '@duescan/engine';
import type { ReportModel } from './build-model';
import { CONFIDENCE_LABEL, TIER_LABEL, advisorySource, fmtInt, formatDate } from './labels';

/** The engine's path for "the repository as a whole" ('.'), in words. */
const PROJECT_PATH = '(whole project)';

/** "file:line", or the file alone for a finding about the whole file or project (line 0: no line). */
export function placeOf(file: string, line: number): string {
  if (file === '.' || file === '') return PROJECT_PATH;
  return line > 0 ? `${file}:${line}` : file;
}

export function locationOf(f: Finding): string {
  const { file, startLine, endLine } = f.location;
  if (startLine <= 0 || file === '.' || file === '') return placeOf(file, 0);
  return `${file}:${startLine}${endLine > startLine ? `-${endLine}` : ''}`;
}

const CONTEXT_LABEL: Record<NonNullable<Finding['context']>, string> = {
  production: 'production code',
  script: 'a developer or CI script',
  test: 'test code',
  example: 'an example or documentation',
  fixture: 'fixture or sample data',
  vendored: 'third-party or generated code',
};

/**
 * Where the finding's code runs and why its severity is below the rule's, for findings outside production code or
 * lowered by the severity policy (docs/scoring.md); null for production findings at the rule's own severity.
 */
export function contextNote(f: Finding): string | null {
  const where = f.context && f.context !== 'production' ? `Runs as ${CONTEXT_LABEL[f.context]}${f.contextReason ? ` (${f.contextReason})` : ''}.` : '';
  const lowered = f.ruleSeverity && f.ruleSeverity !== f.severity ? `Severity lowered from ${f.ruleSeverity}: ${f.severityNote ?? 'see the severity policy'}` : '';
  const text = [where, lowered].filter(Boolean).join(' ');
  return text || null;
}

export function tagsOf(f: Finding): string {
  return [...f.cwe, ...f.owasp, `Confidence ${CONFIDENCE_LABEL[f.confidence].toLowerCase()}`, `Rule ${f.ruleId}`].join('  ·  ');
}

export function summaryIntro(m: ReportModel): string {
  const { report } = m;
  const c = report.counts;
  const p = report.project;
  const found =
    c.total === 0
      ? `found no ${m.accepted.length ? 'open ' : ''}issues in scope`
      : `found ${c.total} open issue${c.total === 1 ? '' : 's'}: ${c.critical} critical, ${c.high} high, ${c.medium} medium, ${c.low} low and ${c.info} informational`;
  const quick = report.tier === 'quick' ? ' As a Quick scan, it lists at most the ten most serious critical and high findings.' : '';
  const accepted = m.accepted.length;
  const acceptedNote =
    accepted === 0
      ? ''
      : ` A further ${accepted} finding${accepted === 1 ? ' was' : 's were'} accepted by the project owner instead of fixed (${m.acceptedSerious} critical or high); ${accepted === 1 ? 'it is' : 'they are'} listed in their own section and still counted in the score.`;
  const notAssessed = m.categories.filter((c) => !c.assessed);
  const coverage =
    notAssessed.length === 0
      ? ''
      : ` Not assessed, so not part of the score: ${notAssessed.map((c) => `${c.label.toLowerCase()} (${c.reason})`).join('; ')}.`;
  const peers = report.score.peers;
  // A Quick scan scores only its top findings, so comparing it with full Ultra scans would flatter it.
  const peerNote =
    peers && report.tier !== 'quick'
      ? ` That is better than ${peers.betterThan}% of the ${peers.projects} reference projects (${peers.corpus}, scanned with the ${peers.tier} package by the same engine).`
      : '';
  return (
    `DueScan analysed ${fmtInt(p.files)} files (${fmtInt(p.loc)} lines of code in ${m.languages})` +
    `${p.commit ? ` at commit ${p.commit.slice(0, 12)}` : ''} with the ${TIER_LABEL[report.tier]} package and ${found}. ` +
    `The project scores ${Math.round(report.score.overall)}% (grade ${report.score.grade}); the overall risk is ${report.score.risk}.${peerNote}${acceptedNote}${coverage}${quick}`
  );
}

export function sbomRows(m: ReportModel): { ecosystem: string; direct: number; transitive: number; dev: number; sources: string }[] {
  const by = new Map<string, { direct: number; transitive: number; dev: number; sources: Set<string> }>();
  for (const d of m.report.dependencies) {
    const row = by.get(d.ecosystem) ?? { direct: 0, transitive: 0, dev: 0, sources: new Set<string>() };
    if (d.direct) row.direct++;
    else row.transitive++;
    if (d.dev) row.dev++;
    row.sources.add(d.source);
    by.set(d.ecosystem, row);
  }
  return [...by.entries()].map(([ecosystem, r]) => ({ ecosystem, direct: r.direct, transitive: r.transitive, dev: r.dev, sources: [...r.sources].sort().join(', ') }));
}

export const RISK_LABEL: Record<LicenseEntry['risk'], string> = {
  none: 'Permissive',
  'weak-copyleft': 'Weak copyleft',
  'strong-copyleft': 'Strong copyleft',
  'network-copyleft': 'Network copyleft',
  'non-commercial': 'Non-commercial',
  unknown: 'Unknown',
};

export const RISK_COLORS: Record<LicenseEntry['risk'], string> = {
  none: '#2f855a',
  'weak-copyleft': '#c98a00',
  'strong-copyleft': '#d9480f',
  'network-copyleft': '#9b1c1c',
  'non-commercial': '#9b1c1c',
  unknown: '#718096',
};

export function licenseCounts(licenses: LicenseEntry[]): [string, number][] {
  const c = new Map<string, number>();
  for (const l of licenses) c.set(l.license, (c.get(l.license) ?? 0) + 1);
  return [...c.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

const prop = (f: Finding, keys: string[]): string | undefined => {
  for (const k of keys) {
    const v = f.properties?.[k];
    if (typeof v === 'string' && v) return v;
  }
  return undefined;
};

/** The finding title names the credential ("Stripe live secret key"); the analyzer's type id is the fallback. */
export function secretType(f: Finding): string {
  return f.title || prop(f, ['secretType', 'type', 'kind']) || f.pack || 'Secret';
}

/** Text to pick rotation advice by: title plus the analyzer's type id. */
export function secretKind(f: Finding): string {
  return [f.title, prop(f, ['secretType', 'type', 'kind']), f.pack].filter(Boolean).join(' ');
}

/** The analyzer's redacted value, else the redacted snippet's first line (the analyzer redacts snippets). */
export function redactedValue(f: Finding): string {
  return prop(f, ['redacted', 'redactedValue', 'masked']) ?? (f.snippet ?? '').split('\n').find((l) => l.trim()) ?? '(not shown)';
}

export function advisoryLine(m: ReportModel): string {
  const db = m.report.advisoryDatabase;
  if (db.date) return `${advisorySource(db.source)} advisory data of ${formatDate(db.date)} (${fmtInt(db.records)} records).`;
  const n = m.report.dependencies.length;
  return n === 0
    ? 'No advisory database, and no dependencies were found to check.'
    : `No advisory database: ${fmtInt(n)} dependenc${n === 1 ? 'y was' : 'ies were'} listed but not checked for known vulnerabilities.`;
}

export interface VulnerablePackage {
  name: string;
  version: string;
  ecosystem: string;
  direct: boolean;
  advisories: number;
  worst: Finding['severity'];
  maxCvss: number | undefined;
  /** The highest fixed version among its advisories: upgrading to it clears all of them that have a fix. */
  upgradeTo: string | undefined;
  unfixed: number;
}

const SEV_RANK = ['critical', 'high', 'medium', 'low', 'info'];

/** Numeric-aware comparison of dotted versions; good enough to pick the highest of several fixes. */
function compareVersions(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}

export function vulnerablePackages(m: ReportModel): VulnerablePackage[] {
  const by = new Map<string, VulnerablePackage>();
  for (const v of m.report.vulnerableDependencies) {
    const d = v.dependency;
    const key = `${d.ecosystem}\0${d.name}\0${d.version}`;
    const row = by.get(key) ?? { name: d.name, version: d.version, ecosystem: d.ecosystem, direct: d.direct, advisories: 0, worst: v.severity, maxCvss: undefined, upgradeTo: undefined, unfixed: 0 };
    row.advisories++;
    if (SEV_RANK.indexOf(v.severity) < SEV_RANK.indexOf(row.worst)) row.worst = v.severity;
    if (v.cvssScore !== undefined) row.maxCvss = Math.max(row.maxCvss ?? 0, v.cvssScore);
    if (v.fixedVersion) row.upgradeTo = !row.upgradeTo || compareVersions(v.fixedVersion, row.upgradeTo) > 0 ? v.fixedVersion : row.upgradeTo;
    else row.unfixed++;
    row.direct ||= d.direct;
    by.set(key, row);
  }
  return [...by.values()].sort((a, b) => SEV_RANK.indexOf(a.worst) - SEV_RANK.indexOf(b.worst) || b.advisories - a.advisories || a.name.localeCompare(b.name));
}

/**
 * Ultra reports spell out how a finding would be exploited, built only from the finding's own data: the
 * traced source and sink, or the credential's location. Null when the data does not say.
 */
export function exploitationScenario(f: Finding): string | null {
  const trace = f.trace ?? [];
  const source = trace.find((s) => s.kind === 'source');
  const sink = [...trace].reverse().find((s) => s.kind === 'sink');
  if (source && sink) {
    const steps = trace.filter((s) => s.kind === 'step').length;
    const files = new Set(trace.map((s) => s.file)).size;
    const path = steps === 0 ? 'in the same statement' : `after ${steps} intermediate step${steps === 1 ? '' : 's'}${files > 1 ? ` across ${files} files` : ''}`;
    return (
      `An attacker sends a crafted value that the application reads at ${source.label} (${source.file}:${source.line}). ` +
      `It reaches ${sink.label} (${sink.file}:${sink.line}) ${path}, with no validation or encoding on the way, so the attacker controls the operation it performs.`
    );
  }
  if (f.category === 'secrets') {
    return `Anyone who can read the repository, a fork, a CI log or a leaked backup copies the credential from ${placeOf(f.location.file, f.location.startLine)} and uses it directly against the issuing service, with the application's privileges.`;
  }
  return null;
}

/** "Impact and fix: as for finding X (same rule)." for the parts of a finding printed earlier. */
export function repeatNote(repeats: { impact?: string; fix?: string; references?: string }): string | null {
  const byId = new Map<string, string[]>();
  for (const [part, id] of [['impact', repeats.impact], ['fix', repeats.fix], ['references', repeats.references]] as const) {
    if (id) byId.set(id, [...(byId.get(id) ?? []), part]);
  }
  if (byId.size === 0) return null;
  const sentences = [...byId].map(([id, parts]) => {
    const names = parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}`;
    return `${names[0]!.toUpperCase()}${names.slice(1)}: as for finding ${id} (same rule).`;
  });
  return sentences.join(' ');
}

/** Titles in summary tables stay on one or two lines; the full title is in the findings section. */
export function shortTitle(title: string, max = 72): string {
  return title.length <= max ? title : `${title.slice(0, max - 1).trimEnd()}…`;
}

/**
 * A dependency's license for the inventory: the manifest's own field, else what the license analyzer found for the
 * same package and version (it reads installed packages and lockfile metadata the dependency record may lack).
 */
export function inventoryLicense(m: ReportModel): (d: Dependency) => string {
  const found = new Map(m.report.licenses.map((l) => [`${l.name}\0${l.version ?? ''}`, l.license]));
  return (d) => d.license ?? found.get(`${d.name}\0${d.version}`) ?? found.get(`${d.name}\0`) ?? 'unknown';
}
