// All pattern rules, in pack order. Rule ids are stable: baselines and suppressions reference them.
import type { PatternRule } from '../patterns/types';
import { accessControlRules } from './access-control';
import { authRules } from './auth-session';
import { cryptoRules } from './crypto';
import { tlsRules } from './crypto-tls';
import { deserializationRules } from './deserialization';
import { dosRules } from './dos-redos';
import { iacRules } from './iac-ci';
import { injectionRules } from './injection';
import { loggingRules } from './logging-privacy';
import { misconfigurationRules } from './misconfiguration';
import { pathRules } from './path-file';
import { secretsRules } from './secrets-in-code';
import { ssrfRedirectRules } from './ssrf-redirect';
import { supplyChainRules } from './supply-chain';
import { xssRules } from './xss';

export const PATTERN_RULES: readonly PatternRule[] = [
  ...injectionRules,
  ...xssRules,
  ...cryptoRules,
  ...tlsRules,
  ...secretsRules,
  ...authRules,
  ...accessControlRules,
  ...pathRules,
  ...ssrfRedirectRules,
  ...deserializationRules,
  ...misconfigurationRules,
  ...supplyChainRules,
  ...iacRules,
  ...loggingRules,
  ...dosRules,
];
