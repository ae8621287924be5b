// The engine's public data model. Report JSON is versioned by REPORT_SCHEMA_VERSION and described by
// schema/report.schema.json; analyzers, the report renderer, the CLI and the server all build on these types.
import type { AiReview, AiRun } from '@duescan/contracts';

export const REPORT_SCHEMA_VERSION = '1.0.0';

export type Tier = 'quick' | 'pro' | 'enterprise' | 'ultra';
export type Severity = 'critical' | 'high' | 'medium' | 'low' | 'info';
export type Confidence = 'high' | 'medium' | 'low';
export const SEVERITIES: readonly Severity[] = ['critical', 'high', 'medium', 'low', 'info'];

/** Score categories; every finding belongs to exactly one. */
export type Category =
  | 'security' // SAST findings in the project's own code
  | 'dependencies'
  | 'secrets'
  | 'licenses'
  | 'quality'
  | 'maintainability'
  | 'team'
  | 'configuration';

/**
 * Where the code of a finding runs (exec-context/classify.ts): production code a request can reach, or code that
 * only runs in tests, developer scripts (build, release, migration, seed), examples/docs, fixture data or
 * third-party/generated files. Context lowers severity and score weight; it never hides a finding.
 */
export type ExecutionContext = 'production' | 'test' | 'script' | 'example' | 'fixture' | 'vendored';
export const EXECUTION_CONTEXTS: readonly ExecutionContext[] = ['production', 'test', 'script', 'example', 'fixture', 'vendored'];

export type AnalyzerId = 'sast' | 'secrets' | 'deps' | 'licenses' | 'quality' | 'history' | 'config';

export interface Location {
  /** Repo-relative POSIX path ('.' for the project as a whole). */
  file: string;
  /**
   * 1-based, inclusive. 0 (with endLine 0) means the finding has no line: it is about the file or the project as a
   * whole (missing CI, bus factor, the project's license), so renderers show the path alone.
   */
  startLine: number;
  endLine: number;
  startColumn?: number;
  endColumn?: number;
}

/** One step of a taint trace, from source to sink. */
export interface TraceStep {
  kind: 'source' | 'step' | 'sink';
  file: string;
  line: number;
  /** Short, redacted description such as `request.args.get('id')` or `query = "..." + id`. */
  label: string;
}

export interface Reference {
  title: string;
  url: string;
}

/**
 * What a rule says about every finding it produces (SAST and config rules are data of this shape): the report,
 * SARIF and the rule catalogue read it the same way whichever analyzer the rule belongs to.
 */
export interface RuleDescription {
  /** e.g. 'py.injection.sql-taint'. Stable: baselines and suppressions reference it. */
  id: string;
  title: string;
  severity: Severity;
  confidence: Confidence;
  /** e.g. ['CWE-89']. */
  cwe: string[];
  /** OWASP Top 10 2021, e.g. 'A03:2021-Injection'. */
  owasp: string[];
  message: string;
  impact: string;
  fix: { guidance: string; example: string };
  references: Reference[];
  /**
   * What lets a pattern rule keep a critical/high severity without a taint trace (severity-policy.ts): 'input'
   * when the match itself contains attacker-controlled data (request or CI event data in the same expression),
   * 'credential' when it is a hard-coded credential. Without it a pattern match is an audit signal: medium at most.
   */
  evidence?: 'input' | 'credential';
  /**
   * 'weak': a heuristic whose match alone is rarely a vulnerability on real code (Math.random anywhere, a logged
   * name that sounds secret, @csrf_exempt, innerHTML of a non-constant). Reported at low unless a flow proves it.
   */
  signal?: 'weak';
}

export interface Finding {
  /** Stable fingerprint: same finding across runs and line shifts (hash of rule, file, normalized snippet/key). */
  id: string;
  ruleId: string;
  analyzer: AnalyzerId;
  category: Category;
  title: string;
  severity: Severity;
  confidence: Confidence;
  /** e.g. ['CWE-89']. */
  cwe: string[];
  /** OWASP Top 10 2021, e.g. 'A03:2021-Injection'. */
  owasp: string[];
  location: Location;
  /** A few lines around the finding, secrets redacted. Omitted in anonymized reports. */
  snippet?: string;
  message: string;
  /** Why it matters, in plain words. */
  impact?: string;
  fix: {
    guidance: string;
    /** Short secure example. */
    example?: string;
    /** For dependency findings: the version that fixes it. */
    fixedVersion?: string;
  };
  references: Reference[];
  trace?: TraceStep[];
  /** The rule pack (sast) or sub-kind (e.g. secret type, advisory id) that produced it. */
  pack?: string;
  /** Analyzer-specific extras (advisory ids, CVSS vector, package, secret type...). Never secret values. */
  properties?: Record<string, string | number | boolean | string[]>;
  /** Where the code runs, and why the engine thinks so; set by the engine after analysis. */
  context?: ExecutionContext;
  contextReason?: string;
  /** The rule's own severity when the severity policy lowered it (context, missing source, hygiene). */
  ruleSeverity?: Severity;
  /** Why the severity was lowered, in one sentence. */
  severityNote?: string;
  /**
   * Set when the engine's triage model (triage-model/apply.ts) rates the finding below its threshold: shown as
   * "likely false positive (model)". The finding stays in the report with its severity and score weight.
   */
  likelyFalsePositive?: 'model';
  /** Third-party models' vote on this finding (packages/ai), when the scan was run with models configured. */
  aiReview?: AiReview;
}

/** What the triage model did in a scan (report.triageModel); absent when it did not run. */
export interface TriageModelRun {
  /** Format version and the first 12 hex digits of the weights' SHA-256. */
  version: string;
  sha256: string;
  /** Findings it rated (those of analyzers its training data covers). */
  findings: number;
  /** Of those, how many it marked "likely false positive (model)". */
  likelyFalsePositive: number;
  threshold: number;
  trainedOn: { findings: number; real: number; projects: number };
}

/** How the project owner accepted a finding, and why (their words). */
export interface Acceptance {
  mechanism: 'inline' | 'ignore-file' | 'baseline';
  /** The owner's reason: required for inline comments, optional in a baseline entry, none for .duescanignore. */
  reason?: string;
}

/**
 * A finding the owner accepted (inline `duescan-ignore`, .duescanignore, baseline). It is disclosed, not removed:
 * it still costs its points in the score and is listed in the report's "Accepted by the project owner" section.
 */
export interface AcceptedFinding extends Finding {
  acceptance: Acceptance;
}

export interface SkippedFile {
  file: string;
  reason: 'too-large' | 'binary' | 'unreadable' | 'parse-error' | 'minified' | 'generated' | 'timeout' | 'broken-lockfile' | 'stale-lockfile';
  detail?: string;
}

export interface LanguageStats {
  language: string;
  files: number;
  code: number;
  comment: number;
  blank: number;
}

export interface AnalyzerRun {
  id: AnalyzerId;
  /** Rule packs run, for sast. */
  packs?: string[];
  durationMs: number;
  findings: number;
  status: 'ok' | 'skipped' | 'error';
  /** Why it was skipped or failed, in words a user can act on. */
  note?: string;
}

export interface Dependency {
  ecosystem: 'npm' | 'PyPI' | 'Maven';
  name: string;
  version: string;
  direct: boolean;
  /** Lockfile or manifest it came from (repo-relative). */
  source: string;
  license?: string;
  dev?: boolean;
  purl: string;
  /**
   * "Declared, not resolved": read from a manifest (package.json, pyproject.toml, requirements.txt...) that no
   * lockfile resolves, so the installed version is not known. `version` is then the requirement as written.
   */
  declaredOnly?: boolean;
  /** The manifest's version requirement ("^4.17.0", ">=2.0,<3") when it is a range, for declared-only dependencies. */
  requirement?: string;
  /** The PEP 508 environment marker it is installed under, when its manifest names one (`sys_platform == "win32"`). */
  marker?: string;
}

export interface VulnerableDependency {
  dependency: Dependency;
  advisoryId: string;
  aliases: string[];
  summary: string;
  severity: Severity;
  cvssScore?: number;
  cvssVector?: string;
  fixedVersion?: string;
  findingId: string;
}

export interface LicenseEntry {
  /** Package name, or '(project)' for the project's own license. */
  name: string;
  version?: string;
  license: string;
  risk: 'none' | 'weak-copyleft' | 'strong-copyleft' | 'network-copyleft' | 'non-commercial' | 'unknown';
  source: string;
}

export interface FunctionMetric {
  file: string;
  name: string;
  line: number;
  complexity: number;
  lines: number;
}

export interface QualityMetrics {
  functions: number;
  averageComplexity: number;
  complexFunctions: FunctionMetric[];
  largestFiles: { file: string; lines: number }[];
  largestFunctions: FunctionMetric[];
  duplication: { duplicatedLines: number; percent: number; blocks: { files: string[]; lines: number }[] };
  testFiles: number;
  testCodeLines: number;
  testToCodeRatio: number;
  todoCount: number;
  todoPerKloc: number;
  presence: {
    readme: boolean;
    ci: boolean;
    lint: boolean;
    typeChecking: boolean;
    lockfile: boolean;
    license: boolean;
    tests: boolean;
  };
}

export interface HistoryMetrics {
  commits: number;
  contributors: number;
  activeContributors90d: number;
  busFactor: number;
  firstCommit?: string;
  lastCommit?: string;
  commitsLast90d: number;
  /** Commits per month, oldest first, for the last 12 months ('YYYY-MM'). */
  monthlyCommits: { month: string; commits: number }[];
  hotspots: { file: string; changes: number; complexity: number; score: number }[];
  /** Share of commits per (hashed in anonymized mode) author, largest first. */
  topAuthors: { author: string; commits: number; share: number }[];
}

export interface ScoreDeduction {
  findingId: string;
  category: Category;
  points: number;
}

export interface CategoryScore {
  category: Category;
  /** 0-100, or null when the category was not assessed (see `assessed`). */
  score: number | null;
  weight: number;
  deductions: number;
  /**
   * False when the analyzer behind the category did not run or had no data (no advisory database, no lockfile or
   * manifest, no git history): the category shows "not assessed" instead of a score. Absent means assessed.
   */
  assessed?: boolean;
  /** Why it was not assessed, in words a user can act on. */
  notAssessedReason?: string;
}

export interface Score {
  /** 0-100 security score in percent. */
  overall: number;
  grade: 'A' | 'B' | 'C' | 'D' | 'F';
  risk: 'Low' | 'Medium' | 'High' | 'Critical';
  categories: CategoryScore[];
  /** Every point lost, attributable to one finding. */
  deductions: ScoreDeduction[];
  method: string;
  /**
   * Where the overall score sits among the reference open-source projects the engine ships a distribution for
   * (peers.ts); absent when no distribution ships.
   */
  peers?: { betterThan: number; projects: number; corpus: string; tier: string };
}

export interface Report {
  schemaVersion: typeof REPORT_SCHEMA_VERSION;
  tool: { name: 'DueScan'; version: string };
  generatedAt: string;
  tier: Tier;
  anonymized: boolean;
  project: {
    name: string;
    languages: LanguageStats[];
    files: number;
    loc: number;
    commit?: string;
    branch?: string;
  };
  analyzers: AnalyzerRun[];
  advisoryDatabase: { date: string | null; records: number; source?: string };
  findings: Finding[];
  /** Findings hidden by inline suppressions, .duescanignore or the baseline (ids only; `note` = the owner's reason). */
  suppressed: { id: string; ruleId: string; reason: Acceptance['mechanism']; note?: string }[];
  /**
   * The suppressed findings in full, within the tier's severity floor and cap: shown in an "Accepted by the project
   * owner" section and counted in the score. Absent in reports from engines before it existed.
   */
  accepted?: AcceptedFinding[];
  dependencies: Dependency[];
  vulnerableDependencies: VulnerableDependency[];
  licenses: LicenseEntry[];
  metrics: {
    quality?: QualityMetrics;
    history?: HistoryMetrics;
  };
  score: Score;
  counts: Record<Severity, number> & { total: number };
  skipped: SkippedFile[];
  /** The triage model's run; absent in reports from engines before it existed. */
  triageModel?: TriageModelRun;
  durationMs: number;
  /** Which third-party models reviewed findings and what left the machine; absent when no model ran. */
  ai?: AiRun;
}

// ---------- analyzer interface ----------

/** One row of the tier table (tiers.ts): everything a tier switches on or off. */
export interface TierPlan {
  tier: Tier;
  analyzers: AnalyzerId[];
  /** SAST rule packs, a prefix of PACK_ORDER (analyzers/sast/rule-types.ts). */
  packs: string[];
  /** SAST follows imports across files (Enterprise and Ultra). */
  crossFile: boolean;
  /** The secrets analyzer also scans git history (Ultra). */
  gitHistorySecrets: boolean;
  /** Findings below this severity are dropped (Quick keeps critical and high). */
  minSeverity: Severity;
  /** At most this many findings are reported (Quick: 10); null = all. */
  maxFindings: number | null;
}

export interface SourceFile {
  /** Repo-relative POSIX path. */
  path: string;
  absPath: string;
  language: string | null;
  size: number;
  /** Lazily read text (utf8). */
  text(): string;
  isTest: boolean;
}

/** What every analyzer gets. Parsed trees are shared: parse once, analyze many times. */
export interface AnalyzerContext {
  root: string;
  tier: Tier;
  files: SourceFile[];
  /** Parsed AST for a file (ast-grep SgRoot) or null when the language is unsupported or parsing failed. */
  parse(file: SourceFile): import('@ast-grep/napi').SgRoot | null;
  /**
   * Await between files in a pass that parses many: frees the trees parsed beyond the cache's budget and dropped
   * since (their native memory is only returned when the event loop turns; tree-cache.ts). Cheap when nothing is due.
   */
  releaseDroppedTrees(): Promise<void>;
  /**
   * Optional: await after each file of a pass that reads the files in order, with the file's index in `files`
   * (undefined once it no longer does): passes running at the same time in this thread are kept within a few files
   * of each other, so a tree parsed beyond the cache's budget serves them all (tree-cache.ts `pace`).
   */
  pace?(pass: object, index: number | undefined): Promise<void>;
  hasGit: boolean;
  /** What this tier runs (analyzers, SAST packs, cross-file, git-history secrets); see tiers.ts. */
  plan: TierPlan;
  /**
   * Repo-relative paths the collector skipped as minified or generated: not analysed as code, but a key pasted
   * into a bundle leaks all the same, so the secrets analyzer reads them for provider-format keys.
   */
  bundled?: string[];
  options: ScanOptions;
  skip(entry: SkippedFile): void;
  log(message: string): void;
  /**
   * Optional: a value derived from the project's trees (the route list) computed once per scan and thread and shared
   * by the passes that run there, each of which gets its own context (tree-cache.ts `derived`). Without it, or when
   * trees were dropped, `compute` runs for each caller.
   */
  derived?<T>(key: string, compute: () => T): T;
}

export interface AnalyzerResult {
  findings: Finding[];
  dependencies?: Dependency[];
  vulnerableDependencies?: VulnerableDependency[];
  licenses?: LicenseEntry[];
  quality?: QualityMetrics;
  history?: HistoryMetrics;
  advisoryDatabase?: Report['advisoryDatabase'];
  /** Rule packs run (sast). */
  packs?: string[];
  note?: string;
}

export interface Analyzer {
  id: AnalyzerId;
  run(ctx: AnalyzerContext): Promise<AnalyzerResult>;
  /**
   * Optional: true when this analyzer's findings for a file depend only on that file, for this tier plan (e.g.
   * `(plan) => !plan.crossFile`). The engine may then split ctx.files into shards run on parallel worker threads
   * and concatenate the results, so project-wide facts must not be derived from ctx.files in that mode.
   */
  shardable?(plan: TierPlan): boolean;
  /**
   * Optional: the analyzer's work as independent passes over the same files, so the engine can run them on
   * different worker threads. Each group of parts runs in one thread (the parts of a group share its parsed trees);
   * `merge` turns the parts' results, by part name, into exactly what `run` returns.
   */
  parts?: AnalyzerParts;
}

export interface AnalyzerParts {
  groups: readonly (readonly string[])[];
  /** Every part, in the order one thread runs them (the order `run` uses). */
  sequence: readonly string[];
  /**
   * Parts that read the files in order (their steps report each file's index: AnalyzerContext.pace): one thread
   * runs them at the same time as the other tree-reading analyzers of its job, before the rest of the sequence.
   */
  paced?: readonly string[];
  run(ctx: AnalyzerContext, part: string): Promise<AnalyzerResult>;
  merge(byPart: Record<string, AnalyzerResult>): AnalyzerResult;
}

export interface ScanOptions {
  package: Tier;
  /** Directory holding the advisory database (default: ~/.duescan/advisories or DUESCAN_ADVISORY_DB). */
  advisoryDb?: string;
  /** Baseline file: findings whose ids are in it are suppressed. */
  baseline?: string;
  /** Max file size in bytes to analyze (default 1 MiB). */
  maxFileBytes?: number;
  /** Worker threads (default: the cores not already busy by the 1-minute load average, at least 1; 1 = in-process). */
  threads?: number;
  /** Progress callback: phase name and 0..1. */
  onProgress?: (phase: string, done: number, total: number) => void;
  /** Diagnostic messages from analyzers and the engine (e.g. a worker that failed and ran in-process). */
  onLog?: (message: string) => void;
  /** Project name shown in the report (default: folder name). */
  projectName?: string;
  /** Respect .gitignore files (default true). */
  gitignore?: boolean;
  /** Only run these analyzers (intersected with the tier's list); for tests and benchmarks. */
  analyzers?: AnalyzerId[];
  /**
   * Stops the scan: worker threads are terminated at once and scan() rejects with ScanError code 'aborted'
   * (cause: the signal's reason). Work on the calling thread (collect, in-process analyzers, merge) stops at the
   * next phase boundary. Never crosses to worker threads.
   */
  signal?: AbortSignal;
}
