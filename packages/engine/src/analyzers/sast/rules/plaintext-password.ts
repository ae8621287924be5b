// Passwords kept in plain text (CWE-256): a sign-in compares the stored record's password field with the submitted
// password as it is (`user[0].password == req.body.password`, `if user.password == form.password.data`), so the
// store holds every password readable. A comparison through a hash or KDF call, or of a field named as a hash
// (`password_hash`, `hashedPassword`), is how stored passwords are checked; two submitted values (`password ===
// confirmPassword`) compare the form with itself; a constant is a placeholder test; a user found by searching an
// in-memory list (`settings.users.find((user) => ...)`) is one the operator configured, not a stored account.
import type { SgNode } from '@ast-grep/napi';
import { resolveLocal } from '../patterns/nodes';
import { OWASP, cheatSheet, cweRef, defineRules, owaspRef } from './meta';

/** A read of a record's password field: `user.password`, `rows[0].password`, `account['password']`. */
const STORED_FIELD = /^(?<record>[\w$]+(\[\d+\])?)(\.|\[['"])(password|passwd|pwd)(['"]\])?$/i;
/**
 * Names of a stored account record (`user`, `users[0]`, `account`, `row`): not the submitted form, the server's own
 * configuration (`self.password`, `DEFAULT_CONFIG.password`) or a shared secret of a channel or team.
 */
const ACCOUNT_RECORD = /^(user|users|account|accounts|admin|admins|member|members|customer|customers|row|rows|record|records|result|results|found|existing|db_?user|user_?record|user_?row|u)$/i;
/** The other side: the submitted password, as a request field or a local named for it. */
const SUBMITTED = /^((req|request)\.(body|query|params|form|json|args|POST|GET)(\.|\[['"])\w*(password|passwd|pwd|pass)\w*(['"]\])?|[\w$]*(password|passwd|pwd|pass)[\w$]*|(form|body|data|payload|credentials?|dto)\.(password|passwd|pwd)(\.data)?)$/i;
const HASHED = /hash|digest|crypt|confirm|repeat|again|verify|old|new|current|reset|temp/i;

/** Array methods that search an in-memory list (`settings.users.find((user) => ...)`): the list is configuration. */
const LIST_SEARCH = /\.(find|findIndex|findLast|some|every|filter)$/;

/**
 * `record` is the parameter of a callback searching an in-memory list (users kept in a settings file or an
 * environment variable), not a row a database query returned (`.then(user => ...)` is a query's result).
 */
function searchedList(n: SgNode, record: string): boolean {
  const fn = n.ancestors().find((a) => /^(arrow_function|function_expression|function|lambda)$/.test(a.kind() as string));
  if (!fn) return false;
  const params = fn.field('parameters')?.text() ?? fn.field('parameter')?.text() ?? '';
  if (!new RegExp(`(^|[(,\\s])${record.replace(/\$/g, '\\$')}([),\\s:=]|$)`).test(params)) return false;
  const call = fn.parent()?.parent();
  return (call?.kind() as string) === 'call_expression' && LIST_SEARCH.test(call?.field('function')?.text() ?? '');
}

/** The submitted side is a local the function set to a hash of it (`const password = createHmac(...).update(pass).digest('hex')`). */
function hashedLocal(n: SgNode, name: string): boolean {
  if (!/^[\w$]+$/.test(name)) return false;
  const side = n.children().find((c) => c.isNamed() && c.text().trim() === name);
  const value = resolveLocal(side);
  return !!value && value !== side && HASH_CALL.test(value.text());
}
const HASH_CALL = /\.digest\(|\b(createHash|createHmac|hash|hashSync|pbkdf2\w*|scrypt\w*|argon2\.\w+|bcrypt\.\w+|sha\d+|md5)\s*\(/i;

function plaintextCompare(n: SgNode): boolean {
  const children = n.children();
  const op = children.find((c) => !c.isNamed())?.text() ?? '';
  if (!/^(===?|!==?)$/.test(op)) return false;
  const sides = children.filter((c) => c.isNamed());
  if (sides.length !== 2) return false;
  const [a, b] = sides.map((s) => s.text().trim()) as [string, string];
  return [
    [a, b],
    [b, a],
  ].some(([stored, submitted]) => {
    const m = STORED_FIELD.exec(stored!);
    if (!m?.groups || !ACCOUNT_RECORD.test(m.groups.record!.replace(/\[\d+\]$/, ''))) return false;
    if (searchedList(n, m.groups.record!)) return false;
    return SUBMITTED.test(submitted!) && !HASHED.test(submitted!) && !HASHED.test(stored!) && !hashedLocal(n, submitted!);
  });
}

const base = {
  title: 'Password compared in plain text',
  pack: 'crypto' as const,
  severity: 'medium' as const,
  confidence: 'medium' as const,
  cwe: ['CWE-256'],
  owasp: [OWASP.A02],
  message: "The stored record's password is compared with the submitted one as it is: passwords are kept in plain text.",
  impact: 'Anyone who reads the user table (a backup, an injection, an insider) has every password, often reused elsewhere.',
  references: [cweRef(256, 'Plaintext Storage of a Password'), owaspRef('A02'), cheatSheet('Password_Storage')],
};

export const plaintextPasswordRules = defineRules([
  {
    ...base,
    id: 'js.crypto.plaintext-password-compare',
    languages: ['javascript', 'typescript'],
    fix: { guidance: 'Store a slow salted hash (argon2, bcrypt, scrypt) and check sign-ins with its verify function.', example: 'if (!(await argon2.verify(user.passwordHash, req.body.password))) return res.sendStatus(401);' },
    tree: { js: [{ keywords: ['assword', 'pwd', 'passwd'], rule: { kind: 'binary_expression' }, where: plaintextCompare }] },
  },
  {
    ...base,
    id: 'py.crypto.plaintext-password-compare',
    languages: ['python'],
    fix: { guidance: "Store a slow salted hash (Django's make_password, Werkzeug's generate_password_hash, argon2) and check it with the library's verify function.", example: 'if not check_password_hash(user.password_hash, form.password.data):\n    abort(401)' },
    tree: { python: [{ keywords: ['assword', 'pwd', 'passwd'], rule: { kind: 'comparison_operator' }, where: plaintextCompare }] },
  },
]);
