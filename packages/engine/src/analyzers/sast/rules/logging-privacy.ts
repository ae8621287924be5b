// Logging/privacy pack: credentials and tokens passed to loggers (they end up in log files, SIEMs, support tools).
import type { SgNode } from '@ast-grep/napi';
import { callArgs, descendantsOfKind } from '../patterns/nodes';
import { OWASP, cheatSheet, cweRef, defineRules, javaCall, jsCall, owaspRef, pyCall, withText } from './meta';

const SENSITIVE_HINT = '(?i)(passw|passphrase|pwd|secret|token|api_?key|apikey|credit|card|cvv|ssn|private|session)';

const SENSITIVE = /(^|_)(password|passwd|pwd|passphrase|secret|client_secret|api_key|apikey|access_token|refresh_token|auth_token|id_token|token|session_id|credit_card|card_number|cvv|ssn|private_key)$/;
/** Wrappers that make the logged value harmless (masking, hashing, lengths, presence checks). */
const SAFE_WRAPPER = /(mask|redact|hash|sha\d*|len|length|bool|type|isinstance|is_none|scrub|obfuscate|anonymi[sz]e|truncate|\.size|count)\b/i;
const snake = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

const MEMBER = /^(member_expression|attribute|field_access)$/;
const memberName = (m: SgNode) => m.field('property')?.text() ?? m.field('attribute')?.text() ?? m.field('field')?.text() ?? '';
const ID_KINDS = new Set(['identifier', 'property_identifier', 'shorthand_property_identifier', 'field_identifier']);

/** Some logged argument names a credential (not only mentions it in a string) outside a masking wrapper. */
function logsSensitive(call: SgNode): boolean {
  for (const arg of callArgs(call)) {
    const ids = descendantsOfKind(arg, ID_KINDS);
    for (const id of ids) {
      if (!SENSITIVE.test(snake(id.text()))) continue;
      // Skip callee names (get_token()) and keyword names (password=...): only values count.
      const parent = id.parent();
      if (parent && /^(call|call_expression|method_invocation)$/.test(parent.kind() as string) && parent.field('function')?.id() === id.id()) continue;
      if (parent && (parent.kind() as string) === 'keyword_argument' && parent.field('name')?.id() === id.id()) continue;
      if (parent && (parent.kind() as string) === 'pair' && parent.field('key')?.id() === id.id()) continue;
      const wrapped = id.ancestors().some((a) => {
        if (a.id() === call.id()) return false;
        if (!/^(call|call_expression|method_invocation)$/.test(a.kind() as string)) return false;
        return SAFE_WRAPPER.test(a.field('function')?.text() ?? a.field('name')?.text() ?? '');
      });
      // `password.length` / `user.password.size()` log a size, not the value.
      const value = parent && MEMBER.test(parent.kind() as string) && parent.field('object')?.id() !== id.id() ? parent : id;
      const outer = value.parent();
      const sizeOf = !!outer && MEMBER.test(outer.kind() as string) && /^(length|size)$/.test(memberName(outer));
      if (!wrapped && !sizeOf) return true;
    }
  }
  return false;
}

const LOG_METHODS = '(debug|info|warning|warn|error|exception|critical|fatal|log|trace)';
const logRefs = [cweRef(532, 'Insertion of Sensitive Information into Log File'), owaspRef('A09'), cheatSheet('Logging')];
const base = {
  title: 'Credential or token written to logs',
  pack: 'logging-privacy' as const,
  severity: 'medium' as const,
  confidence: 'medium' as const,
  cwe: ['CWE-532'],
  owasp: [OWASP.A09],
  message: 'A password, secret, token or card number is passed to a logging call.',
  impact: 'Logs are widely readable and long-lived; credentials in them are effectively leaked.',
  references: logRefs,
};

export const loggingRules = defineRules([
  {
    ...base,
    id: 'py.logging.sensitive-data',
    signal: 'weak',
    languages: ['python'],
    fix: { guidance: 'Log an identifier or a masked value, never the secret itself.', example: "log.info('login for %s', user.id)" },
    tree: { python: [withText(pyCall(['log', 'LOG'], `(logging|log|logger|_logger|_log|LOG|LOGGER|self\\.(log|logger|_logger)|(current_)?app\\.logger)\\.${LOG_METHODS}`, logsSensitive), SENSITIVE_HINT)] },
  },
  {
    ...base,
    id: 'js.logging.sensitive-data',
    signal: 'weak',
    languages: ['javascript', 'typescript'],
    fix: { guidance: 'Log an identifier or a masked value; configure logger redaction paths (pino redact).', example: "logger.info({ userId: user.id }, 'login');" },
    tree: { js: [withText(jsCall(['console', 'log', 'LOG'], `(console|log|logger|LOG|LOGGER|winston|pino|this\\.(log|logger))\\.${LOG_METHODS}`, logsSensitive), SENSITIVE_HINT)] },
  },
  {
    ...base,
    id: 'java.logging.sensitive-data',
    signal: 'weak',
    languages: ['java'],
    fix: { guidance: 'Log an identifier or a masked value, never the secret itself.', example: 'log.info("login for user {}", user.getId());' },
    tree: { java: [withText(javaCall(['log', 'LOG', 'Log'], LOG_METHODS, logsSensitive, '(log|logger|LOG|LOGGER|LOGGER_|Logger|this\\.log(ger)?)'), SENSITIVE_HINT)] },
  },
]);
