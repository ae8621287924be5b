// A Content-Security-Policy written by the project that lets inline scripts run: 'unsafe-inline' in script-src (or
// in default-src when there is no script-src), with no nonce or hash beside it (a nonce or hash makes CSP2+ browsers
// ignore 'unsafe-inline'). Such a policy no longer stops injected <script> or onerror= markup, so XSS anywhere in
// the app runs. Matched where the policy is a literal: a header value the code sets, a helmet directive list, or
// django-csp's CSP_SCRIPT_SRC / CSP_DEFAULT_SRC settings. Style directives are left alone (inline styles are common
// and much less dangerous).
import type { SgNode } from '@ast-grep/napi';
import { isStaticString, stringValue } from '../patterns/nodes';
import { OWASP, cheatSheet, cweRef, defineRules, owaspRef } from './meta';

const SCRIPT_KEY = /^['"]?(script-?src|scriptSrc|script_src|default-?src|defaultSrc|default_src|CSP_SCRIPT_SRC|CSP_DEFAULT_SRC)['"]?$/i;
const NONCE_OR_HASH = /'(nonce-|sha(256|384|512)-)|strict-dynamic/i;

/** `script-src 'self' 'unsafe-inline'; ...` as one string: the directive that governs scripts allows inline code. */
function inlineScriptsAllowed(policy: string): boolean {
  const directives = new Map<string, string>();
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values.join(' '));
  }
  const governing = directives.get('script-src') ?? directives.get('default-src');
  return governing !== undefined && /'unsafe-inline'/i.test(governing) && !NONCE_OR_HASH.test(governing);
}

/** The string is set as a CSP header's value: the statement around it names the header. */
function headerPolicy(n: SgNode): boolean {
  if (!isStaticString(n) || !inlineScriptsAllowed(stringValue(n))) return false;
  const around = n.ancestors().slice(0, 4);
  return around.some((a) => /content-security-policy/i.test(a.text()) && /^(call|call_expression|assignment|assignment_expression|pair|arguments|argument_list|keyword_argument|expression_statement)$/.test(a.kind() as string));
}

/** `'unsafe-inline'` as one element of a directive's list (helmet, django-csp) with no nonce or hash among them. */
function directiveList(n: SgNode): boolean {
  if (!isStaticString(n) || stringValue(n).toLowerCase() !== "'unsafe-inline'") return false;
  const list = n.parent();
  if (!list || !/^(array|list|tuple)$/.test(list.kind() as string)) return false;
  if (NONCE_OR_HASH.test(list.text())) return false;
  const holder = list.parent();
  const k = holder?.kind() as string | undefined;
  const key = k === 'pair' ? holder!.field('key')?.text() : k === 'assignment' || k === 'expression_statement' ? holder!.field('left')?.text() : undefined;
  return !!key && SCRIPT_KEY.test(key);
}

const meta = {
  title: "Content-Security-Policy allows inline scripts ('unsafe-inline')",
  pack: 'misconfiguration' as const,
  severity: 'low' as const,
  confidence: 'high' as const,
  cwe: ['CWE-693'],
  owasp: [OWASP.A05],
  message: "The policy's script-src (or default-src) contains 'unsafe-inline' with no nonce or hash, so inline <script> and event-handler markup run.",
  impact: 'The policy no longer contains cross-site scripting: markup injected anywhere in the app can run script.',
  fix: { guidance: "Drop 'unsafe-inline' from script-src; move inline scripts to files or allow them with a per-response nonce or a hash.", example: "Content-Security-Policy: script-src 'self' 'nonce-<random per response>'" },
  references: [cweRef(693, 'Protection Mechanism Failure'), owaspRef('A05'), cheatSheet('Content_Security_Policy')],
};

export const cspPolicyRules = defineRules([
  {
    ...meta,
    id: 'py.misconfig.csp-unsafe-inline',
    languages: ['python'],
    tree: {
      python: [
        { keywords: ['unsafe-inline'], rule: { kind: 'string', regex: 'unsafe-inline' }, where: (n) => headerPolicy(n) || directiveList(n) },
      ],
    },
  },
  {
    ...meta,
    id: 'js.misconfig.csp-unsafe-inline',
    languages: ['javascript', 'typescript'],
    tree: {
      js: [
        { keywords: ['unsafe-inline'], rule: { any: [{ kind: 'string' }, { kind: 'template_string' }], regex: 'unsafe-inline' }, where: (n) => headerPolicy(n) || directiveList(n) },
      ],
    },
  },
]);
