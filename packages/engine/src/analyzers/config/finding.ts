// Turns a rule hit into a Finding. The fingerprint key is the rule's subject (image, action, setting), not the
// line number, so ids survive edits elsewhere in the file.
import { fingerprint } from '../../fingerprint';
import type { Finding } from '../../types';
import type { ConfigRule } from './rules';

export interface Hit {
  rule: ConfigRule;
  file: string;
  /** 1-based. */
  line: number;
  /** What the finding is about (image name, action, setting): identity for the fingerprint. */
  key: string;
  /** The offending line (never contains a secret value: callers redact). */
  snippet?: string;
  /** Specific detail appended to the rule's message. */
  detail?: string;
  properties?: Finding['properties'];
  /** Overrides the rule's severity where the context limits the impact. */
  severity?: Finding['severity'];
}

export function toFinding(hit: Hit): Finding {
  const { rule } = hit;
  return {
    id: fingerprint(rule.id, hit.file, hit.key),
    ruleId: rule.id,
    analyzer: 'config',
    category: 'configuration',
    title: rule.title,
    severity: hit.severity ?? rule.severity,
    confidence: rule.confidence,
    cwe: rule.cwe,
    owasp: rule.owasp,
    location: { file: hit.file, startLine: hit.line, endLine: hit.line },
    ...(hit.snippet ? { snippet: hit.snippet.trim().slice(0, 300) } : {}),
    message: hit.detail ? `${rule.message} ${hit.detail}` : rule.message,
    impact: rule.impact,
    fix: rule.fix,
    references: rule.references,
    ...(hit.properties ? { properties: hit.properties } : {}),
  };
}

/** Secret-looking variable names (PASSWORD, API_KEY, TOKEN...), not flags about them (PASSWORD_MIN_LENGTH). */
export const SECRET_NAME = /(?:^|_)(?:PASSWORD|PASSWD|SECRET|TOKEN|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|CREDENTIALS?)(?:$|_)/i;
const NOT_A_SECRET = /(?:_(?:FILE|PATH|URL|HOST|PORT|USER|USERNAME|NAME|ID|LENGTH|MIN|MAX|TTL|EXPIRY|EXPIRES|HEADER|ENABLED|DIR|PERIOD|TIMEOUT|INTERVAL|LIFETIME|DURATION|SECONDS|MINUTES|HOURS|DAYS|SIZE|COUNT|ALGORITHM|TYPE|VERSION)$)/i;

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name) && !NOT_A_SECRET.test(name);
}

/** Value that only references another variable or is empty: not a literal secret. */
export function isReference(value: string): boolean {
  const v = value.trim().replace(/^["']|["']$/g, '');
  return v === '' || /^\$\{?[A-Za-z_][\w]*\}?$/.test(v) || /^\$\{\{.*\}\}$/.test(v) || /^<.*>$/.test(v) || /^(?:changeme|change-me|xxx+|\*+)$/i.test(v);
}
