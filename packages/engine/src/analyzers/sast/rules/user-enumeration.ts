// Account enumeration at sign-in (CWE-204): one function that checks a password answers "no such user" in one branch
// and "wrong password" in another, so anyone can tell which accounts exist. Matched on the wrong-password message;
// the function must also hold a distinct unknown-user message. A single message naming both ("username or password
// incorrect") is the fix, and log lines (which the client never sees) do not count.
import type { SgNode } from '@ast-grep/napi';
import { enclosingScope } from '../patterns/nodes';
import { OWASP, cweRef, defineRules, owaspRef } from './meta';

const WRONG_PASSWORD = /\b(password|passcode|pass phrase)\b[^\n]{0,40}?\b(is\s+)?(incorrect|not correct|wrong|invalid|does not match|doesn't match|mismatch)|\b(incorrect|wrong|invalid|bad)\s+password\b/i;
const UNKNOWN_USER =
  /\b(user(name)?|account|e-?mail|login)\b[^\n]{0,30}?\b(does not exist|doesn't exist|not exist|not found|unknown|not registered|no such)\b|\b(unknown|no such|nonexistent|non-existent)\s+(user(name)?|account|e-?mail)\b|\bno (user|account) (with|for|found)\b|^['"`]invalid\s+(user(name)?|login)['"`]$/i;
/** The function tests a password: a comparison with a password or a password-checking call. */
// (a field name compared with the word, `field === 'password'`, tests which field it is, not a password)
const CHECKS_PASSWORD = /password\w*['"\]]?\)?\s*(!==?|===?)(?!\s*['"])|(!==?|===?)\s*(?!['"])[\w.[\]'"]*password|check_?password|verify_?password|checkpw|bcrypt\w*\.compare|argon2\.verify|passwordMatches|comparePassword|isValidPassword|validPassword/i;
const LOG_CALL = /(^|\.)(log|logger|logging|debug|info|warn|warning|error|exception|critical|trace|print|console)\b|\blog\w*\./i;

/** A string that reaches the caller: not an argument of a logging call. */
function notLogged(s: SgNode): boolean {
  for (const a of s.ancestors()) {
    const k = a.kind() as string;
    if (k === 'call' || k === 'call_expression') {
      const fn = a.field('function')?.text() ?? '';
      if (LOG_CALL.test(fn)) return false;
    }
    if (/^(function_definition|function_declaration|function_expression|arrow_function|method_definition)$/.test(k)) return true;
  }
  return true;
}

/** The `where` of a wrong-password message: `stringKinds` are the grammar's string literal kinds. */
const enumerates = (stringKinds: string[]) => (n: SgNode): boolean => {
  const text = n.text();
  if (!WRONG_PASSWORD.test(text) || UNKNOWN_USER.test(text) || !notLogged(n)) return false;
  const scope = enclosingScope(n);
  // a callback handed to the password check (`users.validateLogin(name, password, (err, user) => ...)`) answers for it
  const handedTo = (scope.parent()?.kind() as string) === 'arguments' ? (scope.parent()?.parent()?.text() ?? '') : '';
  const checks = CHECKS_PASSWORD.test(scope.text()) || (/password/i.test(handedTo.replace(scope.text(), '')) && /login|sign_?in|auth/i.test(handedTo.replace(scope.text(), '')));
  if (scope.id() === n.id() || !checks) return false;
  return stringKinds.some((kind) => scope.findAll({ rule: { kind } }).some((s) => UNKNOWN_USER.test(s.text()) && !/password/i.test(s.text()) && notLogged(s)));
};

const meta = {
  title: 'Sign-in tells unknown users from wrong passwords',
  pack: 'auth-session' as const,
  severity: 'low' as const,
  confidence: 'medium' as const,
  cwe: ['CWE-204'],
  owasp: [OWASP.A07],
  message: 'The sign-in code answers differently for an unknown account and for a wrong password.',
  impact: 'Anyone can find out which accounts (user names, e-mail addresses) exist, then target them with password guessing or phishing.',
  fix: { guidance: 'Answer every failed sign-in with the same message, status and timing.', example: "return error('Invalid username or password', 401)" },
  references: [cweRef(204, 'Observable Response Discrepancy'), owaspRef('A07')],
};

export const userEnumerationRules = defineRules([
  {
    ...meta,
    id: 'py.auth.user-enumeration',
    languages: ['python'],
    tree: { python: [{ keywords: ['assword'], rule: { kind: 'string' }, where: enumerates(['string']) }] },
  },
  {
    ...meta,
    id: 'js.auth.user-enumeration',
    languages: ['javascript', 'typescript'],
    tree: { js: [{ keywords: ['assword'], rule: { any: [{ kind: 'string' }, { kind: 'template_string' }] }, where: enumerates(['string', 'template_string']) }] },
  },
]);
