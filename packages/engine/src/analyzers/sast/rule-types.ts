// SAST rule metadata: rules are data. Pattern rules and taint rules share this shape so the catalogue
// (docs/rules.md), the report and SARIF read one thing.
import type { RuleDescription } from '../../types';

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
  | 'yaml'
  /** Server-side templates and component templates (EJS, Pug, Handlebars, Jinja2/Django, Vue, Angular). */
  | 'template';

export interface RuleMeta extends RuleDescription {
  pack: PackId;
  languages: RuleLanguage[];
}
