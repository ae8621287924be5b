// SAST rule metadata: rules are data. Pattern rules and taint rules share this shape so the catalogue
// (docs/rules.md), the report and SARIF read one thing.
import type { Confidence, Reference, Severity } from '../../types';

/** The 14 rule packs. Tiers run a prefix of PACK_ORDER: Pro 4, Enterprise 8, Ultra 14 (see tiers.ts). */
export const PACK_ORDER = [
  'injection',
  'xss',
  'crypto',
  'secrets-in-code',
  'auth-session',
  'access-control',
  'path-file',
  'ssrf-redirect',
  'deserialization',
  'misconfiguration',
  'supply-chain',
  'iac-ci',
  'logging-privacy',
  'dos-redos',
] as const;
export type PackId = (typeof PACK_ORDER)[number];

/** Code languages, plus the file formats that configuration/supply-chain rules read without a tree. */
export type RuleLanguage =
  | 'python'
  | 'javascript'
  | 'typescript'
  | 'java'
  | 'npm-manifest'
  | 'pip-requirements'
  | 'dockerfile'
  | 'terraform'
  | 'yaml';

export interface RuleMeta {
  /** e.g. 'py.injection.sql-taint'. Stable: baselines and suppressions reference it. */
  id: string;
  title: string;
  pack: PackId;
  languages: RuleLanguage[];
  severity: Severity;
  confidence: Confidence;
  cwe: string[];
  /** OWASP Top 10 2021, e.g. 'A03:2021-Injection'. */
  owasp: string[];
  message: string;
  impact: string;
  fix: { guidance: string; example: string };
  references: Reference[];
}
