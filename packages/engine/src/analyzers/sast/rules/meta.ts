// Shared metadata and matcher builders for the rule files: OWASP Top 10 2021 names, reference links, and the
// handful of structural shapes (calls, constructors) most rules start from.
import type { SgNode } from '@ast-grep/napi';
import type { Reference } from '../../../types';
import type { PatternRule, TreeMatcher } from '../patterns/types';

export const OWASP = {
  A01: 'A01:2021-Broken Access Control',
  A02: 'A02:2021-Cryptographic Failures',
  A03: 'A03:2021-Injection',
  A04: 'A04:2021-Insecure Design',
  A05: 'A05:2021-Security Misconfiguration',
  A06: 'A06:2021-Vulnerable and Outdated Components',
  A07: 'A07:2021-Identification and Authentication Failures',
  A08: 'A08:2021-Software and Data Integrity Failures',
  A09: 'A09:2021-Security Logging and Monitoring Failures',
  A10: 'A10:2021-Server-Side Request Forgery',
} as const;

const OWASP_SLUG: Record<string, string> = {
  A01: 'A01_2021-Broken_Access_Control',
  A02: 'A02_2021-Cryptographic_Failures',
  A03: 'A03_2021-Injection',
  A04: 'A04_2021-Insecure_Design',
  A05: 'A05_2021-Security_Misconfiguration',
  A06: 'A06_2021-Vulnerable_and_Outdated_Components',
  A07: 'A07_2021-Identification_and_Authentication_Failures',
  A08: 'A08_2021-Software_and_Data_Integrity_Failures',
  A09: 'A09_2021-Security_Logging_and_Monitoring_Failures',
  A10: 'A10_2021-Server-Side_Request_Forgery_%28SSRF%29',
};

export function cweRef(n: number, title: string): Reference {
  return { title: `CWE-${n}: ${title}`, url: `https://cwe.mitre.org/data/definitions/${n}.html` };
}

export function owaspRef(key: keyof typeof OWASP): Reference {
  return { title: `OWASP Top 10 2021 ${OWASP[key]}`, url: `https://owasp.org/Top10/${OWASP_SLUG[key]}/` };
}

export function cheatSheet(name: string): Reference {
  return {
    title: `OWASP ${name.replace(/_/g, ' ')} Cheat Sheet`,
    url: `https://cheatsheetseries.owasp.org/cheatsheets/${name}_Cheat_Sheet.html`,
  };
}

/** Identity helper so rule objects are checked against PatternRule where they are written. */
export function defineRules(rules: PatternRule[]): PatternRule[] {
  return rules;
}

type Where = (node: SgNode) => boolean;

/** Python call whose callee text matches `callee` (a regex source, anchored). */
export function pyCall(keywords: string[], callee: string, where?: Where): TreeMatcher {
  return { keywords, rule: { kind: 'call', has: { field: 'function', regex: `^(${callee})$` } }, ...(where ? { where } : {}) };
}

/** JS/TS call whose callee text matches `callee`. */
export function jsCall(keywords: string[], callee: string, where?: Where): TreeMatcher {
  return {
    keywords,
    rule: { kind: 'call_expression', has: { field: 'function', regex: `^(${callee})$` } },
    ...(where ? { where } : {}),
  };
}

/** JS/TS `new X(...)`. */
export function jsNew(keywords: string[], ctor: string, where?: Where): TreeMatcher {
  return {
    keywords,
    rule: { kind: 'new_expression', has: { field: 'constructor', regex: `^(${ctor})$` } },
    ...(where ? { where } : {}),
  };
}

/** Java method call by method name (and optionally receiver text). */
export function javaCall(keywords: string[], method: string, where?: Where, receiver?: string): TreeMatcher {
  const rule: TreeMatcher['rule'] = receiver
    ? { kind: 'method_invocation', all: [{ has: { field: 'name', regex: `^(${method})$` } }, { has: { field: 'object', regex: `^(${receiver})$` } }] }
    : { kind: 'method_invocation', has: { field: 'name', regex: `^(${method})$` } };
  return { keywords, rule, ...(where ? { where } : {}) };
}

/** Java `new T(...)`. */
export function javaNew(keywords: string[], type: string, where?: Where): TreeMatcher {
  return {
    keywords,
    rule: { kind: 'object_creation_expression', has: { field: 'type', regex: `^(${type})$` } },
    ...(where ? { where } : {}),
  };
}

/** Adds a regex on the matched node's text, evaluated inside ast-grep: few candidates reach the JS predicate. */
export function withText(m: TreeMatcher, regex: string): TreeMatcher {
  return { ...m, rule: { ...m.rule, regex } };
}

/** Names that say "this value is a credential or a security token". */
export const SECURITY_NAME =
  /(passw(or)?d|passwd|\bpwd|secret|token|nonce|\bsalt\b|\botp\b|csrf|xsrf|session_?(id|key|token)|sessionid|api_?key|apikey|auth_?(code|key)|remember_?me|reset_?(token|code|key|link)|credential|captcha|verification_?code|private_?key|signing_?key|cookie)/i;
