// Display names and colours shared by the PDF and the HTML report, so both read the same.
import type { Category, Confidence, Severity, Tier } from '@duescan/engine';

export const SEVERITY_ORDER: Severity[] = ['critical', 'high', 'medium', 'low', 'info'];
export const CONFIDENCE_ORDER: Confidence[] = ['high', 'medium', 'low'];

export const SEVERITY_LABEL: Record<Severity, string> = {
  critical: 'Critical',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
  info: 'Info',
};

/** Colour-blind-safe enough: severity is always also written as a word next to the colour. */
export const SEVERITY_COLOR: Record<Severity, string> = {
  critical: '#9b1c1c',
  high: '#d9480f',
  medium: '#c98a00',
  low: '#2b6cb0',
  info: '#718096',
};

export const CONFIDENCE_LABEL: Record<Confidence, string> = { high: 'High', medium: 'Medium', low: 'Low' };

export const TIER_LABEL: Record<Tier, string> = { quick: 'Quick', pro: 'Pro', enterprise: 'Enterprise', ultra: 'Ultra' };

export const CATEGORY_LABEL: Record<Category, string> = {
  security: 'Application security',
  dependencies: 'Dependencies',
  secrets: 'Secrets',
  licenses: 'Licenses',
  quality: 'Code quality',
  maintainability: 'Maintainability',
  team: 'Team and history',
  configuration: 'Configuration',
};

export const RISK_COLOR: Record<'Low' | 'Medium' | 'High' | 'Critical', string> = {
  Low: '#2f855a',
  Medium: '#c98a00',
  High: '#d9480f',
  Critical: '#9b1c1c',
};

export const BRAND = {
  ink: '#1a202c',
  muted: '#5a6478',
  faint: '#a0aec0',
  rule: '#e2e8f0',
  panel: '#f5f7fa',
  accent: '#1f3a8a',
  accentSoft: '#e8edfb',
  code: '#f3f4f6',
};

export function scoreColor(score: number): string {
  return score >= 85 ? '#2f855a' : score >= 70 ? '#c98a00' : score >= 50 ? '#d9480f' : '#9b1c1c';
}

/** OWASP Top 10 2021, in its own order. Findings carry ids such as 'A03:2021-Injection'. */
export const OWASP_2021: { id: string; name: string }[] = [
  { id: 'A01', name: 'Broken Access Control' },
  { id: 'A02', name: 'Cryptographic Failures' },
  { id: 'A03', name: 'Injection' },
  { id: 'A04', name: 'Insecure Design' },
  { id: 'A05', name: 'Security Misconfiguration' },
  { id: 'A06', name: 'Vulnerable and Outdated Components' },
  { id: 'A07', name: 'Identification and Authentication Failures' },
  { id: 'A08', name: 'Software and Data Integrity Failures' },
  { id: 'A09', name: 'Security Logging and Monitoring Failures' },
  { id: 'A10', name: 'Server-Side Request Forgery' },
];

/** Short names for the CWEs our rules emit; others are shown by number only. */
export const CWE_NAME: Record<string, string> = {
  'CWE-20': 'Improper input validation',
  'CWE-22': 'Path traversal',
  'CWE-78': 'OS command injection',
  'CWE-79': 'Cross-site scripting',
  'CWE-89': 'SQL injection',
  'CWE-94': 'Code injection',
  'CWE-95': 'Eval injection',
  'CWE-200': 'Information exposure',
  'CWE-209': 'Error message information leak',
  'CWE-250': 'Execution with unnecessary privileges',
  'CWE-259': 'Hard-coded password',
  'CWE-284': 'Improper access control',
  'CWE-285': 'Improper authorization',
  'CWE-287': 'Improper authentication',
  'CWE-295': 'Improper certificate validation',
  'CWE-311': 'Missing encryption',
  'CWE-326': 'Inadequate encryption strength',
  'CWE-327': 'Broken crypto algorithm',
  'CWE-328': 'Weak hash',
  'CWE-330': 'Insufficient randomness',
  'CWE-338': 'Weak PRNG',
  'CWE-345': 'Insufficient verification of authenticity',
  'CWE-347': 'Improper signature verification',
  'CWE-352': 'Cross-site request forgery',
  'CWE-489': 'Debug code left enabled',
  'CWE-502': 'Unsafe deserialization',
  'CWE-532': 'Sensitive data in logs',
  'CWE-601': 'Open redirect',
  'CWE-611': 'XML external entities',
  'CWE-614': 'Cookie without Secure flag',
  'CWE-639': 'Authorization bypass via user-controlled key (IDOR)',
  'CWE-798': 'Hard-coded credentials',
  'CWE-829': 'Untrusted functionality inclusion',
  'CWE-915': 'Mass assignment',
  'CWE-918': 'Server-side request forgery',
  'CWE-942': 'Permissive CORS policy',
  'CWE-1004': 'Cookie without HttpOnly flag',
  'CWE-1104': 'Unmaintained third-party component',
  'CWE-1121': 'Excessive complexity',
  'CWE-1321': 'Prototype pollution',
  'CWE-1333': 'Regular expression DoS',
  'CWE-1336': 'Template injection',
  'CWE-1395': 'Vulnerable third-party component',
};

export function owaspKey(tag: string): string | null {
  const m = /^A(\d{2}):2021/.exec(tag);
  return m ? `A${m[1]}` : null;
}

export function formatDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

const LANGUAGE_NAME: Record<string, string> = {
  typescript: 'TypeScript',
  javascript: 'JavaScript',
  tsx: 'TSX',
  jsx: 'JSX',
  python: 'Python',
  java: 'Java',
  json: 'JSON',
  yaml: 'YAML',
  toml: 'TOML',
  dockerfile: 'Dockerfile',
  markdown: 'Markdown',
  shell: 'Shell',
  html: 'HTML',
  css: 'CSS',
  sql: 'SQL',
};

/** Engine language ids are lower-case keys; show their usual spelling. */
export function languageName(id: string): string {
  return LANGUAGE_NAME[id.toLowerCase()] ?? (id.length <= 4 ? id.toUpperCase() : id[0]!.toUpperCase() + id.slice(1));
}

/** Advisory source for display: a local path or URL is replaced by its kind, paths are never printed. */
export function advisorySource(source: string | undefined): string {
  if (!source) return 'OSV';
  if (source.includes('/') || source.includes('\\')) return 'OSV';
  return source;
}

export const fmtInt = (n: number) => n.toLocaleString('en-US');

/** A CVSS base score with its version ("9.3 v4", "7.5 v3"): v4.0 and v3.x scores are on different scales of risk. */
export function cvssLabel(score: number | undefined, vector: string | undefined): string {
  if (score === undefined) return '-';
  const version = /^CVSS:4\./.test(vector ?? '') ? ' v4' : /^CVSS:3\./.test(vector ?? '') ? ' v3' : '';
  return `${score.toFixed(1)}${version}`;
}
