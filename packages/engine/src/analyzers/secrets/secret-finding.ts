// A secret hit -> a 'secrets' finding. The value itself never goes into the finding: the id uses a hash of
// it, the snippet and message show it redacted.
import { createHash } from 'node:crypto';
import { fingerprint } from '../../fingerprint';
import { SEVERITIES, type Confidence, type Finding, type Severity } from '../../types';
import type { SecretHit } from './find-secrets';
import { redact, redactLine } from './redact';

const OWASP_A07 = 'A07:2021-Identification and Authentication Failures';

export const valueHash = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 24);

const JS_EXAMPLE = 'const apiKey = process.env.PAYMENT_API_KEY;';
/** Per language; config files and scripts get no example rather than one in the wrong language. */
const EXAMPLES: Record<string, string> = {
  python: 'api_key = os.environ["PAYMENT_API_KEY"]',
  java: 'String apiKey = System.getenv("PAYMENT_API_KEY");',
  javascript: JS_EXAMPLE,
  typescript: JS_EXAMPLE,
  tsx: JS_EXAMPLE,
};

export interface SecretFindingInput {
  hit: SecretHit;
  file: string;
  language: string | null;
  /** In a test, example or docs path: reported low/low as a likely test credential, for a reviewer to confirm. */
  nonProduction: boolean;
  /** Set for hits that exist only in git history. */
  commit?: { sha: string; date: string };
}

export function secretFinding({ hit, file, language, nonProduction, commit }: SecretFindingInput): Finding {
  const { rule, value, grade } = hit;
  const lower = (a: Severity, b: Severity): Severity => (SEVERITIES.indexOf(a) > SEVERITIES.indexOf(b) ? a : b);
  const capped = grade ? lower(rule.severity, grade.severity) : rule.severity;
  const severity: Severity = nonProduction ? lower(capped, 'low') : capped;
  const confidence: Confidence = nonProduction ? 'low' : rule.generic ? 'medium' : 'high';
  const notes = [
    nonProduction ? 'It sits in a test, example, development or documentation file: likely test credential; confirm it is not a real one.' : '',
    grade && !nonProduction ? grade.note : '',
    hit.lines.length > 1 ? `The same value appears on ${hit.occurrences} lines (${hit.lines.slice(0, 10).join(', ')}${hit.lines.length > 10 ? ', …' : ''}).` : '',
  ].filter(Boolean);
  const shown = redact(value);
  const where = commit
    ? `was committed to ${file} in ${commit.sha.slice(0, 8)} (${commit.date.slice(0, 10)}) and later removed, but it stays in the repository history`
    : `is hard-coded in ${file}`;
  return {
    id: fingerprint(rule.id, file, `${commit ? 'history:' : ''}${valueHash(value)}`),
    ruleId: rule.id,
    analyzer: 'secrets',
    category: 'secrets',
    title: commit ? `${rule.title} in git history` : rule.title,
    severity,
    confidence,
    cwe: ['CWE-798'],
    owasp: [OWASP_A07],
    location: { file, startLine: hit.line, endLine: hit.line },
    snippet: redactLine(hit.lineText, [value]),
    message: [`${rule.title} (${shown}) ${where}.`, ...notes].join(' '),
    impact: 'Anyone who can read the code or its history can use this credential until it is rotated.',
    fix: {
      guidance: `${rule.rotation} Removing it from the code is not enough: rotate first, then load it from the environment or a secret manager${commit ? ', and purge it from history (git filter-repo) if the repository is shared' : ''}.`,
      ...(language && EXAMPLES[language] ? { example: EXAMPLES[language] } : {}),
    },
    references: [
      { title: 'CWE-798: Use of Hard-coded Credentials', url: 'https://cwe.mitre.org/data/definitions/798.html' },
      { title: 'OWASP Secrets Management Cheat Sheet', url: 'https://cheatsheetseries.owasp.org/cheatsheets/Secrets_Management_Cheat_Sheet.html' },
    ],
    pack: rule.id.replace(/^secrets\//, ''),
    properties: {
      secretType: rule.id.replace(/^secrets\//, ''),
      redacted: shown,
      entropy: Math.round(hit.entropy * 100) / 100,
      occurrences: hit.occurrences,
      ...(hit.lines.length > 1 ? { lines: hit.lines.map(String) } : {}),
      ...(nonProduction ? { likelyTestCredential: true } : {}),
      ...(commit ? { commit: commit.sha, commitDate: commit.date, inHistoryOnly: true } : {}),
    },
  };
}
