// Taint rule metadata: one rule per (language, sink kind). Data only; the catalogue and reports read it.
import type { PackId, RuleLanguage, RuleMeta } from '../rule-types';
import type { SinkKind } from './value';

interface KindMeta {
  slug: string;
  pack: PackId;
  title: string;
  severity: RuleMeta['severity'];
  cwe: string[];
  owasp: string[];
  message: string;
  impact: string;
  guidance: string;
  example: { py?: string; js?: string };
  references: RuleMeta['references'];
  /** Languages whose model reports this kind; both when absent. */
  langs?: readonly ('py' | 'js')[];
}

const A03 = 'A03:2021-Injection';
const owaspRef = (title: string, url: string) => ({ title, url });
const cweRef = (id: number, title: string) => ({ title: `CWE-${id}: ${title}`, url: `https://cwe.mitre.org/data/definitions/${id}.html` });

export const KIND_META: Record<SinkKind, KindMeta> = {
  sql: {
    slug: 'injection.sql-taint', pack: 'injection', title: 'SQL injection from user input', severity: 'critical', cwe: ['CWE-89'], owasp: [A03],
    message: 'User-controlled data reaches a SQL query string.',
    impact: 'An attacker can read, change or delete database data and sometimes run commands on the database host.',
    guidance: 'Use parameterized queries: keep the SQL text constant and pass user values as parameters.',
    example: { py: 'cur.execute("SELECT * FROM users WHERE name = ?", (name,))', js: "db.query('SELECT * FROM users WHERE name = $1', [name])" },
    references: [cweRef(89, 'SQL Injection'), owaspRef('OWASP SQL Injection Prevention Cheat Sheet', 'https://cheatsheetseries.owasp.org/cheatsheets/SQL_Injection_Prevention_Cheat_Sheet.html')],
  },
  command: {
    slug: 'injection.command-taint', pack: 'injection', title: 'OS command injection from user input', severity: 'critical', cwe: ['CWE-78'], owasp: [A03],
    message: 'User-controlled data reaches an operating-system command.',
    impact: 'An attacker can run arbitrary commands on the server with the application\'s privileges.',
    guidance: 'Do not build shell commands from input. Run a fixed program with an argument list and no shell; validate arguments against an allow-list.',
    example: { py: 'subprocess.run(["convert", "--", safe_name], check=True)', js: "execFile('convert', ['--', safeName])" },
    references: [cweRef(78, 'OS Command Injection'), owaspRef('OWASP OS Command Injection Defense Cheat Sheet', 'https://cheatsheetseries.owasp.org/cheatsheets/OS_Command_Injection_Defense_Cheat_Sheet.html')],
  },
  code: {
    slug: 'injection.code-taint', pack: 'injection', title: 'Code injection from user input', severity: 'critical', cwe: ['CWE-94', 'CWE-95'], owasp: [A03],
    message: 'User-controlled data is evaluated as code.',
    impact: 'An attacker can run arbitrary code inside the application process.',
    guidance: 'Never evaluate input. Parse data with a data-only parser (json, ast.literal_eval) or map input to predefined operations.',
    example: { py: 'value = ast.literal_eval(text)', js: 'const value = JSON.parse(text);' },
    references: [cweRef(94, 'Code Injection'), owaspRef('OWASP Code Injection', 'https://owasp.org/www-community/attacks/Code_Injection')],
  },
  template: {
    slug: 'injection.template-taint', pack: 'injection', title: 'Server-side template injection from user input', severity: 'critical', cwe: ['CWE-1336', 'CWE-94'], owasp: [A03],
    message: 'User-controlled data is compiled as a template.',
    impact: 'Template expressions can read secrets and often run arbitrary code on the server.',
    guidance: 'Keep templates constant and pass user data as template variables.',
    example: { py: 'render_template_string("Hello {{ name }}", name=name)', js: "res.render('hello', { name })" },
    references: [cweRef(1336, 'Template Injection'), owaspRef('PortSwigger: Server-side template injection', 'https://portswigger.net/web-security/server-side-template-injection')],
  },
  ldap: {
    slug: 'injection.ldap-taint', pack: 'injection', title: 'LDAP injection from user input', severity: 'high', cwe: ['CWE-90'], owasp: [A03],
    message: 'User-controlled data reaches an LDAP search filter or base DN.',
    impact: 'An attacker can change the LDAP query to read other entries or bypass authentication.',
    guidance: 'Escape values with an LDAP filter escaper before building the filter, or validate them against an allow-list.',
    example: { py: 'conn.search(base, f"(uid={escape_filter_chars(uid)})")', js: "client.search(base, { filter: new EqualityFilter({ attribute: 'uid', value: uid }) })" },
    references: [cweRef(90, 'LDAP Injection'), owaspRef('OWASP LDAP Injection Prevention Cheat Sheet', 'https://cheatsheetseries.owasp.org/cheatsheets/LDAP_Injection_Prevention_Cheat_Sheet.html')],
  },
  xpath: {
    slug: 'injection.xpath-taint', pack: 'injection', title: 'XPath injection from user input', severity: 'high', cwe: ['CWE-643'], owasp: [A03],
    message: 'User-controlled data is concatenated into an XPath expression.',
    impact: 'An attacker can change the query to read other XML data or bypass checks.',
    guidance: 'Use XPath variables for user values instead of string building.',
    example: { py: 'root.xpath("//user[@id=$uid]", uid=uid)', js: "xpath.select('//user[@id=$uid]', doc, { uid })" },
    references: [cweRef(643, 'XPath Injection'), owaspRef('OWASP XPath Injection', 'https://owasp.org/www-community/attacks/XPATH_Injection')],
  },
  xxe: {
    slug: 'injection.xxe-taint', pack: 'injection', title: 'XML external entities processed on user input', severity: 'high', cwe: ['CWE-611'], owasp: ['A05:2021-Security Misconfiguration'],
    message: 'User-controlled XML is parsed by a parser that resolves external entities.',
    impact: 'An attacker can read local files, reach internal services (SSRF) or exhaust memory.',
    guidance: 'Keep external entity resolution off (the default in current parsers) or use defusedxml.',
    example: { py: 'doc = defusedxml.minidom.parseString(data)', js: 'libxmljs.parseXml(data, { noent: false })' },
    references: [cweRef(611, 'XXE'), owaspRef('OWASP XXE Prevention Cheat Sheet', 'https://cheatsheetseries.owasp.org/cheatsheets/XML_External_Entity_Prevention_Cheat_Sheet.html')],
  },
  deserialization: {
    slug: 'deserialization.unsafe-taint', pack: 'deserialization', title: 'Unsafe deserialization of user input', severity: 'critical', cwe: ['CWE-502'], owasp: ['A08:2021-Software and Data Integrity Failures'],
    message: 'User-controlled data is deserialized with a format that can instantiate arbitrary objects.',
    impact: 'Crafted payloads can run arbitrary code during deserialization.',
    guidance: 'Deserialize untrusted data only with data-only formats (JSON, yaml.safe_load).',
    example: { py: 'data = yaml.safe_load(text)', js: 'const data = JSON.parse(text);' },
    references: [cweRef(502, 'Deserialization of Untrusted Data'), owaspRef('OWASP Deserialization Cheat Sheet', 'https://cheatsheetseries.owasp.org/cheatsheets/Deserialization_Cheat_Sheet.html')],
  },
  path: {
    slug: 'path-file.traversal-taint', pack: 'path-file', title: 'Path traversal from user input', severity: 'high', cwe: ['CWE-22'], owasp: ['A01:2021-Broken Access Control'],
    message: 'User-controlled data is used in a file system path.',
    impact: 'An attacker can read or overwrite files outside the intended directory (../ sequences, absolute paths).',
    guidance: 'Reduce the name with basename/secure_filename, resolve the full path and check it stays inside the base directory.',
    example: { py: 'p = (BASE / name).resolve()\nif not p.is_relative_to(BASE): abort(400)', js: "const p = path.resolve(BASE, name);\nif (!p.startsWith(BASE + path.sep)) throw new Error('bad path');" },
    references: [cweRef(22, 'Path Traversal'), owaspRef('OWASP Path Traversal', 'https://owasp.org/www-community/attacks/Path_Traversal')],
  },
  ssrf: {
    slug: 'ssrf-redirect.ssrf-taint', pack: 'ssrf-redirect', title: 'Server-side request forgery from user input', severity: 'high', cwe: ['CWE-918'], owasp: ['A10:2021-Server-Side Request Forgery (SSRF)'],
    message: 'User-controlled data decides the URL of an outbound request.',
    impact: 'An attacker can make the server call internal services or cloud metadata endpoints.',
    guidance: 'Build URLs from a fixed base and validate the host against an allow-list after parsing.',
    example: { py: 'if urlparse(url).hostname not in ALLOWED_HOSTS: abort(400)', js: 'if (!ALLOWED_HOSTS.has(new URL(url).hostname)) throw new Error();' },
    references: [cweRef(918, 'SSRF'), owaspRef('OWASP SSRF Prevention Cheat Sheet', 'https://cheatsheetseries.owasp.org/cheatsheets/Server_Side_Request_Forgery_Prevention_Cheat_Sheet.html')],
  },
  redirect: {
    slug: 'ssrf-redirect.open-redirect-taint', pack: 'ssrf-redirect', title: 'Open redirect from user input', severity: 'low', cwe: ['CWE-601'], owasp: ['A01:2021-Broken Access Control'],
    message: 'User-controlled data decides the target of a redirect.',
    impact: 'Phishing: users are sent from a trusted domain to an attacker\'s site.',
    guidance: 'Redirect only to relative paths or to hosts on an allow-list.',
    example: { py: 'if urlparse(target).netloc not in ALLOWED: target = "/"\nreturn redirect(target)', js: "res.redirect(ALLOWED.has(new URL(t, base).host) ? t : '/')" },
    references: [cweRef(601, 'Open Redirect'), owaspRef('OWASP Unvalidated Redirects Cheat Sheet', 'https://cheatsheetseries.owasp.org/cheatsheets/Unvalidated_Redirects_and_Forwards_Cheat_Sheet.html')],
  },
  // medium, as CVSS rates it: a victim must follow a crafted link or view the page (UI:R) and the script acts within
  // the victim's session (C:L/I:L): CVSS 3.1 6.1 reflected, 5.4 stored (NVD's usual scores); the catalogue's other XSS
  // rules (templates with autoescape off, innerHTML, dangerouslySetInnerHTML) were medium or low already
  xss: {
    slug: 'xss.reflected-taint', pack: 'xss', title: 'Cross-site scripting from user input', severity: 'medium', cwe: ['CWE-79'], owasp: [A03],
    message: 'User-controlled data is written into an HTML response without escaping.',
    impact: 'An attacker can run script in victims\' browsers, steal sessions and act as them.',
    guidance: 'Render through an auto-escaping template or escape values for HTML before output.',
    example: { py: 'return render_template("page.html", name=name)', js: "res.render('page', { name })" },
    references: [cweRef(79, 'Cross-site Scripting'), owaspRef('OWASP XSS Prevention Cheat Sheet', 'https://cheatsheetseries.owasp.org/cheatsheets/Cross_Site_Scripting_Prevention_Cheat_Sheet.html')],
  },
  header: {
    slug: 'injection.header-taint', pack: 'injection', title: 'HTTP response header from user input', severity: 'low', cwe: ['CWE-113'], owasp: [A03],
    message: 'User-controlled data is written into an HTTP response header.',
    impact: 'Header injection can set attacker-chosen header values; response splitting needs a stack that accepts CR/LF (Node.js, Werkzeug and Django refuse them).',
    guidance: 'Validate header values against an allow-list and reject CR/LF characters.',
    example: { py: 'if not SAFE_VALUE.fullmatch(v): abort(400)\nresp.headers["X-Value"] = v', js: "if (!/^[\\w-]+$/.test(v)) throw new Error();\nres.setHeader('X-Value', v);" },
    references: [cweRef(113, 'HTTP Response Splitting'), owaspRef('OWASP HTTP Response Splitting', 'https://owasp.org/www-community/attacks/HTTP_Response_Splitting')],
  },
  'trust-boundary': {
    slug: 'auth-session.trust-boundary-taint', pack: 'auth-session', title: 'Untrusted data stored in the session', severity: 'low', cwe: ['CWE-501'], owasp: ['A04:2021-Insecure Design'],
    message: 'User-controlled data is stored in the server-side session next to trusted values.',
    impact: 'Later code trusts session values; mixing in raw input can bypass authorization decisions.',
    guidance: 'Validate input before storing it in the session and keep trusted and untrusted data apart.',
    example: { py: 'if role in ALLOWED_ROLES: session["role"] = role', js: 'if (ALLOWED_ROLES.has(role)) req.session.role = role;' },
    references: [cweRef(501, 'Trust Boundary Violation')],
  },
  // NoSQL sinks are modeled for JS/TS only; which calls count as MongoDB/Mongoose queries: models/js-nosql.ts
  nosql: {
    slug: 'injection.nosql-taint', pack: 'injection', title: 'NoSQL operator injection from user input', severity: 'high', cwe: ['CWE-943'], owasp: [A03], langs: ['js'],
    message: 'Request data that can be an object (JSON body, nested query string, JSON cookie) is used as a MongoDB/Mongoose query filter or filter value, so the client can send query operators such as $ne, $gt, $regex or $where.',
    impact: 'An attacker can bypass login checks ({"password": {"$ne": null}}), read or change documents of other users and, through $where, run JavaScript in the database.',
    guidance: 'Convert each filter value to the type you expect before querying (String(x), Number(x), new ObjectId(x)), or validate the body with a schema that only allows strings, or reject non-strings (typeof x !== "string"). Match with $eq when a value must be compared literally, sanitize whole objects with mongo-sanitize, and never pass req.body or req.query as a filter. With Mongoose, mongoose.set("sanitizeFilter", true) wraps filter values in $eq.',
    example: { js: "const user = await User.findOne({ email: String(req.body.email), password: { $eq: String(req.body.password) } });" },
    references: [cweRef(943, 'Improper Neutralization of Special Elements in Data Query Logic'), owaspRef('OWASP Testing Guide: Testing for NoSQL Injection', 'https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/07-Input_Validation_Testing/05.6-Testing_for_NoSQL_Injection'), { title: 'MongoDB: $eq (compare a user-supplied value literally)', url: 'https://www.mongodb.com/docs/manual/reference/operator/query/eq/' }],
  },
  'nosql-code': {
    slug: 'injection.nosql-code-taint', pack: 'injection', title: 'JavaScript injection into a MongoDB query ($where, mapReduce, $function)', severity: 'critical', cwe: ['CWE-943', 'CWE-94'], owasp: [A03], langs: ['js'],
    message: 'User-controlled data is part of JavaScript that MongoDB evaluates on the server ($where, mapReduce, $function, $accumulator).',
    impact: 'An attacker can run JavaScript inside the database: return every document (\' || \'1\'==\'1), read other fields, or block the server with an endless loop (denial of service).',
    guidance: 'Do not build $where, mapReduce or $function code from input: express the condition with query operators ({ orderId: { $eq: String(id) } }) or $expr, and pass values as data. Number() or new ObjectId() make a value safe; String() and mongo-sanitize do not, since the string itself is the code. Disable server-side JavaScript (security.javascriptEnabled: false) where possible.',
    example: { js: 'const reviews = await reviewsCollection.find({ product: { $eq: Number(req.params.id) } }).toArray();' },
    references: [cweRef(943, 'Improper Neutralization of Special Elements in Data Query Logic'), cweRef(94, 'Code Injection'), { title: 'MongoDB: $where (server-side JavaScript)', url: 'https://www.mongodb.com/docs/manual/reference/operator/query/where/' }],
  },
  regex: {
    slug: 'dos-redos.regex-taint', pack: 'dos-redos', title: 'Regular expression built from user input', severity: 'medium', cwe: ['CWE-1333', 'CWE-730'], owasp: ['A05:2021-Security Misconfiguration'],
    message: 'User-controlled data is compiled as a regular expression.',
    impact: 'A crafted pattern can take exponential time (ReDoS) and block the server.',
    guidance: 'Escape input before putting it in a pattern (re.escape / an escapeRegExp helper) or match literally.',
    example: { py: 're.search(re.escape(term), text)', js: "new RegExp(term.replace(/[.*+?^${}()|[\\]\\\\]/g, '\\\\$&'))" },
    references: [cweRef(1333, 'Inefficient Regular Expression Complexity')],
  },
};

const LANGS: { prefix: 'py' | 'js'; languages: RuleLanguage[]; name: string }[] = [
  { prefix: 'py', languages: ['python'], name: 'Python' },
  { prefix: 'js', languages: ['javascript', 'typescript'], name: 'JavaScript/TypeScript' },
];

export function taintRuleId(language: 'py' | 'js', kind: SinkKind): string {
  return `${language}.${KIND_META[kind].slug}`;
}

export const TAINT_RULES: RuleMeta[] = LANGS.flatMap(({ prefix, languages }) =>
  (Object.keys(KIND_META) as SinkKind[]).filter((kind) => KIND_META[kind].langs?.includes(prefix) ?? true).map((kind) => {
    const m = KIND_META[kind];
    return {
      id: taintRuleId(prefix, kind),
      title: m.title,
      pack: m.pack,
      languages,
      severity: m.severity,
      confidence: 'high',
      cwe: m.cwe,
      owasp: m.owasp,
      message: m.message,
      impact: m.impact,
      fix: { guidance: m.guidance, example: m.example[prefix] ?? '' },
      references: m.references,
    } satisfies RuleMeta;
  }),
);
