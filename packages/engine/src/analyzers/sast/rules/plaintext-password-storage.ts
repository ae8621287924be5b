// Passwords stored in plain text (CWE-256), where they are written (plaintext-password.ts finds the comparison at sign-in):
// a password from the request written to the database as it came: an INSERT or UPDATE whose password column takes a
// request value, in a handler that hashes nothing (CWE-256). Whoever reads the table (a backup, an injection, an
// insider) then holds every user's password, which most users also use elsewhere. Only SQL text is read: an ORM model
// may hash in a setter or a save hook this rule does not see, and a value hashed by the caller arrives under another
// name than the request's.
import type { SgNode } from '@ast-grep/napi';
import { JS_REQUEST, PY_REQUEST, SQL_PLACEHOLDER, jsRequestNames, pyRequestNames } from '../access/idor';
import { withoutCommentLines } from '../access/route';
import { OWASP, cheatSheet, cweRef, defineRules, owaspRef } from './meta';

const PASSWORD_COLUMN = /^["'`[]?(password|passwd|pwd|pass|user_?password)["'`\]]?$/i;
const WRITE_SQL = /^\W*(INSERT\s+(OR\s+\w+\s+)?INTO|UPDATE)\b/i;
/** Hashing or key derivation anywhere in the handler: the password that is stored may be the hash. */
const HASHING = /bcrypt|argon2|scrypt|pbkdf2|hash|\bcrypt\b|digest|\bmake_password\b|(?<![a-z])set_password\b|passlib|pwd_context|encrypt/i;

/** Top-level comma split (commas inside parentheses or quotes stay). */
function splitTop(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote = '';
  let cur = '';
  for (const ch of text) {
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'" || ch === '`') quote = ch;
    else if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') depth--;
    else if (ch === ',' && depth === 0) {
      out.push(cur.trim());
      cur = '';
      continue;
    }
    cur += ch;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

/** The value written to the password column, as written in the SQL text (`${password}`, `'{pw}'`, `?`). */
function passwordSlot(sql: string): { value: string; placeholderIndex?: number } | undefined {
  const placeholdersBefore = (upTo: number) => (sql.slice(0, upTo).match(/\?|%s|\$\d+|(?<![\w:]):\w+|%\(\w+\)s/g) ?? []).length;
  const insert = /\(([^()]*)\)\s*VALUES\s*\(([\s\S]*)\)/i.exec(sql);
  if (insert) {
    const columns = splitTop(insert[1]!);
    const values = splitTop(insert[2]!);
    const at = columns.findIndex((c) => PASSWORD_COLUMN.test(c));
    if (at < 0 || at >= values.length) return undefined;
    const value = values[at]!.replace(/^['"]|['"]$/g, '');
    if (!SQL_PLACEHOLDER.test(value)) return { value };
    return { value, placeholderIndex: values.slice(0, at).filter((v) => SQL_PLACEHOLDER.test(v.replace(/^['"]|['"]$/g, ''))).length };
  }
  const set = /\bSET\b[\s\S]*?\b(password|passwd|pwd|pass|user_?password)["'`\]]?\s*=\s*('?\$?\{[^}]*\}'?|"?\$?\{[^}]*\}"?|\?|%s|\$\d+|:\w+|%\(\w+\)s)/i.exec(sql);
  if (!set) return undefined;
  const value = set[2]!.replace(/^['"]|['"]$/g, '');
  return SQL_PLACEHOLDER.test(value) ? { value, placeholderIndex: placeholdersBefore(set.index + set[0].length - set[2]!.length) } : { value };
}

/** The expression an interpolation slot holds: `${password}` -> password, `{new_password}` -> new_password. */
const slotExpression = (value: string) => /^\$?\{\s*([^}]*?)\s*\}$/.exec(value)?.[1];

function storesRequestPassword(node: SgNode, lang: 'js' | 'py'): boolean {
  const sql = node.text().replace(/^[fbru]*(`|"""|'''|"|')/i, '');
  if (!WRITE_SQL.test(sql)) return false;
  const slot = passwordSlot(sql);
  if (!slot) return false;
  const fn = node.ancestors().find((a) => /^(function_declaration|function_expression|arrow_function|method_definition|function_definition)$/.test(a.kind() as string));
  if (!fn) return false;
  const fnText = withoutCommentLines(fn.text());
  if (HASHING.test(fnText.replace(node.text(), ''))) return false;
  let expr: string | undefined;
  if (slot.placeholderIndex === undefined) expr = slotExpression(slot.value);
  else {
    // the parameters: the call's argument after the SQL text (`db.run(sql, [a, b])`, `cursor.execute(sql, (a, b))`)
    const call = node.ancestors().find((a) => /^(call_expression|call)$/.test(a.kind() as string));
    const args = (call?.field('arguments')?.children() ?? []).filter((c) => c.isNamed() && (c.kind() as string) !== 'comment');
    const params = args[args.indexOf(args.find((a) => a.range().end.index >= node.range().end.index) ?? args[0]!) + 1];
    if (!params) return false;
    expr = splitTop(params.text().replace(/^[[(]|,?\s*[\])]$/g, ''))[slot.placeholderIndex];
  }
  if (!expr || /hash|digest|crypt/i.test(expr)) return false;
  const names = lang === 'js' ? jsRequestNames(fnText) : pyRequestNames(fnText);
  const fromRequest = lang === 'js' ? JS_REQUEST.test(expr) : PY_REQUEST.test(expr);
  return fromRequest || names.has(expr.trim());
}

const meta = (lang: 'js' | 'py') => ({
  id: `${lang}.crypto.plaintext-password-storage`,
  title: 'Password stored in plain text',
  pack: 'crypto' as const,
  languages: lang === 'js' ? (['javascript', 'typescript'] as const) : (['python'] as const),
  severity: 'medium' as const,
  confidence: 'medium' as const,
  cwe: ['CWE-256'],
  owasp: [OWASP.A02],
  message: "A password from the request is written to the database's password column as it came, and the handler hashes nothing.",
  impact: "Whoever reads the users table (a backup, a SQL injection, an insider) holds every user's password, which many users also use on other sites.",
  fix: {
    guidance: 'Store a slow salted hash (argon2id, bcrypt, scrypt) of the password and compare with the library\'s verify function at sign-in.',
    example: lang === 'js' ? "const hash = await bcrypt.hash(password, 12);\ndb.run('INSERT INTO users (username, password) VALUES (?, ?)', [username, hash]);" : "cursor.execute('INSERT INTO users (username, password) VALUES (%s, %s)', (name, generate_password_hash(password)))",
  },
  references: [cweRef(256, 'Plaintext Storage of a Password'), owaspRef('A02'), cheatSheet('Password_Storage')],
});

export const plaintextPasswordStorageRules = defineRules([
  {
    ...meta('js'),
    languages: ['javascript', 'typescript'],
    tree: { js: [{ keywords: ['INSERT', 'UPDATE', 'insert', 'update'], rule: { any: [{ kind: 'template_string' }, { kind: 'string' }] }, where: (n) => storesRequestPassword(n, 'js') }] },
  },
  {
    ...meta('py'),
    languages: ['python'],
    tree: { python: [{ keywords: ['INSERT', 'UPDATE', 'insert', 'update'], rule: { kind: 'string' }, where: (n) => storesRequestPassword(n, 'py') }] },
  },
]);
