// SARIF 2.1.0 export: one run, one rule per rule id (with help text, CWE tags and security-severity), results with
// repo-relative locations and our fingerprint as partialFingerprints, taint traces as code flows.
import type { Acceptance, AcceptedFinding, Finding, Report, Severity } from '../types';

type Json = Record<string, unknown>;

/** GitHub code scanning's bands: >= 9 critical, 7-8.9 high, 4-6.9 medium, 0.1-3.9 low. */
const SECURITY_SEVERITY: Record<Severity, string | null> = {
  critical: '9.5',
  high: '8.0',
  medium: '5.5',
  low: '3.0',
  info: null,
};
const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = {
  critical: 'error',
  high: 'error',
  medium: 'warning',
  low: 'note',
  info: 'note',
};

function securitySeverity(f: Finding): string | null {
  const cvss = f.properties?.cvssScore;
  if (typeof cvss === 'number' && cvss > 0) return cvss.toFixed(1);
  return SECURITY_SEVERITY[f.severity];
}

function tags(f: Finding): string[] {
  const cwes = f.cwe.map((c) => `external/cwe/${c.toLowerCase()}`);
  return [...new Set([f.category === 'quality' || f.category === 'maintainability' ? 'maintainability' : 'security', ...cwes, ...f.cwe, ...f.owasp])];
}

/** URIs are repo-relative POSIX paths, percent-encoded per segment. */
function uri(file: string): string {
  return file.split('/').map(encodeURIComponent).join('/');
}

function rule(f: Finding): Json {
  const sev = securitySeverity(f);
  const help = [f.fix.guidance, f.fix.example ? `\nExample:\n${f.fix.example}` : '', ...f.references.map((r) => `\n${r.title}: ${r.url}`)].join('');
  const markdown = [
    f.impact ?? f.message,
    `**Fix:** ${f.fix.guidance}`,
    f.fix.example ? '```\n' + f.fix.example + '\n```' : '',
    ...f.references.map((r) => `- [${r.title}](${r.url})`),
  ]
    .filter(Boolean)
    .join('\n\n');
  return {
    id: f.ruleId,
    name: f.ruleId,
    shortDescription: { text: f.title },
    fullDescription: { text: f.impact ?? f.message },
    help: { text: help, markdown },
    ...(f.references[0] ? { helpUri: f.references[0].url } : {}),
    defaultConfiguration: { level: LEVEL[f.severity] },
    properties: {
      tags: tags(f),
      precision: f.confidence === 'high' ? 'high' : f.confidence === 'medium' ? 'medium' : 'low',
      ...(sev ? { 'security-severity': sev } : {}),
    },
  };
}

/** Null for a finding with no line (startLine 0): SARIF then gets the file alone, no region. */
function region(f: Finding): Json | null {
  const l = f.location;
  if (l.startLine === 0) return null;
  return {
    startLine: l.startLine,
    endLine: l.endLine,
    ...(l.startColumn ? { startColumn: l.startColumn } : {}),
    ...(l.endColumn ? { endColumn: l.endColumn } : {}),
    ...(f.snippet ? { snippet: { text: f.snippet } } : {}),
  };
}

/** SARIF's own suppression kinds: a comment in the code is inSource, a baseline or ignore file is external. */
function suppression(a: Acceptance): Json {
  return {
    kind: a.mechanism === 'inline' ? 'inSource' : 'external',
    status: 'accepted',
    justification: a.reason ?? `Accepted by the project owner (${a.mechanism === 'baseline' ? 'baseline' : '.duescanignore'}), no reason given.`,
  };
}

function result(f: Finding | AcceptedFinding, ruleIndex: number): Json {
  const sev = securitySeverity(f);
  const where = region(f);
  const out: Json = {
    ruleId: f.ruleId,
    ruleIndex,
    level: LEVEL[f.severity],
    message: { text: f.message },
    locations: [{ physicalLocation: { artifactLocation: { uri: uri(f.location.file), uriBaseId: '%SRCROOT%' }, ...(where ? { region: where } : {}) } }],
    partialFingerprints: { 'duescan/v1': f.id },
    properties: { severity: f.severity, confidence: f.confidence, ...(sev ? { 'security-severity': sev } : {}) },
  };
  if ('acceptance' in f) out.suppressions = [suppression(f.acceptance)];
  if (f.trace?.length) {
    out.codeFlows = [
      {
        threadFlows: [
          {
            locations: f.trace.map((step) => ({
              location: {
                physicalLocation: { artifactLocation: { uri: uri(step.file), uriBaseId: '%SRCROOT%' }, region: { startLine: Math.max(1, step.line) } },
                message: { text: step.label },
              },
              kinds: [step.kind === 'step' ? 'pass-through' : step.kind],
            })),
          },
        ],
      },
    ];
  }
  return out;
}

export function toSarif(report: Report): Json {
  const ruleIndex = new Map<string, number>();
  const rules: Json[] = [];
  // Accepted findings are results too, with SARIF suppressions: code-scanning tools show them as dismissed.
  const all: (Finding | AcceptedFinding)[] = [...report.findings, ...(report.accepted ?? [])];
  for (const f of all) {
    if (ruleIndex.has(f.ruleId)) continue;
    ruleIndex.set(f.ruleId, rules.length);
    rules.push(rule(f));
  }
  const run: Json = {
    tool: {
      driver: {
        name: 'DueScan',
        version: report.tool.version,
        semanticVersion: report.tool.version,
        rules,
      },
    },
    results: all.map((f) => result(f, ruleIndex.get(f.ruleId)!)),
    columnKind: 'utf16CodeUnits',
    properties: {
      tier: report.tier,
      score: report.score.overall,
      schemaVersion: report.schemaVersion,
      // The same category view as report.json: a category that was not assessed has no score, only its reason.
      categories: report.score.categories.map((c) =>
        c.assessed === false ? { category: c.category, assessed: false, reason: c.notAssessedReason ?? '' } : { category: c.category, assessed: true, score: c.score },
      ),
    },
  };
  if (report.project.commit) {
    run.versionControlProvenance = [
      {
        repositoryUri: `urn:duescan:project:${encodeURIComponent(report.project.name)}`,
        revisionId: report.project.commit,
        ...(report.project.branch ? { branch: report.project.branch } : {}),
        mappedTo: { uriBaseId: '%SRCROOT%' },
      },
    ];
  }
  return { $schema: 'https://json.schemastore.org/sarif-2.1.0.json', version: '2.1.0', runs: [run] };
}
