// What the triage model sees of a finding: only what the engine itself reported (rule, CWE, context, trace,
// properties, path), never the code. Two pure steps: describe() turns a finding and a summary of its project
// into named categorical and numeric features; vectorize() one-hot encodes them over a vocabulary (committed in
// weights.json), with an "unknown" bucket per categorical feature so unseen rules still get a vector.
import type { Confidence, Finding, Severity } from '../types';
import { SEVERITIES } from '../types';
import { ruleOf } from '../severity-policy';

/** The facts of a project the features need; summarizeProject() builds it from the final finding list. */
export interface ProjectSummary {
  /** Findings per rule id in this scan: a rule that fires 40 times in one project is rarely 40 real flaws. */
  ruleCounts: Record<string, number>;
  /** Web framework the project depends on, when one is recognised ('django', 'express'...), else 'none'. */
  framework: string;
}

export const CATEGORICAL = ['rule', 'ruleFamily', 'cwe', 'analyzer', 'sinkFamily', 'context', 'evidence', 'sourceKind', 'fileKind', 'framework'] as const;
export type CategoricalName = (typeof CATEGORICAL)[number];

export const NUMERIC = [
  'severity',
  'ruleSeverity',
  'lowered',
  'confidence',
  'traceLength',
  'crossFile',
  'sanitizerSeen',
  'guardSeen',
  'repetition',
  'noLine',
  'testCredential',
  'entropy',
  'directDependency',
  'importedInProduction',
  'devPath',
] as const;
export type NumericName = (typeof NUMERIC)[number];

export interface FeatureRecord {
  cat: Record<CategoricalName, string>;
  num: Record<NumericName, number>;
}

/** Categorical values seen often enough in training to get their own column, per feature. */
export type Vocabulary = Record<CategoricalName, string[]>;

export const UNKNOWN = '(other)';

const CONFIDENCE_VALUE: Record<Confidence, number> = { high: 1, medium: 0.5, low: 0 };

// Dependencies that name the web framework; the first found wins, in this order (a Flask app may pull Jinja).
const FRAMEWORKS: [string, RegExp][] = [
  ['django', /^django$/i],
  ['flask', /^flask$/i],
  ['fastapi', /^fastapi$/i],
  ['nestjs', /^@nestjs\/core$/],
  ['nextjs', /^next$/],
  ['remix', /^@remix-run\/(node|server-runtime)$/],
  ['koa', /^koa$/],
  ['express', /^express$/],
];

// Names in a trace step that clean or check a value on its way to the sink (the engine already drops flows a
// sanitizer covers for this sink kind; one for another kind, or a validation call, still hints at care).
const SANITIZER_WORDS = /\b(escape\w*|sanitiz\w*|quote\w*|bleach|clean\w*|int|float|Number|parseInt|parseFloat|encodeURI\w*|secure_filename|safe_join|basename)\s*\(/;
const GUARD_WORDS = /\b(valid\w*|check\w*|verify\w*|is_safe\w*|allow\w*|permission\w*|authori[sz]\w*)\b/i;
// Kinds of the trace's first step, from the source labels the taint models write (request.args, req.body,
// process.env, sys.argv...); first match wins.
const SOURCE_KINDS: [string, RegExp][] = [
  ['env', /environ|process\.env|getenv/i],
  ['cli', /\bargv\b|stdin|\binput\(/],
  ['header', /headers|cookies|\bMETA\b|hostname/i],
  ['body', /body|form|POST|json|files|data\b/i],
  ['url', /params|query|args|\bGET\b|path|url|\bget\b|route/i],
  ['request', /\breq\b|request|ctx/],
];
const DEV_PATH = /(^|\/)(docs?|examples?|samples?|demo|tests?|__tests__|spec|e2e|fixtures?|scripts?|dev|\.github|\.devcontainer)(\/|$)/i;

function severityValue(s: Severity | undefined): number {
  if (!s) return 0;
  return (SEVERITIES.length - 1 - SEVERITIES.indexOf(s)) / (SEVERITIES.length - 1);
}

function fileKind(path: string): string {
  const name = path.split('/').pop() ?? path;
  if (path === '.' || name === '') return 'project';
  if (/^Dockerfile|\.dockerfile$/i.test(name)) return 'dockerfile';
  if (/^docker-compose|^compose\./i.test(name)) return 'compose';
  if (path.startsWith('.github/workflows/')) return 'workflow';
  if (/lock|^requirements.*\.txt$|^package\.json$|^pyproject\.toml$|^Pipfile/i.test(name)) return 'manifest';
  if (/\.env(\.|$)|^\.env/i.test(name)) return 'env';
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  if (ext === 'py') return 'python';
  if (['js', 'mjs', 'cjs'].includes(ext)) return 'javascript';
  if (['ts', 'mts', 'cts'].includes(ext)) return 'typescript';
  if (['jsx', 'tsx', 'vue', 'svelte'].includes(ext)) return 'component';
  if (['html', 'htm', 'jinja', 'j2', 'ejs', 'hbs', 'pug'].includes(ext)) return 'template';
  if (['yml', 'yaml', 'json', 'toml', 'ini', 'cfg', 'conf', 'xml'].includes(ext)) return 'config';
  if (['md', 'rst', 'txt'].includes(ext)) return 'text';
  if (['sh', 'bash', 'nix'].includes(ext)) return 'shell';
  return 'other';
}

function sourceKind(f: Finding): string {
  const label = f.trace?.find((s) => s.kind === 'source')?.label;
  if (label === undefined) return f.trace?.length ? 'unlabelled' : 'none';
  return SOURCE_KINDS.find(([, re]) => re.test(label))?.[0] ?? 'other';
}

/**
 * What the finding stands on: a taint trace, the rule's declared evidence in the match ('input', 'credential'), a
 * weak heuristic, a sink with no traced source, a plain pattern, or an analyzer's own fact (advisory, secret...).
 */
function evidenceOf(f: Finding): string {
  if (f.trace?.length) return 'trace';
  const rule = ruleOf(f.ruleId) as (ReturnType<typeof ruleOf> & { taintSink?: boolean }) | undefined;
  if (!rule) return f.analyzer;
  return rule.evidence ?? (rule.signal === 'weak' ? 'weak' : rule.taintSink ? 'sink-only' : 'pattern');
}

/** The confidence the engine gave, even after the model replaced finding.confidence (apply.ts keeps it). */
export function engineConfidence(f: Finding): Confidence {
  const kept = f.properties?.engineConfidence;
  return kept === 'high' || kept === 'medium' || kept === 'low' ? kept : f.confidence;
}

export function summarizeProject(findings: readonly Finding[], dependencyNames: readonly string[]): ProjectSummary {
  const ruleCounts: Record<string, number> = {};
  for (const f of findings) ruleCounts[f.ruleId] = (ruleCounts[f.ruleId] ?? 0) + 1;
  const framework = FRAMEWORKS.find(([, re]) => dependencyNames.some((d) => re.test(d)))?.[0] ?? 'none';
  return { ruleCounts, framework };
}

const flag = (b: unknown): number => (b ? 1 : 0);

export function describe(f: Finding, project: ProjectSummary): FeatureRecord {
  const trace = f.trace ?? [];
  const labels = trace.map((s) => s.label);
  const props = f.properties ?? {};
  const guards = props.guards;
  const entropy = typeof props.entropy === 'number' ? props.entropy : 0;
  const repeats = project.ruleCounts[f.ruleId] ?? 1;
  return {
    cat: {
      rule: f.ruleId,
      ruleFamily: f.ruleId.split(/[./]/).slice(0, 2).join('.'),
      cwe: f.cwe[0] ?? 'none',
      analyzer: f.analyzer,
      sinkFamily: f.pack ?? f.analyzer,
      context: f.context ?? 'production',
      evidence: evidenceOf(f),
      sourceKind: sourceKind(f),
      fileKind: fileKind(f.location.file),
      framework: typeof props.framework === 'string' ? props.framework : project.framework,
    },
    num: {
      severity: severityValue(f.severity),
      ruleSeverity: severityValue(f.ruleSeverity ?? f.severity),
      lowered: flag(f.ruleSeverity && f.ruleSeverity !== f.severity),
      confidence: CONFIDENCE_VALUE[engineConfidence(f)],
      // Scaled to about [0, 1] so one learning rate suits every column.
      traceLength: Math.min(trace.length, 10) / 10,
      crossFile: flag(new Set(trace.map((s) => s.file)).size > 1),
      sanitizerSeen: flag(labels.some((l) => SANITIZER_WORDS.test(l))),
      guardSeen: flag((Array.isArray(guards) && guards.length > 0) || labels.some((l) => GUARD_WORDS.test(l))),
      repetition: Math.min(Math.log2(repeats) / 6, 1),
      noLine: flag(f.location.startLine === 0),
      testCredential: flag(props.likelyTestCredential === true),
      entropy: Math.min(entropy / 6, 1),
      directDependency: flag(props.direct === true),
      importedInProduction: props.importedInProduction === undefined ? 0.5 : flag(props.importedInProduction === true),
      devPath: flag(DEV_PATH.test(f.location.file)),
    },
  };
}

/** Column names of vectorize()'s output, in order: numeric features, then one column per vocabulary value. */
export function columnNames(vocabulary: Vocabulary): string[] {
  return [...NUMERIC, ...CATEGORICAL.flatMap((c) => [...vocabulary[c], UNKNOWN].map((v) => `${c}=${v}`))];
}

export function vectorize(record: FeatureRecord, vocabulary: Vocabulary): number[] {
  const out = NUMERIC.map((n) => record.num[n]);
  for (const c of CATEGORICAL) {
    const values = vocabulary[c];
    const at = values.indexOf(record.cat[c]);
    for (let i = 0; i <= values.length; i++) out.push(i === (at === -1 ? values.length : at) ? 1 : 0);
  }
  return out;
}

/** Values seen at least `minCount` times per categorical feature, sorted, so the columns do not depend on row order. */
export function buildVocabulary(records: readonly FeatureRecord[], minCount: number): Vocabulary {
  const vocabulary = {} as Vocabulary;
  for (const c of CATEGORICAL) {
    const counts = new Map<string, number>();
    for (const r of records) counts.set(r.cat[c], (counts.get(r.cat[c]) ?? 0) + 1);
    vocabulary[c] = [...counts].filter(([v, n]) => n >= minCount && v !== UNKNOWN).map(([v]) => v).sort();
  }
  return vocabulary;
}
