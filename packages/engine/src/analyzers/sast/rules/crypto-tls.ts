// Crypto pack, transport security: TLS certificate/hostname verification turned off, trust-all managers,
// obsolete SSL/TLS protocol versions.
import type { SgNode } from '@ast-grep/napi';
import { developmentBranch, isStaticString, positionalArgs, stringValue } from '../patterns/nodes';
import { weakLiteral } from './crypto';
import { OWASP, cheatSheet, cweRef, defineRules, javaCall, owaspRef, pyCall } from './meta';

const tlsRefs = [cweRef(295, 'Improper Certificate Validation'), owaspRef('A02'), cheatSheet('Transport_Layer_Security')];
/**
 * A setting that asks for self-signed or unverified certificates by name (allowSelfSigned, smtp_allow_self_signed,
 * unsafeTls, allowUnauthorizedCerts, bypassSSL), or a verification setting tested as off (`if not remote.tls_validation:`,
 * `if (!config.verifySsl)`, a verification level lowered by the operator: `if server.ssl_verify <= 0:`), including a
 * setting named after the option itself (`if (!this.rejectUnauthorized)`, `params.get('rejectUnauthorized') === 'false'`,
 * `KNEX_REJECT_UNAUTHORIZED_SSL_CERTIFICATE === 'false'`), or a PostgreSQL `sslmode` chosen by the operator whose
 * libpq meaning is "encrypt, do not verify" (`require`, `prefer`, `allow`, `no-verify`).
 */
const OPT_IN_SETTING = /self[-_]?signed|insecure|unsafe[-_]?tls|tls[-_]?unsafe|allow[-_]?(invalid|unauthori[sz]ed)|bypass[-_]?(ssl|tls|cert)|skip[-_]?(tls|ssl|cert)[-_]?verif|ignore[-_]?(cert|tls|ssl)|verif\w*\s*===?\s*['"](none|off|false|no|disabled?|skip)['"]|reject[-_]?unauthori[sz]ed[\w'"`)\]]*\s*===?\s*['"`](false|0|no|off)['"`]|ssl[-_]?mode[\w'"`)\]]*\s*===?\s*['"`](require|prefer|allow|no-verify)['"`]|^\s*(not\s+|!\s*)[\w.]*(verif|validat|ssl|tls|cert|reject[-_]?unauthori[sz]ed)\w*\s*$|^\s*[\w.]*(verif|validat)\w*\s*(<=?\s*[01]|===?\s*(0|false|False|None))\s*$/i;
/**
 * An environment variable tested for truthiness (`process.env.ALLOW_UNAUTHORIZED_CERTS ? ... : ...`) is a string: the
 * documented `=false` turns verification off too, so the test is no opt-in.
 */
const BARE_ENV_STRING = /^\s*process\.env(\.\w+|\[\s*['"`]\w+['"`]\s*\])\s*$/;

/** A verification-mode setting compared with one of its values (`self.ssl_verify_mode == VERIFY.REQUIRED`). */
const VERIFY_MODE_TEST = /^\s*\(?\s*[\w.]*verif\w*\s*==\s*[\w.'"]+\s*\)?\s*$/i;

/**
 * The protocol the operator named in their own configuration: `elif entry == "TLSv1":` while reading a configured
 * protocol list (Apache's SSLProtocol syntax, `ALL` included). Off unless configured, not a weakness of the code.
 */
const PROTOCOL_NAME_TEST = /==\s*['"](ALL|SSLv[23]|TLSv1(\.[0-3])?)['"]\s*\)?\s*$/;

function optsIn(condition: string): boolean {
  // a JS `if` condition keeps its parentheses: `(!this.rejectUnauthorized)`
  const bare = condition.replace(/^\s*\(([\s\S]*)\)\s*$/, '$1');
  return OPT_IN_SETTING.test(bare) && !BARE_ENV_STRING.test(bare);
}

const namesProtocol = (condition: string) => PROTOCOL_NAME_TEST.test(condition);

/**
 * Verification switched off only under the operator's explicit opt-in (`if (config.allowSelfSigned)`, `tls:
 * settings.allowSelfSigned ? { rejectUnauthorized: false } : undefined`): a supported setting for a server with a
 * self-signed certificate, off by default, not a weakness of the code. The same walk, given another test, finds an
 * obsolete protocol turned on only in the branch for the operator's own choice of it (`elif entry == "TLSv1":`).
 */
function optedIn(n: SgNode, test: (condition: string) => boolean = optsIn, elseOfChain: RegExp | null = VERIFY_MODE_TEST): boolean {
  const at = n.range().start.index;
  let cur: SgNode | null = n.parent();
  for (let depth = 0; cur && depth < 8; depth++, cur = cur.parent()) {
    const kind = cur.kind() as string;
    if (kind === 'ternary_expression' || kind === 'if_statement' || kind === 'elif_clause') {
      // only the branch taken when the setting is on
      const branch = cur.field('consequence')?.range();
      const inBranch = !!branch && branch.start.index <= at && at < branch.end.index;
      if (inBranch && test(cur.field('condition')?.text() ?? '')) return true;
    }
    // `if self.ssl_verify_mode == MODE.REQUIRED: ... elif ... == MODE.OPTIONAL: ... else: CERT_NONE`: the branch
    // left for the one value of a verification-mode setting that the chain did not name
    if (kind === 'else_clause' && elseOfChain?.test(cur.parent()?.field('condition')?.text() ?? '')) return true;
    // `switch (sslMode) { case 'no-verify': ... }`: the case is the setting's value compared
    if (kind === 'switch_case') {
      const value = cur.field('value')?.text();
      const subject = cur.parent()?.parent()?.field('value')?.text().replace(/^\(|\)$/g, '');
      if (value && subject && test(`${subject} === ${value}`)) return true;
    }
    if (kind === 'function_declaration' || kind === 'arrow_function' || kind === 'method_definition' || kind === 'function_definition') return false;
  }
  return false;
}

const LOOPBACK = String.raw`['"\u0060](?:localhost|127\.0\.0\.1|::1|\[::1\])['"\u0060]`;
/** `host === 'localhost'` (only a loopback host takes the branch). */
const IS_LOOPBACK = new RegExp(String.raw`^[^=!&|]+?\s*===?\s*${LOOPBACK}$`);
/** `host !== 'localhost'`, and `protocol === 'https:'` / `url.startsWith('https')` beside it. */
const NOT_LOOPBACK = new RegExp(String.raw`^[^=!&|]+?\s*!==?\s*${LOOPBACK}$`);
const IS_HTTPS = /^([^=!&|]+?\s*===?\s*['"`]https:?['"`]|[^=!&|]+?\.startsWith\(\s*['"`]https:?(\/\/)?['"`]\s*\))$/;

/**
 * Verification off only in the branch a loopback host takes: `if (host === 'localhost')`, or the else branch of
 * `const isSecure = url.protocol === 'https:' && url.hostname !== 'localhost'` (there the URL is plain HTTP, where TLS
 * plays no part, or the local host, with no network path between). A condition held in a constant of the same
 * function is read from its declaration.
 */
/**
 * A named branch of a choice among libpq-style SSL modes (`switch (sslMode) { case 'require': ... case 'verify-full': ... }`,
 * or a test of `sslmode=require` in a connection string): the operator or user picks verification by picking the mode,
 * as libpq's `require` itself does not verify.
 */
function sslModeChoice(n: SgNode): boolean {
  // (a default branch is what an unset mode gets: a default that does not verify stays a finding)
  let inCase = false;
  for (const cur of n.ancestors().slice(0, 12)) {
    const k = cur.kind() as string;
    if (k === 'switch_default') return false;
    if (k === 'switch_case') inCase = true;
    if (k === 'switch_statement' && inCase && /['"]verify-(ca|full)['"]/.test(cur.text())) return true;
    if (k === 'if_statement' && /sslmode\s*=\s*require/i.test(cur.field('condition')?.text() ?? '')) return true;
  }
  return false;
}

function loopbackBranch(n: SgNode): boolean {
  const at = n.range().start.index;
  const fn = n.ancestors().find((a) => ['function_declaration', 'arrow_function', 'method_definition', 'function_expression', 'function'].includes(a.kind() as string));
  for (const cur of n.ancestors()) {
    if (cur === fn) break;
    if ((cur.kind() as string) !== 'if_statement') continue;
    let cond = (cur.field('condition')?.text() ?? '').replace(/^\s*\(([\s\S]*)\)\s*$/, '$1').trim();
    if (/^[A-Za-z_$][\w$]*$/.test(cond) && fn) {
      const decl = fn.text().match(new RegExp(String.raw`\b(?:const|let|var)\s+${cond}\s*=\s*([^;]+);`));
      if (!decl) continue;
      cond = decl[1]!.trim();
    }
    const inRange = (r?: { start: { index: number }; end: { index: number } }) => !!r && r.start.index <= at && at < r.end.index;
    const parts = cond.split('&&').map((c) => c.trim());
    if (inRange(cur.field('consequence')?.range()) && IS_LOOPBACK.test(cond)) return true;
    if (inRange(cur.field('alternative')?.range()) && parts.some((c) => NOT_LOOPBACK.test(c)) && parts.every((c) => NOT_LOOPBACK.test(c) || IS_HTTPS.test(c))) return true;
  }
  return false;
}

const tlsMeta = {
  title: 'TLS certificate verification disabled',
  pack: 'crypto' as const,
  severity: 'high' as const,
  confidence: 'high' as const,
  cwe: ['CWE-295'],
  owasp: [OWASP.A02, OWASP.A07],
  message: 'TLS certificate or hostname verification is turned off.',
  impact: 'Anyone on the network path can impersonate the server and read or alter the traffic (man in the middle).',
  references: tlsRefs,
};
/**
 * Code that reasons about protocol versions rather than requesting one: a version compared
 * (`ctx.minimum_version < TLSVersion.TLSv1_1` when listing what a context accepts), or held in a plain local variable
 * of a function that compares versions (working out the lowest version a set of OP_NO_* flags leaves).
 */
function versionArithmetic(n: SgNode): boolean {
  const parent = n.parent();
  if ((parent?.kind() as string) === 'comparison_operator') return true;
  if ((parent?.kind() as string) !== 'assignment' || (parent?.field('left')?.kind() as string) !== 'identifier') return false;
  const fn = n.ancestors().find((a) => (a.kind() as string) === 'function_definition');
  return !!fn && fn.findAll({ rule: { kind: 'comparison_operator', has: { kind: 'attribute', regex: 'TLSVersion\\.' } } }).length > 0;
}

const tlsVersionMeta = {
  title: 'Obsolete SSL/TLS protocol version',
  pack: 'crypto' as const,
  severity: 'medium' as const,
  confidence: 'high' as const,
  cwe: ['CWE-327'],
  owasp: [OWASP.A02],
  message: 'SSLv2/SSLv3/TLS 1.0/TLS 1.1 is requested explicitly.',
  impact: 'These protocol versions have known attacks (POODLE, BEAST) and are rejected by modern clients and audits.',
  references: tlsRefs,
};
/**
 * The function connects only to read the certificate the peer serves (`getpeercert()`: an expiry check, a
 * deployed-certificate inventory): it must accept any certificate to report on it, and trusts nothing it receives.
 */
function readsPeerCertificate(n: SgNode): boolean {
  const fn = n.ancestors().find((a) => (a.kind() as string) === 'function_definition');
  return !!fn && /\.getpeercert\(/.test(fn.text());
}

/**
 * A server's TLS context (`SSLContext(PROTOCOL_TLS_SERVER)`, `Purpose.CLIENT_AUTH`, `wrap_socket(..., server_side=True)`
 * in the same function): CERT_NONE there means clients are not asked for certificates, the usual setting for a server;
 * the server's own certificate is still presented and checked by clients.
 */
function serverContext(n: SgNode): boolean {
  const fn = n.ancestors().find((a) => (a.kind() as string) === 'function_definition');
  return !!fn && /PROTOCOL_TLS_SERVER|Purpose\.CLIENT_AUTH|server_side\s*=\s*True/.test(fn.text()) && !/PROTOCOL_TLS_CLIENT|Purpose\.SERVER_AUTH|server_hostname\s*=/.test(fn.text());
}

/**
 * A TLS socket opened only to look at the handshake (a site checker reading the certificate a host serves, a probe
 * timing the handshake): `const s = tls.connect({ ..., rejectUnauthorized: false })` whose socket the function reads
 * the peer certificate of or destroys, and never writes to, reads data from, pipes, ends with data, returns or hands on. It must accept
 * any certificate to report on it, and sends and trusts nothing over the connection.
 */
function handshakeProbe(n: SgNode): boolean {
  const call = n.parent()?.parent()?.parent();
  if ((n.parent()?.kind() as string) !== 'object' || !call || (call.kind() as string) !== 'call_expression') return false;
  if (!/^tls\.connect$/.test(call.field('function')?.text() ?? '')) return false;
  const decl = call.parent();
  if (!decl || (decl.kind() as string) !== 'variable_declarator') return false;
  const name = decl.field('name')?.text() ?? '';
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) return false;
  const scope = call.ancestors().find((a) => ['arrow_function', 'function_declaration', 'function_expression', 'function', 'method_definition'].includes(a.kind() as string));
  if (!scope) return false;
  const text = scope.text();
  const v = name.replace(/\$/g, '\\$');
  const sends = new RegExp(`\\b${v}\\.(write|pipe|setEncoding|cork|read)\\(|\\b${v}\\.on\\(\\s*['"\`](data|readable)|\\b${v}\\.end\\(\\s*[^)\\s]|\\.pipe\\(\\s*${v}\\b|\\breturn\\s+${v}\\b|[(,=:]\\s*${v}\\s*[,)};]|\\[\\s*${v}\\s*\\]`);
  return !sends.test(text) && new RegExp(`\\b${v}\\.(getPeerCertificate|destroy)\\(`).test(text);
}

/**
 * `rejectUnauthorized` among a TLS server's options (`requestCert: false` beside it, or an object given straight to
 * `createServer`/`createSecureServer` without `requestCert: true`): a server checks client certificates only when it
 * requests them, so the option verifies no peer here.
 */
function serverOption(n: SgNode): boolean {
  const obj = n.parent();
  if (!obj || (obj.kind() as string) !== 'object') return false;
  const keys = obj.children().filter((c) => (c.kind() as string) === 'pair');
  const requestCert = keys.find((c) => /^['"]?requestCert['"]?$/.test(c.field('key')?.text() ?? ''))?.field('value')?.text();
  if (requestCert === 'false') return true;
  const call = obj.parent()?.parent();
  return requestCert === undefined && (obj.parent()?.kind() as string) === 'arguments' && !!call && /(^|\.)create\w*Server$/.test(call.field('function')?.text() ?? '');
}

/**
 * A module of a browser UI (it imports React, Vue, Svelte, Angular, Solid or Preact): a client library's
 * `rejectUnauthorized` there is a Node option the browser ignores, since the browser itself checks certificates.
 */
function browserModule(n: SgNode): boolean {
  const root = n.ancestors().at(-1) ?? n;
  return /(^|\n)\s*import\b[^;'"]*['"](react|react-dom|vue|svelte|@angular\/core|solid-js|preact)['"]/.test(root.text());
}

/**
 * `const agent = new https.Agent({ rejectUnauthorized: false })` that nothing in the file uses and the module does
 * not export: dead code, no connection is made with it.
 */
function unusedAgent(n: SgNode): boolean {
  const decl = n.parent()?.parent()?.parent()?.parent();
  if (!decl || (decl.kind() as string) !== 'variable_declarator' || (decl.field('value')?.kind() as string) !== 'new_expression') return false;
  if (decl.ancestors().some((a) => (a.kind() as string) === 'export_statement')) return false;
  const name = decl.field('name')?.text() ?? '';
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) return false;
  const root = decl.ancestors().at(-1) ?? decl;
  const uses = root.text().match(new RegExp(`(?<![\\w$.])${name.replace(/\$/g, '\\$')}(?![\\w$])`, 'g'))?.length ?? 0;
  return uses === 1;
}

/**
 * A HEAD request that sends nothing but its URL (`requests.head(url, timeout=10, verify=False)`, a client's
 * `fetch(url, headOnly=True, verify=False)`): no credentials, headers, cookies, body or query parameters go out and no
 * body comes back, only a status (a health check, a "does this path exist" probe). A URL built with a credential-named
 * value (`?api_key=...`) still counts as sending one.
 */
/**
 * `verify=False` given to a function of the same module whose own `verify` parameter goes to no other call (Swift's
 * `get_ondisk_files(..., verify=False)` skips a consistency assertion): the project's own flag, not a TLS setting.
 * A wrapper that hands it on (`requests.get(url, verify=verify)`) still counts.
 */
function ownVerifyFlag(n: SgNode): boolean {
  const call = n.parent()?.parent();
  const name = /(\w+)$/.exec(call?.field('function')?.text() ?? '')?.[1];
  if (!name || (call?.kind() as string) !== 'call') return false;
  let root = n;
  for (const a of n.ancestors()) root = a;
  const def = root.findAll({ rule: { kind: 'function_definition', has: { field: 'name', regex: `^${name}$` } } })[0];
  if (!def || !/\bverify\b/.test(def.field('parameters')?.text() ?? '')) return false;
  return !/\bverify\s*=\s*verify\b|[(,]\s*verify\s*[,)]/.test(def.field('body')?.text() ?? '');
}

function statusProbe(n: SgNode): boolean {
  const args = n.parent();
  const call = args?.parent();
  if (!args || !call || (call.kind() as string) !== 'call') return false;
  const kwargs = args.children().filter((c) => (c.kind() as string) === 'keyword_argument');
  const positional = args.children().filter((c) => !['keyword_argument', '(', ')', ',', 'comment'].includes(c.kind() as string));
  if (positional.length !== 1 || (positional[0]!.kind() as string) === 'dictionary_splat' || (positional[0]!.kind() as string) === 'list_splat') return false;
  if (/(key|token|secret|passw|auth|sig)/i.test(positional[0]!.text())) return false;
  const names = kwargs.map((k) => k.field('name')?.text() ?? '');
  if (names.some((k) => /^(auth|headers|cookies|cert|data|json|files|params|post_?data|body)$/i.test(k))) return false;
  const head = /(^|\.)head$/.test(call.field('function')?.text() ?? '')
    || kwargs.some((k) => /^(head_?only|headOnly)$/.test(k.field('name')?.text() ?? '') && k.field('value')?.text() === 'True')
    || kwargs.some((k) => k.field('name')?.text() === 'method' && /^['"]HEAD['"]$/i.test(k.field('value')?.text() ?? ''));
  return head;
}

const OLD_TLS = /^(SSLv2|SSLv3|SSLv23|TLSv1|TLSv1\.1|TLSv1_1|SSL)$/i;

export const tlsRules = defineRules([

  {
    ...tlsVersionMeta,
    id: 'py.crypto.obsolete-tls-version',
    languages: ['python'],
    fix: { guidance: 'Use ssl.create_default_context() and, if needed, minimum_version = ssl.TLSVersion.TLSv1_2.', example: 'ctx = ssl.create_default_context(); ctx.minimum_version = ssl.TLSVersion.TLSv1_2' },
    tree: {
      python: [
        {
          keywords: ['PROTOCOL_SSL', 'PROTOCOL_TLSv1', 'TLSVersion.TLSv1', 'TLSVersion.SSL'],
          rule: { kind: 'attribute', regex: '^(ssl\\.)?(PROTOCOL_(SSLv2|SSLv3|TLSv1|TLSv1_1)|TLSVersion\\.(SSLv3|TLSv1|TLSv1_1))$' },
          // `minimum_version = TLSv1_2` style comparisons do not match: only the obsolete names do.
          where: (n) => (n.parent()?.kind() as string) !== 'attribute' && !versionArithmetic(n) && !optedIn(n, namesProtocol, null),
        },
        {
          // `ctx.options &= ~ssl.OP_NO_SSLv3`: clearing an OP_NO_* flag turns the obsolete protocol back on
          // (`|= ssl.OP_NO_SSLv3`, which turns it off, does not match)
          keywords: ['OP_NO_SSLv', 'OP_NO_TLSv1'],
          rule: { kind: 'attribute', regex: '^(ssl\\.)?OP_NO_(SSLv2|SSLv3|TLSv1|TLSv1_1)$' },
          where: (n) => n.ancestors().slice(0, 4).some((a) => (a.kind() as string) === 'unary_operator' && a.text().trimStart().startsWith('~')) && !optedIn(n, namesProtocol, null),
        },
      ],
    },
  },
  {
    ...tlsVersionMeta,
    id: 'js.crypto.obsolete-tls-version',
    languages: ['javascript', 'typescript'],
    fix: { guidance: "Leave the protocol to Node's defaults or set minVersion: 'TLSv1.2'.", example: "tls.connect({ host, port, minVersion: 'TLSv1.2' })" },
    tree: {
      js: [
        {
          keywords: ['secureProtocol', 'minVersion', 'maxVersion'],
          rule: { kind: 'pair', has: { field: 'key', regex: "^['\"]?(secureProtocol|minVersion|maxVersion)['\"]?$" } },
          where: (n) => {
            const v = n.field('value');
            return !!v && isStaticString(v) && /^(SSLv2|SSLv3|TLSv1|TLSv1\.1|SSLv3_method|SSLv23_method|TLSv1_method|TLSv1_1_method)$/i.test(stringValue(v));
          },
        },
      ],
    },
  },
  {
    ...tlsVersionMeta,
    id: 'java.crypto.obsolete-tls-version',
    languages: ['java'],
    fix: { guidance: 'Request "TLSv1.3" (or "TLSv1.2") explicitly.', example: 'SSLContext ctx = SSLContext.getInstance("TLSv1.3");' },
    tree: { java: [javaCall(['SSLContext'], 'getInstance', (n) => weakLiteral(positionalArgs(n)[0], OLD_TLS), '([\\w.]+\\.)?SSLContext')] },
  },
  {
    ...tlsMeta,
    id: 'py.crypto.tls-verify-disabled',
    languages: ['python'],
    fix: { guidance: 'Keep verification on; pass a CA bundle path to verify= for private CAs.', example: "requests.get(url, verify='/etc/ssl/certs/internal-ca.pem')" },
    tree: {
      python: [
        {
          keywords: ['verify'],
          rule: { kind: 'keyword_argument', all: [{ has: { field: 'name', regex: '^verify$' } }, { has: { field: 'value', kind: 'false' } }] },
          // jwt.decode(verify=False) is a signature check, reported by the auth-session pack.
          where: (n) => !/(jwt|jose|jws)\b/i.test(n.parent()?.parent()?.field('function')?.text() ?? '') && !optedIn(n) && !statusProbe(n) && !ownVerifyFlag(n),
        },
        pyCall(['_create_unverified_context'], '(ssl\\.)?_create_unverified_context'),
        {
          keywords: ['CERT_NONE', 'check_hostname'],
          rule: {
            any: [
              { kind: 'assignment', all: [{ has: { field: 'left', regex: '(^|\\.)(verify_mode|check_hostname)$' } }, { has: { field: 'right', regex: '^(False|(ssl\\.)?CERT_NONE)$' } }] },
              { kind: 'keyword_argument', all: [{ has: { field: 'name', regex: '^cert_reqs$' } }, { has: { field: 'value', regex: "^((ssl\\.)?CERT_NONE|['\"]CERT_NONE['\"])$" } }] },
            ],
          },
          where: (n) => !readsPeerCertificate(n) && !serverContext(n) && !optedIn(n),
        },
      ],
    },
  },
  {
    ...tlsMeta,
    id: 'js.crypto.tls-verify-disabled',
    languages: ['javascript', 'typescript'],
    fix: { guidance: 'Keep rejectUnauthorized on; add a private CA with the ca option instead.', example: 'https.request(url, { ca: fs.readFileSync("internal-ca.pem") })' },
    tree: {
      js: [
        {
          keywords: ['rejectUnauthorized'],
          rule: { kind: 'pair', all: [{ has: { field: 'key', regex: "^['\"]?rejectUnauthorized['\"]?$" } }, { has: { field: 'value', kind: 'false' } }] },
          where: (n) => !optedIn(n) && !handshakeProbe(n) && !serverOption(n) && !unusedAgent(n) && !loopbackBranch(n) && !sslModeChoice(n) && !browserModule(n) && !developmentBranch(n),
        },
        {
          keywords: ['NODE_TLS_REJECT_UNAUTHORIZED'],
          rule: {
            kind: 'assignment_expression',
            all: [{ has: { field: 'left', regex: 'NODE_TLS_REJECT_UNAUTHORIZED' } }, { has: { field: 'right', regex: "^['\"`]?0['\"`]?$" } }],
          },
          where: (n) => !optedIn(n),
        },
      ],
    },
  },
  {
    ...tlsMeta,
    id: 'java.crypto.trust-all-certificates',
    languages: ['java'],
    title: 'TLS trust manager or hostname verifier accepts everything',
    fix: { guidance: 'Use the default TrustManager and HostnameVerifier; add private CAs to a trust store.', example: 'SSLContext ctx = SSLContext.getInstance("TLSv1.3"); ctx.init(null, null, null);' },
    tree: {
      java: [
        {
          keywords: ['checkServerTrusted'],
          rule: { kind: 'method_declaration', all: [{ has: { field: 'name', regex: '^checkServerTrusted$' } }, { has: { field: 'body', regex: '^\\{\\s*\\}$' } }] },
        },
        {
          keywords: ['HostnameVerifier', 'setHostnameVerifier'],
          rule: { kind: 'lambda_expression', inside: { kind: 'argument_list', inside: { kind: 'method_invocation', has: { field: 'name', regex: 'HostnameVerifier$' } } }, has: { field: 'body', regex: '^(true|\\{\\s*return\\s+true;\\s*\\})$' } },
        },
      ],
    },
  },
]);
