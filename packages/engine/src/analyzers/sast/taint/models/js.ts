// JavaScript/TypeScript sources, sanitizers and sinks: Express, Koa, Fastify and Next.js request data,
// process.argv/env at low confidence, browser URL data; Node core and common packages as sinks.
import { nosqlResult, nosqlSanitizer, nosqlSinks, nosqlValidator, receiverName, stringSource, xmlParseResult } from './js-nosql';
import { zodCall } from './js-zod';
import { RELATIVE_PATH } from '../guards';
import type { Expr, FuncIR, ModuleIR } from '../ir';
import type { CallSite, LanguageModel, ModelHost } from '../model';
import { importsOf } from '../program';
import type { SinkKind, Value } from '../value';
import { CLEAN, constant, deepTaint, joinTaint, leadingText, sanitize, startOf } from '../value';
import { lambdaEvent, containerRead, containmentSubject, flowIn, holdsUpload, mutation, sanitized, sinkArgs, signedSubject, sinkValue, splitsOnDot, splitsOnSlash, stripsToIdentifier, validatorSubject } from './common';

/** A regex literal anchored at the start that removes '..' segments (`/^(\.\.(\/|\\|$))+/`). */
const LEADING_DOTDOT = /^\/\^\(*\\\.\\\./;
/** Fields of an uploaded file object that name a file, not its contents. */
// (formidable, koa-body: `filepath` and `newFilename` are the random name it gave the upload in its upload folder)
const UPLOAD_FIELDS = new Set(['originalname', 'name', 'path', 'filename', 'destination', 'tempFilePath', 'filepath', 'newFilename']);
/** A value whose only source is the request's uploaded files (an element of req.files taken by iteration). */
function uploadElement(v: Value): boolean {
  return !v.hasC && !v.fields && /^req\.files?$/.test(v.t?.trace[0]?.label ?? '') && !v.t?.alts;
}
/** A regex literal anchored at both ends (`/^[a-z]+-[0-9a-f-]{36}\.\w+$/i`): it matches the whole value or nothing. */
const ANCHORED = /^\/\^.*\$\/[a-z]*$/s;
/** A parsed WHATWG URL object. */
const URL_OBJECT = /^(URL|url\.URL)\(\)$/;

/** A URL object (`new URL(req.url)`) whose host or hostname was then assigned a value the client did not choose. */
function hostSetByServer(v: Value | undefined): boolean {
  const set = v?.fields?.get('host') ?? v?.fields?.get('hostname');
  // (the operator's environment, `u.host = process.env.UPSTREAM`, is the server's choice too)
  const t = set && deepTaint(set);
  return !!set && (!t || !!t.local) && URL_OBJECT.test(v?.qn ?? '');
}
/** Project helpers named for making a path or file name safe. */
const PATH_HELPER = /^(sanitize|safe|clean)_?(path|pathname|file_?name|file_?path)$/i;
/** XPath queries: (expression, context node, ...). */
const XPATH_QUERY = /^(xpath\.(select|select1|evaluate)|document\.evaluate)$/;
const REQUEST_ATTRS = new Set(['query', 'body', 'params', 'headers', 'cookies', 'signedCookies', 'url', 'originalUrl', 'path', 'hostname', 'files', 'file', 'rawBody', 'nextUrl', 'searchParams', 'json', 'text', 'formData', 'header', 'get', 'param']);
const KOA_ATTRS = new Set(['query', 'querystring', 'params', 'headers', 'header', 'cookies', 'url', 'originalUrl', 'path', 'href', 'search']);
/**
 * Request data that is always a string (route parameters, headers, URL parts): it cannot carry query operators. So is
 * an upload's descriptor (multer's req.file): fixed keys holding strings, sizes, buffers and storage-made ids.
 */
const STRING_ONLY = new Set(['params', 'headers', 'header', 'get', 'url', 'originalUrl', 'path', 'hostname', 'href', 'search', 'querystring', 'file']);
const DOM_SOURCES: Record<string, Set<string>> = {
  location: new Set(['hash', 'search', 'href', 'pathname']),
  document: new Set(['URL', 'documentURI', 'referrer', 'baseURI']),
};
/**
 * Sinks a page's own URL cannot attack: the code that reads `location` runs in the visitor's browser, so a `fetch()`
 * of it is the browser calling a URL (no server's network is reached), and there is no file system, shell or database
 * connection there. What stays is what a browser does with it: script, markup, navigation, templates, regexes.
 */
const SERVER_ONLY_SINKS: readonly SinkKind[] = ['sql', 'command', 'ldap', 'xpath', 'xxe', 'deserialization', 'path', 'ssrf', 'header', 'trust-boundary', 'nosql', 'nosql-code'];
// Calls that read, write, list or remove what a path names. Metadata checks (stat, access, existsSync) are left
// out: they return no content, and code validating a path (realpath + stat + containment check) calls them first.
const FS_FUNCS = /^(fs|fs\/promises|fs\.promises|fs-extra|graceful-fs)\.(readFile|readFileSync|writeFile|writeFileSync|appendFile|appendFileSync|createReadStream|createWriteStream|unlink|unlinkSync|rm|rmSync|rmdir|rmdirSync|mkdir|mkdirSync|readdir|readdirSync|open|openSync|rename|renameSync|copyFile|copyFileSync|readJson|outputFile|remove)$/;
const FILE_READS = /^(fs|fs\/promises|fs\.promises|fs-extra|graceful-fs)\.(readFile|readFileSync|readJson|readJsonSync)$/;
// (fetch packages by name: node-fetch, cross-fetch, isomorphic-fetch, make-fetch-happen, a vendor's fork of one)
const HTTP_FUNCS = /^(fetch|(@[\w.-]+\/)?([\w.-]+-)?(fetch|unfetch)(-[\w.-]+)?|axios|axios\.(get|post|put|patch|delete|head|request)|got|got\.(get|post|put|patch|delete)|request|request\.(get|post|put|patch|del|delete|head)|superagent\.(get|post|put|delete)|needle|needle\.(get|post)|(http|https)\.(get|request)|undici\.(request|fetch))$/;
// uuid v3/v5 are name-based: a digest of their input, which carries none of its characters
const CLEAN_CALLS = /^(parseInt|parseFloat|Number|Boolean|Math\.\w+|Number\.(parseInt|parseFloat)|Date\.parse|isNaN|uuid\.validate|uuid\.v3|uuid\.v5)$/;
// badge-maker's makeBadge XML-escapes label, message and colours into its SVG
const ESCAPERS = /^(badge-maker\.makeBadge|escape-html|(lodash|lodash-es|es-toolkit|es-toolkit\/compat|html-escaper|underscore)\.escape|lodash\.escape\.default|lodash\/escape|he\.(encode|escape)|lodash\.escape|_\.escape|validator\.escape|DOMPurify\.sanitize|dompurify\.sanitize|sanitize-html|xss|xss\.filterXSS|encodeHTML|htmlEscape|escapeHtml)$/;
/** Methods of webhook SDKs that return the event only once its signature checks out. */
const SIGNED_EVENT = /^(constructEvent|constructEventAsync|verify)$/;
/** Fields of an outbound request's options object that decide where it goes. */
const URL_OPTION_KEYS = ['url', 'uri', 'baseURL', 'host', 'hostname'] as const;
const CHILD = /^child_process\.(exec|execSync|spawn|spawnSync|execFile|execFileSync|fork)$/;

/** Node calls that return a Buffer unless an encoding is asked for (execSync's output, a command's stdout). */
const BUFFER_CALLS = /^child_process\.(execSync|execFileSync)$/;

/**
 * `execSync(cmd)` without an encoding returns a Buffer, which Express's send() serves as application/octet-stream: the
 * browser downloads it, it does not render it (the command itself is the injection finding at the call). Text from
 * it (`.toString()`, concatenation) is text again.
 */
function bufferResult(site: CallSite): Value | undefined {
  if (!BUFFER_CALLS.test(site.qn ?? '')) return undefined;
  // execSync(cmd, options); execFileSync(file, args?, options): the options are the last object argument
  const options = site.args.slice(1).find((a) => !a.elems);
  // an encoding asked for, or options we cannot read: text may come back
  if (options && (!options.fields || options.fields.has('encoding'))) return undefined;
  return { ...flowIn(site), objectBody: true, qn: `${site.qn}()` };
}

/** A module that imports Fastify or one of its plugins and not Express. */
function fastifyModule(imports: ReadonlySet<string>): boolean {
  return !imports.has('express') && (imports.has('fastify') || imports.has('@fastify'));
}

/** `req.params`, `req.query`, `ctx.params`: a request's parsed container itself, an object, not one of its values. */
function wholeRequestContainer(e: Expr): boolean {
  return e.k === 'attr' && /^(params|query)$/.test(e.name) && e.obj.k === 'name' && /^(req|request|ctx)$/.test(e.obj.id);
}

const stringOnly = (name: string, v: Value): Value => (STRING_ONLY.has(name) ? stringSource(v) : v);

/** NestJS parameter decorators that hand a handler one part of the request. */
const NEST_PARTS: Readonly<Record<string, string>> = { Query: 'query', Body: 'body', Param: 'params', Headers: 'headers', Cookies: 'cookies', Ip: 'ip', HostParam: 'hostname' };
/** Pipes that convert a parameter to a number, boolean, UUID or enum member, or reject it. */
const NEST_CONVERTING_PIPE = /\bParse(Int|Float|Bool|UUID|Enum)Pipe\b/;

/**
 * A NestJS route parameter by its decorator: `@Req()` is the request, `@Query('url')` / `@Body()` / `@Param('id')` /
 * `@Headers('x')` what the client sent in that part (one entry of it when a key is given). A converting pipe
 * (`@Param('id', ParseIntPipe)`) leaves a number or rejects the request.
 */
function nestParam(p: FuncIR['params'][number], line: number, host: ModelHost, imports: ReadonlySet<string>): Value | undefined {
  if (!p.decorator || !imports.has('@nestjs')) return undefined;
  const m = /^(\w+)\s*\(\s*(?:(['"`])([^'"`]*)\2\s*,?)?([^]*)\)$/.exec(p.decorator.trim());
  if (!m) return undefined;
  const [, name = '', , key, pipes = ''] = m;
  if (name === 'Req' || name === 'Request') return { qn: 'req' };
  const part = NEST_PARTS[name];
  if (!part) return undefined;
  if (NEST_CONVERTING_PIPE.test(pipes)) return CLEAN;
  // (a header keeps the request headers' label: header sources are weighed apart, interpret.ts HEADER_SOURCE)
  const label = key && part !== 'headers' ? `req.${part}.${key}` : `req.${part}`;
  return stringOnly(part, host.source('high', line, label, { qn: label }));
}

/** The parent (root) object a GraphQL resolver gets first: `_`, `parent`, `root`, `obj`, `source`. */
const RESOLVER_PARENT = /^(_\w*|parent|root|obj|source)$/;
const RESOLVER_CONTEXT = /^(context|ctx|contextValue)$/;

/** A function of a GraphQL resolver's shape (parent, args, context[, info]) whose arguments the client chooses. */
function graphqlResolver(fn: FuncIR): boolean {
  const [parent, args, context] = fn.params;
  if (!args || !context) return false;
  if (args.name === 'args') return RESOLVER_CONTEXT.test(context.name);
  // a destructured parameter is lowered to `$paramN` (lower-js.ts)
  const destructured = (name: string) => name.startsWith('$param');
  return destructured(args.name) && RESOLVER_PARENT.test(parent?.name ?? '') && (RESOLVER_CONTEXT.test(context.name) || destructured(context.name));
}

function isRequest(v: Value): boolean {
  return v.qn === 'req';
}

export const jsModel: LanguageModel = {
  global: (name) => {
    if (name === 'location' || name === 'document') return { qn: name };
    return undefined;
  },

  param(fn: FuncIR, index: number, _module: ModuleIR, host: ModelHost, imports: ReadonlySet<string>): Value | undefined {
    const p = fn.params[index];
    if (!p) return undefined;
    const nest = nestParam(p, fn.line, host, imports);
    if (nest) return nest;
    if (/^(req|request)$/.test(p.name) && isWebRequestParam(fn, p.annotation, imports)) return { qn: 'req' };
    // Fastify's reply.send(string) is text/plain, so only Express/Node responses are HTML sinks
    // a NestJS @Res() typed FastifyReply is Fastify's reply (send(object) is JSON, send(string) text/plain)
    // (so is an untyped `res` in a module that uses Fastify and not Express: its routes' handlers get Fastify's reply)
    if (/^(res|response)$/.test(p.name) && index > 0) return /^:?\s*FastifyReply\b/.test(p.annotation ?? '') || (!p.annotation && fastifyModule(imports)) ? { qn: 'reply' } : { qn: 'res' };
    if (p.name === 'reply' && index > 0) return { qn: 'reply' };
    // a GraphQL resolver (parent, args, context, info): the client chooses every argument of the query; the schema
    // types them, so no object can carry a query operator ($ is not a GraphQL name)
    // (also destructured, `(_, { id }, ctx)` or `(parent, { id }, { user })`: a first parameter named for the parent
    // object, and a third for the context or destructured from it)
    if (index === 1 && graphqlResolver(fn)) return stringSource(host.source('high', fn.line, 'GraphQL args'));
    if (p.name === 'ctx' && (imports.has('koa') || imports.has('@koa') || imports.has('koa-router'))) return { qn: 'koactx' };
    const lambda = lambdaEvent(fn, index, host);
    if (lambda) return lambda;
    return undefined;
  },

  attr(recv: Value, name: string, line: number, host: ModelHost): Value | undefined {
    if (isRequest(recv)) {
      if (name === 'session') return { qn: 'req.session' };
      if (REQUEST_ATTRS.has(name)) return stringOnly(name, host.source('high', line, `req.${name}`, { qn: `req.${name}` }));
      return undefined;
    }
    if (recv.qn === 'koactx') {
      if (name === 'request') return { qn: 'req' };
      if (name === 'session') return { qn: 'req.session' };
      // Koa's cookies.get() returns a string, and its query is node's flat querystring (strings and arrays of them)
      // unless the project installs koa-qs: no operator object can come from either
      const flat = name === 'cookies' || ((name === 'query' || name === 'querystring') && !host.facts?.koaQueryObjects);
      if (KOA_ATTRS.has(name)) return flat ? stringSource(host.source('high', line, `ctx.${name}`, { qn: `ctx.${name}` })) : stringOnly(name, host.source('high', line, `ctx.${name}`, { qn: `ctx.${name}` }));
      return undefined;
    }
    // an uploaded file's names (multer, express-fileupload): busboy keeps only the base name of the client's file name
    // (preservePath is off by default), and path/filename/destination/tempFilePath are where the server stored it
    // (read on req.files.x, or on an element of req.files however it was iterated: for-of, Object.values, forEach)
    if (recv.t && UPLOAD_FIELDS.has(name) && (/^req\.files?\b/.test(recv.qn ?? '') || uploadElement(recv))) return { t: sanitize(recv.t, ['path']) };
    // path.parse(x).name / .base: the last component alone, no separator left
    if (recv.t && recv.qn === 'path.parse()' && (name === 'name' || name === 'base')) return { t: sanitize(recv.t, ['path']) };
    if (recv.qn === 'process' && (name === 'argv' || name === 'env')) return host.source('low', line, `process.${name}`, { qn: `process.${name}` }, 'local');
    // the scheme, host and port of a URL whose host the server fixed (`new URL(`${BASE}/x/${id}`)`) are the server's
    if (/^(hostname|host|origin|protocol|port)$/.test(name) && recv.t && recv.hostPinned && URL_OBJECT.test(recv.qn ?? '')) return CLEAN;
    // a parsed URL's host name holds no delimiter that could move a URL's host
    if (name === 'hostname' && recv.t && URL_OBJECT.test(recv.qn ?? '')) return { t: { ...recv.t, hostOnly: true }, ...(recv.origin ? { origin: recv.origin } : {}) };
    if (name === 'href' && recv.t && URL_OBJECT.test(recv.qn ?? '')) return { t: sanitize(recv.t, hostSetByServer(recv) || recv.hostPinned ? ['xss', 'header', 'ssrf'] : ['xss', 'header']) };
    const dom = recv.qn ? DOM_SOURCES[recv.qn] : undefined;
    if (dom?.has(name)) {
      const v = host.source('medium', line, `${recv.qn}.${name}`);
      return v.t ? { ...v, t: sanitize(v.t, SERVER_ONLY_SINKS) } : v;
    }
    return undefined;
  },

  sanitizer(site: CallSite): Value | undefined {
    const qn = site.qn ?? '';
    const name = site.name ?? '';
    // a hash object stays one through update(x): its digest carries no attacker-chosen characters
    if (/^crypto\.(createHash|createHmac)$/.test(qn) || qn === 'crypto.Hash.update') return { qn: 'crypto.Hash' };
    if (CLEAN_CALLS.test(qn) || qn === 'crypto.randomUUID' || qn === 'crypto.Hash.digest') return CLEAN;
    // a webhook event whose signature the provider's SDK verified (it throws otherwise) was written by the provider,
    // not by whoever sent the request: Stripe's webhooks.constructEvent, Svix's Webhook#verify
    if (SIGNED_EVENT.test(site.method ?? '') && /webhooks?\b/i.test(`${site.recv?.qn ?? ''} ${site.recvName ?? ''}`)) return CLEAN;
    // a signed token (JWS compact form) is base64url segments and dots, whatever its claims say
    if (/^(jsonwebtoken|jwt)\.sign$/.test(qn) || (site.method === 'sign' && /^(jose\.)?SignJWT\(\)$/.test(site.recv?.qn ?? ''))) return CLEAN;
    if (qn === 'encodeURIComponent' || qn === 'querystring.escape') return sanitized(site, ['xss', 'sql', 'command', 'code', 'ldap', 'xpath', 'header', 'path', 'redirect', 'ssrf']);
    if (qn === 'encodeURI' || qn === 'escape') return sanitized(site, ['xss', 'sql', 'command', 'code', 'ldap', 'xpath', 'header']);
    if (ESCAPERS.test(qn) || (!site.method && /^(escape|sanitize|encode)_?html$|^html_?(escape|encode)$/i.test(name))) return sanitized(site, ['xss']);
    // a page rendered from a template file by an engine that escapes by default (nunjucks autoescape, pug #{}): the
    // values come out HTML-escaped; a template whose source is input is the template-injection sink's business
    if (/^(nunjucks\.render|nunjucks\.Environment\(\)\.render|pug\.renderFile)$/.test(qn)) return sanitized(site, ['xss'], flowIn(site));
    // a feed serialized by the `feed` or `rss` package: text is XML-escaped (or in CDATA), so no markup comes through
    if (/^(feed\.Feed|rss|rss\.RSS)\(\)\.(rss2|atom1|xml)$/.test(qn)) return sanitized(site, ['xss'], site.recv);
    // URL sanitizers (@braintree/sanitize-url, project helpers named sanitizeUrl/safeRedirectUrl): no javascript:
    // URLs and, for redirect helpers, no foreign hosts
    if (qn === '@braintree/sanitize-url.sanitizeUrl' || (!site.method && /^(sanitize|clean|safe|validated)(Redirect)?(Url|Uri|Next|NextUrl|Redirect|RedirectUrl|ReturnUrl|Href|Link)$/.test(name))) {
      return sanitized(site, ['redirect', 'xss']);
    }
    // a WHATWG URL serializes with <, >, " and backquote percent-encoded in every component and no CR/LF: no markup
    // and no header break (a javascript: URL is still one: redirect and href sinks keep it)
    // (and once the server set its host, `u.host = UPSTREAM`, the client picks no destination either)
    if ((site.method === 'toString' || site.method === 'toJSON') && URL_OBJECT.test(site.recv?.qn ?? '')) return { ...sanitized(site, hostSetByServer(site.recv) ? ['xss', 'header', 'ssrf'] : ['xss', 'header'], site.recv), ...startOf(site.recv) };
    if (/^(shell-quote\.quote|shell-escape|shellescape)$/.test(qn)) return sanitized(site, ['command']);
    // a Buffer encoded as text: hex is [0-9a-f] and base64url [A-Za-z0-9_-], nothing any sink interprets but a leading
    // '-' (an option to a command); base64's '+', '/' and '=' hold no '.', so no '..', no markup, no quote
    const encoding = site.method === 'toString' && /^Buffer\.(from|alloc)\(\)$/.test(site.recv?.qn ?? '') && site.args[0]?.hasC ? String(site.args[0].c) : '';
    if (encoding === 'hex') return CLEAN;
    if (encoding === 'base64url') return sanitized(site, ['xss', 'sql', 'code', 'ldap', 'xpath', 'header', 'path', 'redirect', 'ssrf'], site.recv);
    if (encoding === 'base64') return sanitized(site, ['xss', 'sql', 'code', 'ldap', 'xpath', 'header', 'path'], site.recv);
    // the content-disposition package encodes the file name (RFC 6266) and defaults to type 'attachment'
    if (qn === 'content-disposition') {
      const type = site.args[1]?.fields?.get('type');
      return constant(type === undefined ? 'attachment' : type.hasC ? String(type.c) : 'inline');
    }
    // name.split('.').pop(): the extension, no '..' (see splitsOnDot); p.split('/').pop(): the last segment (a basename)
    if (site.method === 'pop' && site.args.length === 0 && site.expr.callee.k === 'attr' && (splitsOnDot(site.expr.callee.obj) || splitsOnSlash(site.expr.callee.obj))) return sanitized(site, ['path'], site.recv);
    // x.replace(/[^a-zA-Z0-9-]/g, ''): only the characters of an identifier are left, nothing any sink interprets
    if ((site.method === 'replace' || site.method === 'replaceAll') && stripsToIdentifier(site.args[0], site.args[1], true)) return CLEAN;
    // escaping a text for a regular expression (lodash escapeRegExp, escape-string-regexp, or the MDN idiom
    // `s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')`): the pattern then matches that text literally, no backtracking
    if (/^((lodash|lodash-es|underscore|es-toolkit|es-toolkit\/compat)\.escapeRegExp|_\.escapeRegExp|lodash\.escaperegexp|lodash\/escapeRegExp|escape-string-regexp|escape-regexp|escape-regex-string)$/.test(qn)) return sanitized(site, ['regex']);
    if (site.method === 'replace' && escapesRegexMeta(site.args[0], site.args[1])) return sanitized(site, ['regex'], site.recv);
    // path.normalize(x).replace(/^(\.\.(\/|\\|$))+/, ''): normalizing leaves '..' only at the start, the replace strips it
    if (site.method === 'replace' && site.recv?.qn === 'path.normalize()' && site.args[0]?.hasC && LEADING_DOTDOT.test(String(site.args[0].c))) return sanitized(site, ['path'], site.recv);
    // slugify (the package or a project helper of that name) keeps letters, digits and a few marks: no separator
    if (/^(slugify|slugify\.default|@sindresorhus\/slugify)$/.test(qn) || (!site.method && name === 'slugify')) return sanitized(site, ['path']);
    // path.basename, sanitize-filename, and project helpers named for it (sanitizePathname, safeFilename), as in Python
    if (qn === 'path.basename' || qn === 'sanitize-filename' || (!site.method && PATH_HELPER.test(site.expr.callee.k === 'name' ? site.expr.callee.id : name))) return sanitized(site, ['path']);
    if (/^(sqlstring|mysql|mysql2)\.(escape|escapeId)$/.test(qn) || (site.method === 'escape' && /mysql|pool|connection/i.test(site.recv?.qn ?? ''))) return sanitized(site, ['sql']);
    if (/^validator\.(toInt|toFloat|toBoolean|toDate)$/.test(qn)) return CLEAN;
    return nosqlSanitizer(site);
  },

  call(site: CallSite, host: ModelHost): Value | undefined {
    jsSinks(site, host);
    // a key-value store's client returns what the server stored under a key (or a status), not the key: a request value
    // that picks the record does not make its content the requester's text (chained clients stay clients)
    if (site.method && KV_CLIENT.test(site.recv?.qn ?? '')) return KV_CHAIN.has(site.method) ? { qn: site.recv!.qn! } : CLEAN;
    // what a query returns is the database's rows (a result object, an array of row objects): stored data, not the
    // values bound to it, and JSON when sent as a response (a query built from input is the SQL finding at the call)
    if (/^(query|\$queryRawUnsafe|unsafe)$/.test(site.method ?? '') && sqlTextCall(site)) return { objectBody: true };
    // what a file holds is stored data, not its name: a chosen path is reported at the read (path traversal)
    if (FILE_READS.test(site.qn ?? '') && !holdsUpload(site.args[0])) return CLEAN;
    // an outbound request's response is the remote service's data, not the URL it was sent to (a URL the input
    // chooses is the SSRF finding at the call)
    if (HTTP_FUNCS.test(site.qn ?? '')) return { qn: `${site.qn}()` };
    const buffer = bufferResult(site);
    if (buffer) return buffer;
    if (SSRF_FILTER_AGENT.test(site.qn ?? '')) return { flags: new Set([SSRF_AGENT]) };
    // the nodes an XPath query selects are the document's, not the query's: the expression is its own sink (xpath)
    if (XPATH_QUERY.test(site.qn ?? '')) {
      const t = site.args[1] ? deepTaint(site.args[1]) : undefined;
      return t ? { t } : CLEAN;
    }
    // res.set({...}) / res.header(k, v) set response headers (recorded by jsSinks), they do not put data into a container
    // path.join(base, req.params): a whole request container (an object, never a string) makes Node's path functions
    // throw a TypeError, so no path is built from it
    if (/^path\.(join|resolve|normalize)$/.test(site.qn ?? '') && site.expr.args.some(wholeRequestContainer)) return CLEAN;
    // path.relative(base, p) from a server-chosen base: a check that it does not climb out ('..') validates p
    if (site.qn === 'path.relative' && site.expr.args[1]?.k === 'name' && serverBase(site.args[0])) return { ...flowIn(site), qn: RELATIVE_PATH, origin: [site.expr.args[1].id] };
    // JSON text of an object or array starts with '{' or '[' (never a tag); its content keeps the taint
    if (site.qn === 'JSON.stringify' && site.args[0] && (site.args[0].fields || site.args[0].elems)) {
      const t = deepTaint(site.args[0]);
      return { ...(t ? { t } : {}), prefix: site.args[0].fields ? '{' : '[' };
    }
    // Object.assign(target, ...sources): the sources' fields are copied onto the target (later ones win)
    if (site.qn === 'Object.assign' && site.expr.args[0]?.k === 'name' && site.args[0]) return objectAssign(site, host, site.expr.args[0].id);
    const response = /^(res|reply|koactx)$/.test(site.recv?.qn ?? '');
    return xmlParseResult(site) ?? zodCall(site) ?? containerRead(site) ?? (response ? undefined : mutation(site, host)) ?? nosqlResult(site);
  },

  store(obj: Value, key: string | null, value: Value, line: number, host: ModelHost): void {
    if (obj.qn === 'req.session') host.sink({ kind: 'trust-boundary', value, line, label: `req.session.${key ?? '?'} = ...` });
    else if (obj.qn === 'koactx' && key === 'body' && koaBodyMayBeHtml(obj, value)) host.sink({ kind: 'xss', value, line, label: 'ctx.body = ...' });
    else if (obj.qn === 'koactx' && key === 'redirect') host.sink({ kind: 'redirect', value, line, label: 'ctx.redirect' });
    else if (key === 'innerHTML' || key === 'outerHTML') host.sink({ kind: 'xss', value, line, label: `.${key} = ...` });
    else if ((obj.qn === 'location' && key === 'href') || (obj.qn === 'window' && key === 'location')) host.sink({ kind: 'redirect', value, line, label: 'location = ...' });
  },

  ret: () => undefined,

  validator(site: CallSite) {
    const qn = site.qn ?? '';
    if (/^validator\.is/.test(qn) || /^Number\.(isInteger|isSafeInteger|isFinite)$/.test(qn)) return site.expr.args[0];
    if ((site.method === 'includes' || site.method === 'has') && site.recv && !deepTaint(site.recv) && site.expr.callee.k === 'attr') return site.expr.args[0];
    if (site.method === 'test' && site.recv?.hasC && String(site.recv.c).startsWith('/')) return site.expr.args[0];
    // `name.match(/^...$/)`, `/^...$/.exec(name)`: a result only when the whole value matched the pattern
    if (site.method === 'exec' && site.recv?.hasC && ANCHORED.test(String(site.recv.c))) return site.expr.args[0];
    if (site.method === 'match' && site.args[0]?.hasC && ANCHORED.test(String(site.args[0].c)) && site.expr.callee.k === 'attr') return site.expr.callee.obj;
    // a named pattern constant (THEME_NAME, themePattern, idRegex), often imported from a constants module
    if (site.method === 'test' && site.recv && !deepTaint(site.recv) && site.expr.callee.k === 'attr' && namedPattern(site.expr.callee.obj)) return site.expr.args[0];
    return nosqlValidator(site) ?? containmentSubject(site) ?? signedSubject(site) ?? validatorSubject(site);
  },
};

/** Clients of key-value stores (ioredis, node-redis, Upstash, memcached, Keyv), as constructed or created. */
const KV_CLIENT = /^(ioredis|redis|@redis\/client|@upstash\/redis|memcached|keyv)(\.(createClient|createCluster|Redis|Cluster|default|fromEnv))?\(\)$/;
/** Client methods that return the client itself or a command batch, not stored data. */
const KV_CHAIN = new Set(['multi', 'pipeline', 'duplicate', 'connect', 'batch']);

/**
 * HTTP agents that refuse private, loopback and link-local addresses when the connection is made (after DNS
 * resolution, so a rebinding host is refused too): ssrf-req-filter, request-filtering-agent, ssrf-agent.
 */
const SSRF_FILTER_AGENT = /^(ssrf-req-filter|ssrf-agent|request-filtering-agent\.(useAgent|RequestFilteringHttpAgent|RequestFilteringHttpsAgent|globalHttpAgent|globalHttpsAgent))$/;
const SSRF_AGENT = 'ssrf-filtering-agent';

/** An outbound request whose options route it through an SSRF-filtering agent (`httpAgent: ssrfFilter(url)`). */
function filteredAgent(site: CallSite): boolean {
  const keys = ['agent', 'httpAgent', 'httpsAgent', 'dispatcher'];
  if (site.args.some((a) => keys.some((k) => a.fields?.get(k)?.flags?.has(SSRF_AGENT)))) return true;
  // a DNS lookup of the project's that refuses private addresses (`lookup: ssrfSafeLookup` in http.request's options):
  // the connection goes only to the address it approved
  if (site.args.some((a) => SSRF_NAMED_AGENT.test(a.fields?.get('lookup')?.fn?.fn.name ?? ''))) return true;
  // a project's own filtering agent, named for it (`dispatcher: ssrfSafeDispatcher`, an undici Agent whose lookup
  // refuses private addresses at connect time, redirects included)
  // (or made by a project function named for it: `dispatcher: getSsrfSafeDispatcher()`, `agent: new SafeHttpAgent()`)
  return site.expr.args.some((e) => e.k === 'dict' && e.entries.some((en) => en.key?.k === 'const' && keys.includes(String(en.key.v)) && SSRF_NAMED_AGENT.test(agentName(en.value) ?? '')));
}
/** The name an agent option's value goes by: the variable, or the function or class that made it. */
function agentName(e: Expr): string | undefined {
  if (e.k === 'name') return e.id;
  if (e.k !== 'call') return undefined;
  return e.callee.k === 'name' ? e.callee.id : e.callee.k === 'attr' ? e.callee.name : undefined;
}
const SSRF_NAMED_AGENT = /ssrf|(safe|filtered|guarded)(Http|Https)?(Agent|Dispatcher|Lookup)$/i;

/** A base folder the input did not choose: untainted, or built from a key that matched a stored record. */
function serverBase(v: Value | undefined): boolean {
  const t = v ? deepTaint(v) : undefined;
  return !t || !!t.matched;
}

/** Type names of a server framework's request object. */
const FRAMEWORK_REQUEST = /^((express|Express|http|koa|Koa)\.)?(Request|IncomingMessage|NextApiRequest|NextRequest|FastifyRequest)(<.*>)?$|^(any|unknown)$/;
/** Top-level imports of a module that serves HTTP. */
const SERVER_IMPORTS = ['express', 'koa', '@koa', 'koa-router', 'fastify', '@fastify', '@nestjs', 'next', 'http', 'https', 'hapi', '@hapi', 'restify', 'hono', 'h3', 'polka', 'micro'];

/**
 * A parameter named req/request is the web request in untyped code, when typed as a framework's request, or when
 * its own type (AuthenticatedRequest) sits in a module that serves HTTP or beside a res/reply/next parameter. A
 * `request: RelayRequest` in a client library that sends requests is the outgoing request, not input.
 */
function isWebRequestParam(fn: FuncIR, annotation: string | undefined, imports: ReadonlySet<string>): boolean {
  if (!annotation) return true;
  const type = annotation.replace(/^:\s*/, '').trim();
  if (/Response|Reply/.test(type)) return false;
  if (FRAMEWORK_REQUEST.test(type)) return true;
  if (fn.params.some((q) => /^(res|response|reply|next)$/.test(q.name))) return true;
  return SERVER_IMPORTS.some((m) => imports.has(m));
}

/**
 * `reply.sendFile(name, dir)`: a folder as the second argument is Fastify's root (@fastify/static serves the name under
 * it and answers 403 for any '..'). Express's second argument is options or a callback: a string there is ignored and
 * an absolute path still goes out, so in a module that uses Express the call stays a sink.
 */
function rootDirectory(v: Value | undefined): boolean {
  if (!v || v.fields || v.elems || v.fn) return false;
  return (v.hasC && typeof v.c === 'string') || v.prefix !== undefined || !!v.starts || /(^|\.)(join|resolve|dirname|tmpdir|cwd|homedir)\(\)$/.test(v.qn ?? '');
}

function jsSinks(site: CallSite, host: ModelHost): void {
  const qn = site.qn ?? '';
  const method = site.method ?? '';
  const recvQn = site.recv?.qn ?? '';
  // responses
  if (recvQn === 'reply') {
    if (method === 'redirect') sinkArgs(site, host, 'redirect', [site.args.length - 1]);
    if (method === 'header') sinkArgs(site, host, 'header', [1]);
  }
  if (recvQn === 'res' || recvQn === 'koactx') {
    recordContentType(site, host);
    if ((method === 'send' || method === 'write' || method === 'end') && site.args[0] && !site.args[0].fields && !site.args[0].elems && !site.args[0].objectBody && mayBeHtml(site.recv) && !eventStreamFrame(site.recv, site.args[0]) && (method === 'send' || rawBodyMayBeHtml(site.recv, site.args[0])) && !optionsDeclareType(site.args[1])) sinkArgs(site, host, 'xss', [0]);
    if (method === 'redirect') sinkArgs(site, host, 'redirect', [site.args.length - 1]);
    if (['setHeader', 'set', 'header', 'append', 'writeHead'].includes(method)) sinkArgs(site, host, 'header', [1]);
    if ((method === 'sendFile' || method === 'download') && !site.args[1]?.fields?.has('root') && !(method === 'sendFile' && rootDirectory(site.args[1]) && !importsOf(site.module).has('express'))) sinkArgs(site, host, 'path', [0]);
    if (method === 'render') sinkArgs(site, host, 'path', [0]);
    // the client's whole body or query as a view's locals: Express view engines read options from the locals (hbs and
    // express-handlebars `layout`, ejs `settings['view options']`), so the client picks the file rendered
    if (method === 'render' && /^(req|ctx)\.(body|query)$/.test(site.args[1]?.qn ?? '')) sinkArgs(site, host, 'path', [1]);
  }
  // injection
  if (sqlTextCall(site)) {
    // config-object style (pg `{ text, values }`, GraphQL `{ query, variables }`): only the SQL text counts
    const first = site.args[0];
    sinkValue(site, host, 'sql', first?.fields ? (first.fields.get('text') ?? first.fields.get('sql')) : first);
  }
  // execute() is SQL on a database handle (mysql2, oracledb); an HTTP SDK's client.execute(request) takes a request
  // object (`{ path, verb, body }`): an object argument counts only through its SQL text field
  else if (method === 'execute' && /sql|pool|conn|db|client/i.test(recvQn || site.recvName || '')) {
    const first = site.args[0];
    sinkValue(site, host, 'sql', first?.fields ? (first.fields.get('text') ?? first.fields.get('sql')) : first);
  }
  if (CHILD.test(qn)) childProcess(site, host);
  if (qn === 'eval' || qn === 'Function' || /^vm\.(runInNewContext|runInThisContext|runInContext|compileFunction|Script)$/.test(qn)) sinkArgs(site, host, 'code', site.args.map((_, i) => i));
  // setTimeout(string) evaluates the string; a function reference (a variable holding a callback) runs that function
  else if ((qn === 'setTimeout' || qn === 'setInterval') && site.args[0] && !site.args[0].fn && isStringExpr(site.expr.args[0], site.args[0])) sinkArgs(site, host, 'code', [0]);
  if (/^(ejs\.render|ejs\.compile|pug\.(compile|render)|handlebars\.compile|Handlebars\.compile|nunjucks\.renderString|lodash\.template|_\.template|dot\.(compile|template)|underscore\.template)$/.test(qn)) sinkArgs(site, host, 'template', [0]);
  if (/^(node-serialize|serialize-to-js|funcster)\.(unserialize|deserialize|deepDeserialize)$/.test(qn)) sinkArgs(site, host, 'deserialization', [0]);
  if (XPATH_QUERY.test(qn) || qn === 'xpath.parse') sinkArgs(site, host, 'xpath', [0]);
  if (/^libxmljs2?\.(parseXml|parseXmlString)$/.test(qn) && site.args[1]?.fields?.get('noent')?.c === true) sinkArgs(site, host, 'xxe', [0]);
  nosqlSinks(site, host);
  if (method === 'search' && /ldap/i.test(recvQn)) {
    sinkArgs(site, host, 'ldap', [0]);
    sinkValue(site, host, 'ldap', site.args[1]?.fields?.get('filter') ?? (site.args[1]?.hasC ? undefined : site.args[1]));
  }
  // files, network, output
  if (FS_FUNCS.test(qn)) sinkArgs(site, host, 'path', /rename|copyFile/.test(qn) ? [0, 1] : [0]);
  if (HTTP_FUNCS.test(qn) && !filteredAgent(site)) {
    // an options object names the target in any of these fields (request's `uri`, axios' `baseURL`, http's `hostname`);
    // needle(method, url, ...) takes the method first
    const first = qn === 'needle' && site.args[0]?.hasC && site.args.length > 1 ? site.args[1] : site.args[0];
    if (!first?.fields) sinkValue(site, host, 'ssrf', first);
    else for (const key of URL_OPTION_KEYS) sinkValue(site, host, 'ssrf', first.fields.get(key));
  }
  if (qn === 'document.write' || qn === 'document.writeln') sinkArgs(site, host, 'xss', [0]);
  if (method === 'insertAdjacentHTML') sinkArgs(site, host, 'xss', [1]);
  if (qn === 'RegExp') sinkArgs(site, host, 'regex', [0]);
}

// Response content types. A response the code declared as JSON, plain text, an event stream, CSV or binary is
// not parsed as HTML by a browser (Express and Koa send X-Content-Type-Options: nosniff through helmet, and
// browsers do not sniff a declared non-HTML type into HTML), so writing request data into it is not XSS. The
// declared type is kept as a field of the response value: a branch join keeps it only when both branches agree.
const CONTENT_TYPE = 'content-type';
const TYPE_SETTERS = new Set(['type', 'contentType', 'set', 'setHeader', 'header', 'writeHead', 'attachment']);
/**
 * What a response sent as a download is to the browser: saved, never rendered (Content-Disposition: attachment). A
 * redirect's body (a 3xx status with a Location header) is never rendered either, and is recorded the same way.
 */
const DOWNLOAD = constant('application/octet-stream');

/** Where a response was declared a download: kept apart from the type, which a later Content-Type does not undo. */
const DISPOSITION = 'content-disposition';
/**
 * A disposition type other than inline (`attachment; filename=...`, or `file; filename=...`: RFC 6266 has browsers
 * treat an unknown type as attachment). The type comes first, whatever the file name is.
 */
const DOWNLOAD_DISPOSITION = /^\s*(?!inline\b)[a-z][\w.-]*\s*(;|$)/i;

function recordContentType(site: CallSite, host: ModelHost): void {
  const method = site.method ?? '';
  if (!site.recv || !site.recvName || !TYPE_SETTERS.has(method)) return;
  const [a0, a1] = site.args;
  let type: Value | undefined;
  let field = CONTENT_TYPE;
  if (method === 'type' || method === 'contentType') type = a0;
  else if (method === 'attachment') [type, field] = [DOWNLOAD, DISPOSITION];
  else if (a0?.hasC && String(a0.c).toLowerCase() === DISPOSITION && a1 && DOWNLOAD_DISPOSITION.test(leadingText(a1) ?? '')) [type, field] = [DOWNLOAD, DISPOSITION];
  // a redirect status with a Location header: the browser follows it and never shows the body
  else if (method === 'writeHead' && a0?.hasC && /^30[12378]$/.test(String(a0.c)) && headerNamed(a1 ?? site.args[2], 'location')) [type, field] = [DOWNLOAD, DISPOSITION];
  else if (method === 'writeHead') type = headerField(a1 ?? site.args[2]);
  else if (a0?.fields) type = headerField(a0);
  else if (a0?.hasC && String(a0.c).toLowerCase() === CONTENT_TYPE) type = a1;
  if (!type) return;
  const fields = new Map(site.recv.fields ?? []);
  fields.set(field, type);
  host.rebind(site.recvName, { ...site.recv, fields });
}

function headerNamed(headers: Value | undefined, name: string): boolean {
  return [...(headers?.fields?.keys() ?? [])].some((k) => k.toLowerCase() === name);
}

function headerField(headers: Value | undefined): Value | undefined {
  for (const [k, v] of headers?.fields ?? []) if (k.toLowerCase() === CONTENT_TYPE) return v;
  return undefined;
}

/** False only when every possible declared type is a known non-HTML type. */
function isHtmlType(type: Value | undefined): boolean {
  const options = type ? (type.hasC ? [type.c] : type.cs) : undefined;
  if (!options?.length) return true;
  // XML types render (and run an XHTML script) only as xml or +xml: an Office document (vnd.openxmlformats-...) is a zip
  // (Express's res.type('.js') / type('css') looks the type up by extension: a script or a style sheet, never a page)
  return options.some((o) => typeof o !== 'string' || /html|(^|[/+])xml\s*(;|$)|svg/i.test(o) || !/^(json|text|txt|csv|plain|\.?(js|mjs|javascript|css|pdf|png|jpe?g|gif|webp|zip|wasm)\s*$|application\/|text\/(plain|csv|event-stream|calendar|markdown|css|javascript)|image\/|audio\/|video\/|font\/)/i.test(o.trim()));
}

/**
 * `res.write(`data: ${JSON.stringify(x)}\n\n`)` with no type declared here: a server-sent events frame, written where a
 * library set the text/event-stream type (`stream.pipeToResponse(res)`). An EventSource reads it as data, and with no
 * type at all a browser cannot sniff text that starts with `data:` as HTML.
 */
function eventStreamFrame(res: Value | undefined, body: Value): boolean {
  return !res?.fields?.has(CONTENT_TYPE) && !res?.fields?.has(DISPOSITION) && /^(data|event|id|retry):/.test(leadingText(body) ?? '');
}

function mayBeHtml(res: Value | undefined): boolean {
  return !res?.fields?.has(DISPOSITION) && isHtmlType(res?.fields?.get(CONTENT_TYPE));
}

/**
 * `response.send(body, { headers: { 'Content-Type': 'image/jpeg' } })` (a framework's send with options, e.g. a
 * plugin host's HttpResponse): the type the options declare, when it is not a page.
 */
function optionsDeclareType(options: Value | undefined): boolean {
  const headers = options?.fields?.get('headers')?.fields;
  if (!headers) return false;
  const type = [...headers].find(([k]) => k.toLowerCase() === 'content-type')?.[1];
  return !!type && !isHtmlType(type);
}

/**
 * Node's own write()/end() set no type (Express's send() sets text/html for a string): with none declared the browser
 * sniffs, and only a body starting with a tag ('<') is read as a page. JSON text never starts with one.
 */
function rawBodyMayBeHtml(res: Value | undefined, body: Value): boolean {
  if (res?.fields?.has(CONTENT_TYPE)) return true;
  const start = leadingText(body);
  return start === undefined || start.trimStart() === '' || start.trimStart().startsWith('<');
}

/**
 * Koa picks the type from the body when the code set none: objects and arrays are JSON, and a string is HTML only
 * when it starts with '<' (else text/plain), so 'Hello ' + name is plain text.
 */
function koaBodyMayBeHtml(ctx: Value, body: Value): boolean {
  if (ctx.fields?.has(DISPOSITION)) return false;
  const declared = ctx.fields?.get('type') ?? ctx.fields?.get(CONTENT_TYPE);
  if (declared) return isHtmlType(declared);
  if (body.fields || body.elems || body.objectBody) return false;
  const start = leadingText(body);
  return start === undefined || start.trimStart() === '' || start.trimStart().startsWith('<');
}

function objectAssign(site: CallSite, host: ModelHost, target: string): Value {
  const out: Value = { ...(site.args[0] as Value) };
  const fields = new Map(out.fields ?? []);
  let t = out.t;
  for (const src of site.args.slice(1)) {
    for (const [k, v] of src.fields ?? []) fields.set(k, v);
    // a source the analysis cannot see into brings whatever keys it holds
    if (!src.fields) t = joinTaint(t, deepTaint(src));
    else if (src.t) t = joinTaint(t, src.t);
  }
  if (fields.size) out.fields = fields;
  if (t) out.t = t;
  host.rebind(target, out);
  return out;
}

/** A string literal, concatenation or template, or request data read directly: what setTimeout would evaluate. */
function isStringExpr(e: Expr | undefined, v: Value): boolean {
  if (!e) return false;
  if (e.k === 'const' || e.k === 'concat' || (e.k === 'bin' && e.op === '+')) return true;
  return (e.k === 'attr' || e.k === 'index') && (v.t?.trace.length ?? 0) === 1;
}

/** `helpers.db.query(...)` where `helpers` is bound to a relative import/require of the project's own code. */
function rootedInProjectImport(site: CallSite): boolean {
  let e: Expr = site.expr.callee;
  while (e.k === 'attr' || e.k === 'index') e = e.obj;
  if (e.k !== 'name') return false;
  const base = e.id;
  for (const st of site.module.body) {
    if (st.k === 'import' && st.module.startsWith('.') && (st.as === base || st.names?.some((n) => n.as === base))) return true;
    if (st.k === 'assign' && st.target.k === 'name' && st.target.id === base) {
      let v: Expr = st.value;
      while (v.k === 'attr') v = v.obj;
      if (v.k === 'call' && v.callee.k === 'name' && v.callee.id === 'require' && v.args[0]?.k === 'const' && String(v.args[0].v).startsWith('.')) return true;
    }
  }
  return false;
}

function namedPattern(e: Expr): boolean {
  const name = e.k === 'name' ? e.id : e.k === 'attr' ? e.name : '';
  return /^[A-Z][A-Z0-9_]*$/.test(name) || /(pattern|regex|regexp|re|rx)$/i.test(name);
}

function childProcess(site: CallSite, host: ModelHost): void {
  const fn = (site.qn ?? '').split('.').pop() ?? '';
  if (fn === 'exec' || fn === 'execSync') return sinkArgs(site, host, 'command', [0]);
  const [prog, args, opts] = site.args;
  const shellOpt = (args?.fields ? args : opts)?.fields?.get('shell');
  if (shellOpt && !(shellOpt.hasC && !shellOpt.c)) return sinkArgs(site, host, 'command', [0, 1]);
  const viaShell = prog?.hasC && /^(\/(usr\/)?bin\/)?(sh|bash|zsh|cmd|cmd\.exe|powershell)$/i.test(String(prog.c)) && args?.elems?.[0]?.hasC && /^[-/]c$/i.test(String(args.elems[0].c));
  sinkValue(site, host, 'command', viaShell ? { elems: args?.elems?.slice(1) } : prog);
}

/** A call whose first argument is SQL text run by a driver or query builder (`db.query(sql, params)`, `knex.raw(sql)`). */
function sqlTextCall(site: CallSite): boolean {
  const method = site.method ?? '';
  const recvQn = site.recv?.qn ?? '';
  if ((!SQL_TEXT_METHODS.has(method) && !SQL_STATEMENT_METHODS.has(method)) || recvQn.startsWith('req') || recvQn === 'koactx') return false;
  // a method of the project's own module or class (helpers.query(...)) is analyzed as code, not taken for a driver
  // ... unless what the project module exports resolved to a driver's own handle (`export const sequelize = new
  // Sequelize(...)` imported by a route: `models.sequelize.query(...)`)
  const projectReceiver = (!!(site.recv?.module || site.recv?.inst || site.recv?.cls || site.recv?.ref) || rootedInProjectImport(site)) && !SQL_LIBRARY.test(recvQn);
  // query() is the commonest method name there is (GraphQL clients, tRPC procedures, search engines, DOM): it is SQL
  // only on a handle that looks like a database one, by its library or its name; the raw/unsafe variants are SQL anyway
  if (projectReceiver) return false;
  if (SQL_TEXT_METHODS.has(method)) return method !== 'query' || sqlHandle(recvQn, site);
  // the statement methods of sqlite3, better-sqlite3, node:sqlite and pg-promise (`db.get(sql, cb)`, `db.prepare(sql)`,
  // `db.oneOrNone(sql)`) are everyday names elsewhere (a Map's get, a task's run): they take SQL text on a driver's own
  // handle, or on a handle named like a database when the text they are given starts as SQL
  return SQL_LIBRARY.test(recvQn) || (sqlHandle(recvQn, site) && startsAsSql(site.args[0]));
}
const SQL_TEXT_METHODS = new Set(['query', 'raw', 'whereRaw', 'orderByRaw', 'havingRaw', 'joinRaw', '$queryRawUnsafe', '$executeRawUnsafe', 'unsafe']);
const SQL_STATEMENT_METHODS = new Set(['get', 'all', 'run', 'each', 'exec', 'prepare', 'none', 'one', 'oneOrNone', 'many', 'manyOrNone', 'any', 'multi']);
const SQL_START = /^\s*(select|insert|update|delete|replace|with|create|drop|alter|pragma)\s/i;

/** Whether text is known to begin as an SQL statement (its constant start, or every one of its possible starts). */
function startsAsSql(v: Value | undefined): boolean {
  const text = v && leadingText(v);
  if (text !== undefined) return SQL_START.test(text);
  return !!v?.starts?.length && v.starts.every((s) => SQL_START.test(s));
}

/** Modules of SQL drivers and query builders (a handle whose qn starts with one of them). */
const SQL_LIBRARY = /^(pg|pg-promise|postgres|mysql|mysql2|mariadb|sqlite|sqlite3|better-sqlite3|sequelize|knex|typeorm|mssql|tedious|oracledb|@prisma|@neondatabase|@vercel\/postgres|@planetscale|slonik|drizzle-orm|kysely|@databases|promise-mysql|sql\.js)\b/;
/** The last name of a receiver that is a database handle by convention. */
const SQL_HANDLE_NAME = /^(db|database|pool|conn|connection|client|pgClient|dbClient|sqlClient|sql|sequelize|knex|queryRunner|manager|entityManager|em|tx|trx|transaction|prisma|pg|mysql|sqlite|postgres|dataSource|datasource)$|[a-z](Db|DB|Pool|Connection|Conn|Sql|SQL|Database|QueryRunner|Transaction|Trx)$/;

/** Whether `recv.query(...)` is on a database handle: from an SQL library, or named like one. */
function sqlHandle(recvQn: string, site: CallSite): boolean {
  if (SQL_LIBRARY.test(recvQn)) return true;
  const callee = site.expr.callee;
  const name = callee.k === 'attr' ? (receiverName(callee.obj) ?? '').replace(/\(\)$/, '') : '';
  return SQL_HANDLE_NAME.test(name) || SQL_HANDLE_NAME.test(recvQn.split('.').pop()?.replace(/\(\)$/, '') ?? '');
}

/** A global replace of a character class holding every quantifier and grouping metacharacter by '\\$&' (escaped). */
function escapesRegexMeta(pattern: Value | undefined, replacement: Value | undefined): boolean {
  if (!pattern?.hasC || !replacement?.hasC || String(replacement.c) !== '\\$&') return false;
  const m = /^\/\[(.*)\]\/[a-z]*g[a-z]*$/.exec(String(pattern.c));
  return !!m && ['.', '*', '+', '?', '(', ')', '|', '[', '{', '\\\\'].every((c) => (m[1] ?? '').includes(c));
}
