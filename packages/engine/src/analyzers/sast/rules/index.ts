// All pattern rules, in pack order. Rule ids are stable: baselines and suppressions reference them.
import type { PatternRule } from '../patterns/types';
import { accessControlRules } from './access-control';
import { attributeMassUpdateRules } from './attribute-mass-update';
import { authRules } from './auth-session';
import { corsReflectionRules } from './cors-reflection';
import { cryptoRules } from './crypto';
import { cspPolicyRules } from './csp-policy';
import { tlsRules } from './crypto-tls';
import { deserializationRules } from './deserialization';
import { dosRules } from './dos-redos';
import { frontEndXssRules } from './front-end-xss';
import { iacRules } from './iac-ci';
import { injectionRules } from './injection';
import { loggingRules } from './logging-privacy';
import { misconfigurationRules } from './misconfiguration';
import { objectLookupOwnerRules } from './object-lookup-owner';
import { passwordHashingRules } from './password-hashing';
import { plaintextPasswordRules } from './plaintext-password';
import { plaintextPasswordStorageRules } from './plaintext-password-storage';
import { pathRules } from './path-file';
import { secretInResponseRules } from './secret-in-response';
import { secretsRules } from './secrets-in-code';
import { sessionFixationRules } from './session-fixation';
import { cipherKeyRules, signingKeyRules } from './signing-keys';
import { sqlAuditRules } from './sql-audit';
import { stackTraceExposureRules } from './stack-trace-exposure';
import { ssrfRedirectRules } from './ssrf-redirect';
import { supplyChainRules } from './supply-chain';
import { templateFromStringRules } from './template-from-string';
import { templateXssRules } from './template-xss';
import { unsignedCookieStateRules } from './unsigned-cookie-state';
import { userEnumerationRules } from './user-enumeration';
import { xssRules } from './xss';

export const PATTERN_RULES: readonly PatternRule[] = [
  ...injectionRules,
  ...sqlAuditRules,
  ...templateFromStringRules,
  ...xssRules,
  ...templateXssRules,
  ...frontEndXssRules,
  ...cryptoRules,
  ...passwordHashingRules,
  ...plaintextPasswordRules,
  ...plaintextPasswordStorageRules,
  ...tlsRules,
  ...cspPolicyRules,
  ...secretsRules,
  ...signingKeyRules,
  ...cipherKeyRules,
  ...authRules,
  ...userEnumerationRules,
  ...sessionFixationRules,
  ...unsignedCookieStateRules,
  ...accessControlRules,
  ...attributeMassUpdateRules,
  ...objectLookupOwnerRules,
  ...pathRules,
  ...ssrfRedirectRules,
  ...deserializationRules,
  ...misconfigurationRules,
  ...corsReflectionRules,
  ...supplyChainRules,
  ...iacRules,
  ...loggingRules,
  ...stackTraceExposureRules,
  ...secretInResponseRules,
  ...dosRules,
];
