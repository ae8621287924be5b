// Python sources, sanitizers and sinks: Flask, Django, FastAPI/Starlette request data; CLI/env input at low
// confidence; the standard library and common packages as sinks.
import type { Expr, FuncIR, ModuleIR } from '../ir';
import type { CallSite, LanguageModel, ModelHost } from '../model';
import type { Value } from '../value';
import { CLEAN, RECORD_TYPE, SERVER_BASE, constant, deepTaint, isObjectBody, joinTaint, leadingText, sanitize, unglued } from '../value';
import { lambdaEvent, containerRead, containmentSubject, flowIn, holdsUpload, mutation, sanitized, signedSubject, stripsToIdentifier, validatorSubject } from './common';
import { djangoAttr, djangoParam } from './django-views';
import { formAttr } from './py-forms';
import { httpHandlerAttr } from './py-http-server';
import { modelParse, nonTextAnnotation } from './py-types';
import { HTTP_RESPONSE, declaredTypeNonHtml, pythonSinks, responseObject } from './python-sinks';

// connexion.request is Flask's request proxy (Connexion 2 runs on Flask; 3 keeps the same attributes)
const REQUEST_OBJECTS = new Set(['flask.request', 'quart.request', 'bottle.request', 'connexion.request', 'req']);
/** Attributes of a web request object that carry client-controlled data. */
const REQUEST_ATTRS = new Set([
  // Flask / Werkzeug / Quart / Bottle
  'args', 'form', 'values', 'cookies', 'headers', 'json', 'data', 'files', 'query_string', 'path', 'full_path',
  'url', 'base_url', 'url_root', 'host_url', 'stream', 'environ', 'view_args', 'get_json', 'get_data', 'input_stream',
  'query', 'params', 'forms', 'body', 'referrer', 'user_agent', 'authorization', 'host', 'mimetype_params',
  // Django / DRF
  'GET', 'POST', 'COOKIES', 'META', 'FILES', 'query_params', 'read', 'readline', 'get_full_path',
  // Starlette / FastAPI
  'path_params', 'form', 'stream',
  // aiohttp (web.Request): form body, URL match, raw body, the request URL
  'post', 'match_info', 'text', 'rel_url', 'multipart',
]);
const ROUTE_DECORATORS = new Set(['route', 'get', 'post', 'put', 'patch', 'delete', 'api_route', 'websocket', 'head', 'options', 'view']);
const NON_DATA_PARAM = /Request|Session|Depends|BackgroundTasks|Response|WebSocket|HTTPConnection|Security/;
const SAFE_URL_CHECK = /(^|\.)_*(url_has_allowed_host_and_scheme|allow(ed)?_redirect|is_safe_url|(is_)?(safe|valid|allowed)_(for_redirect|redirect(_url)?|url|next(_url)?|return_url)|safe_for_redirect|is_safe_redirect(_url)?)$/;
/** secure_filename (werkzeug), sanitize_filename (pathvalidate), slugify: a single file name with no separators. */
const FILENAME_SANITIZER = /^(secure_filename|sanitize_filename|sanitize_filepath|slugify|get_valid_filename)$/;
const ESCAPING_MARKDOWN = 'mistune.escaping-renderer';
const CLEAN_BUILTINS = new Set([
  'int', 'float', 'bool', 'len', 'ord', 'hash', 'abs', 'round', 'isinstance', 'issubclass', 'hasattr', 'callable', 'id', 'type', 'complex', 'divmod', 'range',
  'uuid.UUID', 'decimal.Decimal', 'math.floor', 'math.ceil',
  // parsers into typed values (dates, addresses) that raise on anything else and print back in a canonical form
  'datetime.date.fromisoformat', 'datetime.datetime.fromisoformat', 'datetime.datetime.strptime', 'datetime.time.fromisoformat',
  'dateutil.parser.parse', 'dateutil.parser.isoparse', 'iso8601.parse_date', 'ipaddress.ip_address', 'ipaddress.ip_network',
  'ipaddress.ip_interface', 'ipaddress.IPv4Address', 'ipaddress.IPv6Address', 'ipaddress.IPv4Network', 'ipaddress.IPv6Network',
  'IPy.IP', 'netaddr.IPAddress', 'netaddr.IPNetwork', 'netaddr.EUI',
]);

/** render() of a Django template object (loader.get_template(name), select_template([...]), Template(text)). */
const DJANGO_RENDER_RESPONSE = /^django\.(shortcuts\.(render|render_to_response)|template\.response\.(TemplateResponse|SimpleTemplateResponse))$/;
const DJANGO_TEMPLATE_RENDER = /^django\.template\.(loader\.(get_template|select_template)|Template|engines\[\]\.(get_template|from_string))\(\)\.render$/;

const HTML_ESCAPERS = /^(html\.escape|cgi\.escape|markupsafe\.escape|flask\.escape|jinja2\.escape|django\.utils\.html\.escape|django\.utils\.html\.conditional_escape|bleach\.clean|xml\.sax\.saxutils\.(escape|quoteattr)|werkzeug\.utils\.escape)$/;
const ESCAPE_NAME = /(^|_)(escape|sanitize|clean|encode)_?(for_)?_?html|html_?(escape|encode|sanitize)|^escape$/i;

/** FastAPI's parameter declarations: Query(None), Form(...), File(...), Header(...), Cookie(...), Path(...), Body(...). */
const REQUEST_PARAM = /^(Query|Path|Body|Form|File|Header|Cookie)$/;
function requestParamDeclaration(e: Expr): boolean {
  if (e.k !== 'call') return false;
  const name = e.callee.k === 'name' ? e.callee.id : e.callee.k === 'attr' ? e.callee.name : '';
  return REQUEST_PARAM.test(name);
}

/**
 * A declaration whose `pattern=` (`regex=` before pydantic 2) FastAPI checks before the handler runs, when that regex is
 * anchored at both ends and matches no separator or dot: the value is a single word of the allowed characters.
 */
function constrainedByPattern(e: Expr): boolean {
  if (e.k !== 'call') return false;
  const arg = e.kwargs.find((k) => k.name === 'pattern' || k.name === 'regex')?.value;
  if (arg?.k !== 'const' || typeof arg.v !== 'string') return false;
  const re = arg.v;
  // (only letters, digits, '_', '-', an escaped dot and the regex's own syntax: no separator, quote, space or ';')
  return /^\^/.test(re) && /\$$/.test(re) && !re.includes('[^') && /^[\w\-^$[\]+*?{},()|]*$/.test(re.replace(/\\[.-]/g, ''));
}

function isRequest(v: Value): boolean {
  return !!v.qn && REQUEST_OBJECTS.has(v.qn);
}

export const pythonModel: LanguageModel = {
  global: () => undefined,

  param(fn: FuncIR, index: number, module: ModuleIR, host: ModelHost, imports: ReadonlySet<string>): Value | undefined {
    const p = fn.params[index];
    // a call as the default is a dependency (Depends(...)) or a value made at import time, unless it is one of FastAPI's
    // declarations of where in the request the parameter comes from (Query, Form, File, ...)
    if (!p || (p.default?.k === 'call' && !requestParamDeclaration(p.default))) return undefined;
    // Django views (linked from a URLconf or recognized by decorator/base class): request and URL captures
    const view = djangoParam(fn, index, host);
    if (view) return view;
    if ((p.name === 'request' || p.name === 'req') && !(p.annotation && !/Request/.test(p.annotation))) {
      return { qn: 'req' };
    }
    const lambda = lambdaEvent(fn, index, host);
    if (lambda) return lambda;
    const gql = graphqlArgument(fn, index, imports);
    if (gql) return p.annotation && nonTextAnnotation(p.annotation) ? CLEAN : host.source('high', fn.line, `GraphQL argument ${p.name}`);
    if (!isRoute(fn)) return undefined;
    if (p.name === 'self' || p.name === 'cls' || (p.annotation && NON_DATA_PARAM.test(p.annotation))) return undefined;
    if (imports.has('flask') || imports.has('fastapi') || imports.has('quart') || imports.has('bottle') || imports.has('sanic')) {
      // FastAPI/pydantic converts and validates typed parameters (item_id: UUID4, page: int) before the handler runs
      if (p.annotation && nonTextAnnotation(p.annotation)) return CLEAN;
      const converter = routeConverter(fn, p.name);
      // int/float/uuid convert; a project's own converter (app.url_map.converters[...]) matches its regex and runs its
      // to_python before the view: either way the view gets a validated value, not free text
      // (any(css,js) matches one of the listed words only)
      if (converter && converter !== 'string' && converter !== 'path' && converter !== 'default') return CLEAN;
      // Flask-style frameworks pass a view only its URL variables; a parameter no rule names comes from a decorator
      // (login_required(...)(user=...)) or the route's defaults. FastAPI instead reads such parameters from the query.
      if (!converter && !imports.has('fastapi') && rulesAllKnown(fn)) return undefined;
      // Starlette hands an upload over with the client's own file name (UploadFile.filename), unsanitised
      if (p.annotation && /\bUploadFile\b/.test(p.annotation)) return host.source('high', fn.line, `request.files (${p.name})`, { qn: 'req.files[]' });
      if (p.default?.k === 'call' && constrainedByPattern(p.default)) return CLEAN;
      // `image: bytes = File(...)` is the upload's content, not a name: no path is chosen with it
      if (p.annotation && /^(bytes|Optional\[bytes\]|bytes \| None)$/.test(p.annotation.trim())) {
        const content = host.source('high', fn.line, `route parameter ${p.name}`);
        return content.t ? { ...content, t: sanitize(content.t, ['path']) } : content;
      }
      const v = host.source('high', fn.line, `route parameter ${p.name}`);
      // Werkzeug's default/string converter and FastAPI's {name} stop at '/', and the path is decoded before routing,
      // so the value is one path component (path:/{name:path} is not)
      return converter === 'string' && v.t ? { ...v, t: { ...v.t, safe: new Set([...v.t.safe, 'path']) } } : v;
    }
    return undefined;
  },

  attr(recv: Value, name: string, line: number, host: ModelHost): Value | undefined {
    const view = recv.inst ? (djangoAttr(recv, name, line, host) ?? formAttr(recv, name, line, host) ?? httpHandlerAttr(recv, name, line, host)) : undefined;
    if (view) return view;
    if (isRequest(recv) && name === 'path') {
      // a route rule without variable parts matches exactly one path: request.path is that constant
      const rule = host.fn ? constantRoute(host.fn) : undefined;
      if (rule !== undefined) return constant(rule);
    }
    // in a view whose every rule starts with a fixed segment ('/api/v1/servers/<path:sub>'), the path it serves starts
    // with that segment: it cannot start with '//' or a scheme
    if (isRequest(recv) && (name === 'path' || name === 'full_path')) {
      const start = host.fn ? routeStart(host.fn) : undefined;
      if (start) return host.source('high', line, `request.${name}`, { qn: `req.${name}`, prefix: start });
    }
    if (isRequest(recv) && REQUEST_ATTRS.has(name)) return host.source('high', line, `request.${name}`, { qn: `req.${name}` });
    // a parsed URL's host name holds no delimiter that could move a URL's host
    if (name === 'hostname' && recv.t && /^(urllib\.parse\.(urlparse|urlsplit)|urlparse\.urlparse)\(\)$/.test(recv.qn ?? '')) return { t: { ...recv.t, hostOnly: true }, ...(recv.origin ? { origin: recv.origin } : {}) };
    if (recv.qn === 'sys' && name === 'argv') return host.source('low', line, 'sys.argv', { qn: 'sys.argv' }, 'local');
    if (recv.qn === 'os' && name === 'environ') return host.source('low', line, 'os.environ', { qn: 'os.environ' }, 'local');
    if ((recv.qn === 'flask' || recv.qn === 'connexion') && name === 'request') return { qn: `${recv.qn}.request` };
    // what the application keeps on Flask's `g` or Starlette's `state` is its own object (a ledger, a store), of a class
    // the analysis cannot see from here: not a library API whose calls pass their arguments through, so a method called
    // on it is as unknown as one on `self.datastore` (the flow is kept, marked unproven)
    if (APP_HELD.test(recv.qn ?? '')) return {};
    return undefined;
  },

  sanitizer(site: CallSite): Value | undefined {
    const qn = site.qn ?? '';
    const name = site.name ?? '';
    if (CLEAN_BUILTINS.has(qn)) return cast(site);
    // pydantic parsing: typed fields are converted values (pydantic.ts)
    const parsed = modelParse(site);
    if (parsed) return parsed;
    // typing.cast(T, x) is x: a type checker's note, no conversion
    if (qn === 'typing.cast') return site.args[1] ?? CLEAN;
    // digests and ids carry no attacker-chosen characters; a hash object stays one through update(x), so what
    // its digest() returns is clean too
    if (/^(hashlib|hmac)\b/.test(qn)) return /\.(hex)?digest$/.test(qn) ? CLEAN : { qn: 'hashlib.hash' };
    if (/^(uuid|zlib\.crc32|binascii\.crc32)\b/.test(qn)) return CLEAN;
    // a signed token (JWS compact form) is base64url segments and dots, whatever its claims say
    if (qn === 'jwt.encode' || qn === 'jose.jwt.encode') return CLEAN;
    // re.escape(x): the pattern matches x literally (it escapes regex syntax, not markup)
    if (qn === 're.escape' || qn === 'regex.escape') return sanitized(site, ['regex']);
    if (HTML_ESCAPERS.test(qn) || (!site.method && ESCAPE_NAME.test(name)) || (site.method && ESCAPE_NAME.test(site.method) && site.method !== 'encode')) {
      return sanitized(site, ['xss']);
    }
    // django.core.signing raises BadSignature unless the server signed the data: what comes out, the server wrote
    if (qn === 'django.core.signing.loads' || (/^unsign(_object)?$/.test(site.method ?? '') && site.recv?.qn?.startsWith('django.core.signing.'))) return CLEAN;
    // Django templates autoescape: the rendered text is HTML-safe (a template's |safe or autoescape off is not seen)
    // ... and so does the response of render()/TemplateResponse: its content (`render(...).content.decode()`) is that text
    if (qn === 'django.template.loader.render_to_string' || DJANGO_TEMPLATE_RENDER.test(qn) || DJANGO_RENDER_RESPONSE.test(qn)) return sanitized(site, ['xss'], flowIn(site));
    // pickle.dumps(x) writes a stream that rebuilds x and nothing else: loading it again (a deep copy) runs no
    // attacker-chosen reduce; the data inside keeps its taint for every other sink
    if (/^((c|_)?pickle|dill|cloudpickle|marshal)\.dumps$/.test(qn)) return sanitized(site, ['deserialization'], flowIn(site));
    if (/^(shlex|pipes)\.quote$/.test(qn) || qn === 'shlex.join') return sanitized(site, ['command']);
    // re.sub('[^a-z0-9_-]+', '', x): only the characters of an identifier are left, nothing any sink interprets
    if (qn === 're.sub' && stripsToIdentifier(site.args[0], site.args[1], false)) return CLEAN;
    // Django's slugify (and python-slugify's default) keeps only letters, digits, '_' and '-': nothing any sink reads
    if (/^(django\.utils\.text\.slugify|django\.template\.defaultfilters\.slugify|slugify\.slugify)$/.test(qn) && site.args.length === 1 && !site.kwargs.size) return CLEAN;
    if (qn === 'os.path.basename' || /(^|\.)secure_filename$/.test(qn) || FILENAME_SANITIZER.test(name)) return sanitized(site, ['path']);
    // Flask renders .html/.htm/.xml templates with autoescape on: the output is HTML-safe (|safe in a template is
    // the template rules' business). Theme and blueprint extensions (flask_themes2.render_theme_template, quart's)
    // render the same way: the first argument only names a template file. Rendering a string is another matter.
    if (/^(flask\.)?render_template$/.test(qn) || (/^(flask|quart|flask_\w+)\.(\w+\.)*render_(\w+_)?template$/.test(qn) && !/string/.test(qn))) {
      return sanitized(site, ['xss'], flowIn(site));
    }
    if (qn === ESCAPING_MARKDOWN || site.recv?.qn === ESCAPING_MARKDOWN) return sanitized(site, ['xss'], flowIn(site));
    // XML/SVG built through an element API and serialized: text and attribute values are escaped by the serializer
    // (any .tostring() method serializes a structured object — an svgwrite drawing built by a project helper included)
    if (/^(xml\.etree\.ElementTree|lxml\.etree)\.tostring$/.test(qn) || site.method === 'tostring') {
      return sanitized(site, ['xss'], flowIn(site));
    }
    // a redirect helper reached through an object the analysis cannot resolve (a dict of helpers with __getattr__,
    // `h.redirect_to(...)`): it returns a redirect response, not the text of its arguments as a page body
    if (!qn && site.method && /^redirect(_to)?$/.test(site.method)) return { ...flowIn(site), qn: `?.${site.method}()` };
    // Django's get_absolute_url() convention returns reverse(...) of the object's own route
    if (site.method === 'get_absolute_url') return CLEAN;
    // werkzeug/flask/django safe_join(base, *parts) refuses parts that leave base (None or SuspiciousFileOperation)
    if (/(^|\.)safe_join$/.test(qn) || name === 'safe_join') return sanitized(site, ['path'], flowIn(site));
    // project helpers named for what they do to a URL (sanitize_url, safe_redirect_url, clean_next_url...)
    if (!site.method && /^(sanitize|clean|safe|validated)_?(redirect_?)?(url|uri|next|next_url|redirect|redirect_url|return_url|href|link)$/i.test(name)) {
      return sanitized(site, ['redirect', 'xss'], flowIn(site));
    }
    // a Django QueryDict serialized with urlencode() (`request.GET.urlencode()`): every special character is
    // percent-encoded, as urllib's urlencode does
    if (site.method === 'urlencode' && site.args.length === 0 && /^(req|request)\.(GET|POST|query_params)$|QueryDict/.test(site.recv?.qn ?? '')) {
      return sanitized(site, ['xss', 'sql', 'command', 'code', 'ldap', 'xpath', 'header'], site.recv);
    }
    // quote_plus and urlencode also encode '/' (and urlencode's text starts with a key): no host, no path separator;
    // quote keeps '/' by default, so '//evil.example' stays one
    if (/^urllib\.parse\.(quote_plus|urlencode)$/.test(qn) && (qn.endsWith('quote_plus') || isLiteralKeyed(site.args[0]))) {
      return sanitized(site, ['xss', 'sql', 'command', 'code', 'ldap', 'xpath', 'header', 'ssrf', 'redirect', 'path']);
    }
    if (/^urllib\.parse\.(quote|quote_plus|urlencode)$/.test(qn) || qn === 'urllib.quote') {
      return sanitized(site, ['xss', 'sql', 'command', 'code', 'ldap', 'xpath', 'header']);
    }
    if (/escape_filter_chars|escape_dn_chars/.test(qn)) return sanitized(site, ['ldap']);
    // the DB-API drivers' string escapers (pymysql/MySQLdb escape_string, a connection's escape_string):
    // quotes and backslashes come out escaped, so the value cannot leave the quoted literal it is written into
    if ((site.method ?? name) === 'escape_string') return sanitized(site, ['sql']);
    // HTML sanitizers: nh3/bleach/lxml cleaners keep an allow-list of tags, Django's format_html escapes its args
    if (/^(nh3\.clean|bleach\.(clean|linkify)|lxml\.html\.clean\.clean_html|django\.utils\.html\.(format_html|strip_tags))$/.test(qn)) return sanitized(site, ['xss'], flowIn(site));
    // url_for()/reverse() build URLs of this application with quoted arguments
    if (/^(flask\.url_for|url_for|django\.urls\.reverse|django\.shortcuts\.resolve_url|reverse)$/.test(qn)) return sanitized(site, ['redirect', 'xss', 'ssrf', 'header'], flowIn(site));
    if (site.method === 'replace' && site.recv && site.args[0]?.hasC && /['"]/.test(String(site.args[0].c))) {
      // removing or encoding quote characters closes the way out of a quoted XPath/SQL literal
      return sanitized(site, ['xpath', 'sql'], site.recv);
    }
    return undefined;
  },

  call(site: CallSite, host: ModelHost): Value | undefined {
    const qn = site.qn ?? '';
    if (qn === 'input' || qn === 'raw_input') return host.source('low', site.expr.line, `${qn}()`, undefined, 'local');
    if (qn === 'os.getenv' || qn === 'os.environ.get') return host.source('low', site.expr.line, site.expr.text, undefined, 'local');
    pythonSinks(site, host);
    // a webhook event whose signature the provider's SDK verified (it raises otherwise): stripe.Webhook.construct_event
    if (/^stripe\.Webhook\.construct_event$/.test(qn) || (site.method === 'construct_event' && /Webhook$/.test(site.recv?.qn ?? ''))) return CLEAN;
    const record = namedTupleType(site) ?? namedTupleReplace(site);
    if (record) return record;
    const copied = dictCopy(site);
    if (copied) return copied;
    // what a file holds is stored data, not its name: a chosen path is reported at the open/read (path traversal)
    if (fileRead(site) && !holdsUpload(site.recv)) return CLEAN;
    // Django's TemporaryUploadedFile.temporary_file_path(): a path the server chose in its own temp folder
    if (site.method === 'temporary_file_path' && site.args.length === 0) return CLEAN;
    // splitext(p): the extension is what follows the last dot of the last path component, so it holds no separator
    if (qn === 'os.path.splitext' && site.args[0]) {
      const t = deepTaint(site.args[0]);
      const ext = sanitize(t, ['path']);
      return { elems: [t ? { t } : CLEAN, ext ? { t: ext } : CLEAN] };
    }
    // an outbound request's response is the remote service's data, not the URL it was sent to (a URL the input
    // chooses is the SSRF finding at the call)
    if (HTTP_RESPONSE.test(qn)) return { qn: `${qn}()` };
    const client = guardedHttpClient(site);
    if (client) return client;
    const joined = urlJoin(site);
    if (joined) return joined;
    // getattr(obj, name) returns one of obj's own attributes: a chosen name picks a column or method, it is not text
    // that reaches the sink (the object's own taint stays)
    if (qn === 'getattr' && site.args[0]) return deepTaint(site.args[0]) ? { t: deepTaint(site.args[0]) } : { qn: 'getattr()' };
    const response = responseObject(site);
    if (response) return response;
    const orm = ormLookup(site);
    if (orm) return orm;
    const parsed = parseLike(site);
    if (parsed) return parsed;
    const container = containerRead(site) ?? mutation(site, host);
    if (container) return container;
    return modeledObject(site, host);
  },

  store(obj: Value, key: string | null, value: Value, line: number, host: ModelHost, keyValue?: Value): void {
    const qn = obj.qn ?? '';
    if (qn === 'flask.session' || /(^|\.)session$/.test(qn)) {
      // an attacker-chosen key crosses the trust boundary as much as an attacker-chosen value
      const both = { t: joinTaint(deepTaint(value), keyValue ? deepTaint(keyValue) : undefined) };
      host.sink({ kind: 'trust-boundary', value: both, line, label: `session[${key ?? '...'}] = ...` });
    }
    // Django responses reject CR/LF in header values (BadHeaderError): they cannot be split
    else if ((/\.headers$/.test(qn) || /Response\(\)$/.test(qn)) && !qn.startsWith('django.')) host.sink({ kind: 'header', value, line, label: `headers[${key ?? '?'}] = ...` });
  },

  ret(fn: FuncIR, value: Value, line: number, host: ModelHost, imports: ReadonlySet<string>): void {
    // a response object leaving a function is what gets sent (unless a non-HTML type was set on it meanwhile)
    const responses = value.elems ? value.elems.filter((e) => e.pending) : value.pending ? [value] : [];
    for (const r of responses) if (!declaredTypeNonHtml(r)) for (const p of r.pending ?? []) host.sink(p);
    if (!isRoute(fn) || !(imports.has('flask') || imports.has('bottle') || imports.has('quart'))) return;
    // a route's returned string is the HTML body; tuples are (body, status/headers); dicts become JSON
    const body = value.elems ? value.elems[0] : value;
    if (!body || isObjectBody(body)) return;
    const headers = value.elems?.find((e, i) => i > 0 && e.fields);
    // (body, 200, {'Content-Type': 'application/json'}): a declared non-HTML type is not rendered as HTML
    const declared = [...(headers?.fields ?? [])].find(([k]) => k.toLowerCase() === 'content-type')?.[1];
    const nonHtml = declared?.hasC && typeof declared.c === 'string' && !/html|xml|svg/i.test(declared.c);
    if (!nonHtml) host.sink({ kind: 'xss', value: body, line, label: `return from route ${fn.name}` });
    if (headers) host.sink({ kind: 'header', value: headers, line, label: `response headers from route ${fn.name}` });
  },

  validator(site: CallSite) {
    const qn = site.qn ?? '';
    if (/^re\.(match|fullmatch|search)$/.test(qn) && !deepTaint(site.args[0] ?? CLEAN) && matchesWhole(qn.slice(3), site.args[0])) return site.expr.args[1];
    if ((site.method === 'match' || site.method === 'fullmatch') && site.recv?.qn?.startsWith('re.compile')) return site.expr.args[0];
    // Django's url_has_allowed_host_and_scheme / is_safe_url and project checks named for it (is_safe_url,
    // safe_for_redirect, is_valid_redirect): true only for a URL on an allowed host
    if (SAFE_URL_CHECK.test(qn) || (!site.method && SAFE_URL_CHECK.test(site.name ?? ''))) return site.expr.args[0] ?? site.expr.kwargs.find((k) => k.name === 'url')?.value;
    return containmentSubject(site) ?? signedSubject(site) ?? validatorSubject(site);
  },
};

/**
 * Whether a successful re.match/search/fullmatch with this pattern proves what the whole value is: fullmatch always;
 * match only with an end anchor (`[a-z]+$`), search only anchored at both ends (`^[a-z]+$`). An unanchored pattern
 * (`re.search("[0-9]", name)`) proves only that part of the value matched, not that the rest is harmless. A pattern
 * the analysis cannot read (a project constant, a compiled object) keeps counting as the project's check.
 */
function matchesWhole(fn: string, pattern: Value | undefined): boolean {
  if (fn === 'fullmatch' || !pattern?.hasC || typeof pattern.c !== 'string') return true;
  const p = pattern.c;
  const end = /(^|[^\\])(\\\\)*(\$|\\Z)$/.test(p);
  const start = fn === 'match' || /^(\(\?[a-zA-Z]+\))?(\^|\\A)/.test(p);
  return start && end;
}

function isRoute(fn: FuncIR): boolean {
  return fn.decorators.some((d) => {
    const callee = d.k === 'call' ? d.callee : d;
    if (callee.k === 'attr') return ROUTE_DECORATORS.has(callee.name);
    // Bottle's module-level decorators (`from bottle import route`): `@route('/path')`, `@post('/path')`
    const rule = d.k === 'call' ? d.args[0] : undefined;
    return callee.k === 'name' && ROUTE_DECORATORS.has(callee.id) && rule?.k === 'const' && typeof rule.v === 'string' && rule.v.startsWith('/');
  });
}

/** Converter of a route variable in the decorators' rules: 'string' for `<name>`/`<string:name>`/`{name}`. */
function routeConverter(fn: FuncIR, name: string): string | undefined {
  // a view served by several rules gets the variable from each: free text if any rule passes it as text
  let found: string | undefined;
  for (const d of fn.decorators) {
    const rule = d.k === 'call' ? d.args[0] : undefined;
    if (rule?.k !== 'const' || typeof rule.v !== 'string') continue;
    const flask = new RegExp(`<(?:(\\w+)(?:\\([^)]*\\))?:)?${name}>`).exec(rule.v);
    const fastapi = flask ? null : new RegExp(`\\{${name}(?::(\\w+))?\\}`).exec(rule.v);
    const converter = flask ? (flask[1] ?? 'string') : fastapi ? (fastapi[1] ?? 'string') : undefined;
    if (converter === 'string' || converter === 'path' || converter === 'default') return converter;
    found ??= converter;
  }
  return found;
}

/** The rule of each Flask-style route decorator of the function: its text, or null when it is not a string literal. */
function routeRules(fn: FuncIR): (string | null)[] {
  return fn.decorators.flatMap((d) => {
    if (d.k !== 'call' || d.callee.k !== 'attr' || !ROUTE_DECORATORS.has(d.callee.name)) return [];
    const rule = d.args[0];
    return [rule?.k === 'const' && typeof rule.v === 'string' ? rule.v : null];
  });
}

/** Every route decorator of the function has its rule as a string literal (so the rules list every URL variable). */
function rulesAllKnown(fn: FuncIR): boolean {
  const rules = routeRules(fn);
  return rules.length > 0 && rules.every((r) => r !== null);
}

/** The rule of a Flask-style `@x.route('/a/b')` decorator when it has no `<variable>` parts. */
function constantRoute(fn: FuncIR): string | undefined {
  const rules = routeRules(fn);
  return rules.length === 1 && rules[0] !== null && !rules[0]!.includes('<') ? rules[0]! : undefined;
}

/** The fixed start all of a Flask-style view's rules share before their first variable, when it is a path segment. */
function routeStart(fn: FuncIR): string | undefined {
  const rules = routeRules(fn);
  if (rules.length === 0 || rules.some((r) => r === null)) return undefined;
  let start = rules[0]!.split('<')[0]!;
  for (const r of rules) while (!r!.startsWith(start)) start = start.slice(0, -1);
  return /^\/[^/\\<]/.test(start) ? start : undefined;
}

/** A relative reference that keeps the base's host: a path from the root ('/x'), a relative path ('a/b'), a query. */
const KEEPS_HOST = /^(\/[^/\\]|[\w.~-]+\/|[?#])/;

/**
 * urljoin(base, ref): the host is the base's unless ref is absolute or protocol-relative. With a base the request
 * does not choose and a ref that starts as a path (`request.full_path` under a fixed route, `'/servers/' + name`),
 * the result stays on the base's host.
 */
function urlJoin(site: CallSite): Value | undefined {
  if (!/^(urllib\.parse|urlparse|requests\.compat|six\.moves\.urllib\.parse)\.urljoin$/.test(site.qn ?? '')) return undefined;
  const [base, ref] = site.args;
  if (!base || !ref) return undefined;
  const t = joinTaint(deepTaint(base), deepTaint(ref));
  const start = leadingText(ref);
  // (a ref that starts with a base the server chose, `settings.API_PREFIX + '/zones/' + name`, keeps that one)
  const pinned = !deepTaint(base) && start !== undefined && (KEEPS_HOST.test(start) || start.startsWith(SERVER_BASE));
  return { ...(t ? { t } : {}), ...(pinned ? { hostPinned: true as const } : {}) };
}

/** Manager/queryset methods whose result holds the values they were given (the row written, not a row read). */
const ORM_ECHO = new Set(['create', 'get_or_create', 'update_or_create', 'bulk_create', 'bulk_update']);

/** Django helpers that look rows up: get_object_or_404(Model, slug=x) returns the row, authenticate() the user. */
const DB_LOOKUP = /^django\.(shortcuts\.(get_object_or_404|get_list_or_404)|contrib\.auth\.authenticate)$/;

/**
 * `Model.objects.get(slug=x)`, `.filter(...).first()`, custom manager methods: a Django ORM lookup returns rows
 * from the database, not its arguments (raw()/extra() are SQL sinks, reported before this).
 */
function ormLookup(site: CallSite): Value | undefined {
  if (site.qn && DB_LOOKUP.test(site.qn)) return { qn: `${site.qn}()` };
  const recv = site.recv?.qn ?? '';
  // the row created holds the values given for its fields; its other attributes (pk, URLs built from the pk) are the
  // database's
  if (site.method === 'create' && /\.objects$/.test(recv) && site.args.length === 0 && site.kwargs.size > 0) {
    return { qn: `${recv}.create()`, fields: new Map(site.kwargs) };
  }
  if (!site.method || ORM_ECHO.has(site.method) || !/\.objects(\.\w+\(\))*$/.test(recv)) return undefined;
  return { qn: `${recv}.${site.method}()` };
}

/** `Path(p).read_bytes()`, `open(p).read()`, `f.readlines()` of a file opened from a path. */
function fileRead(site: CallSite): boolean {
  const recv = site.recv?.qn ?? '';
  if (site.method === 'read_text' || site.method === 'read_bytes') return recv.startsWith('pathlib.');
  return /^(read|readline|readlines)$/.test(site.method ?? '') && /^(open|io\.open|codecs\.open|builtins\.open)\(\)$/.test(recv);
}

function cast(site: CallSite): Value {
  const a = site.args[0];
  if (site.qn === 'len' && a?.hasC && typeof a.c === 'string') return constant(a.c.length);
  if (site.qn === 'int' && a?.hasC && /^\s*-?\d+\s*$/.test(String(a.c))) return constant(Number(a.c));
  return CLEAN;
}

/** urlparse(x), Path(x), os.path.realpath(x): the result remembers x so a guard on it validates x. */
function parseLike(site: CallSite): Value | undefined {
  const qn = site.qn ?? '';
  const parse = /^(urllib\.parse\.(urlparse|urlsplit)|urlparse\.urlparse|pathlib\.(Path|PurePath|PosixPath)|os\.path\.(realpath|abspath|normpath|join))$/.test(qn);
  const pathMethod = site.recv?.qn?.startsWith('pathlib.') && ['resolve', 'absolute', 'joinpath', 'with_name', 'with_suffix'].includes(site.method ?? '');
  if (!parse && !pathMethod) return undefined;
  const origin = new Set<string>(site.recv?.origin ?? []);
  let t = pathMethod ? site.recv?.t : undefined;
  site.expr.args.forEach((a, i) => {
    if (a.k === 'name') origin.add(a.id);
    t = joinTaint(t, deepTaint(site.args[i] ?? CLEAN));
    for (const o of site.args[i]?.origin ?? []) origin.add(o);
  });
  const out: Value = { qn: qn.startsWith('pathlib') || pathMethod ? 'pathlib.Path' : `${qn}()`, origin: [...origin] };
  // normpath, abspath, realpath and Path.resolve() collapse `x/..` without asking the file system, so a `..` glued to
  // fixed text (`5_../../x`) climbs again after them
  if (NORMALIZES.test(qn) || (pathMethod && site.method === 'resolve')) t = unglued(t);
  if (t) out.t = t;
  return out;
}

const NORMALIZES = /^os\.path\.(realpath|abspath|normpath)$/;

/** Request-scoped or application-scoped holders of the application's own objects (`flask.g.ledger`, `request.app.state.db`). */
const APP_HELD = /^(flask\.g|req\.state|req\.app\.state|fastapi\.FastAPI\(\)\.state|starlette\.applications\.Starlette\(\)\.state)$/;

/** Library objects whose state we model: XML parsers with external entities on, config parsers. */
// In-memory and temporary file objects: send_file(io.BytesIO(data)) sends bytes, it names no path.
const FILE_OBJECTS = /^(io\.(BytesIO|StringIO)|tempfile\.(SpooledTemporaryFile|TemporaryFile|NamedTemporaryFile))$/;

// SQLAlchemy Core/ORM statements (select(User).where(User.id == x), update(T).values(...)): values are bound
// parameters, so the statement object carries no injectable SQL text (text() is a sink of its own).
const SQL_STATEMENT = /^(sqlalchemy(\.\w+)*|flask_sqlalchemy(\.\w+)*\(\)|[\w.]*SQLAlchemy\(\))\.(select|update|insert|delete|union|union_all|exists|and_|or_)$/;
const STATEMENT_METHODS = new Set(['where', 'filter', 'filter_by', 'values', 'order_by', 'group_by', 'having', 'limit', 'offset', 'join', 'outerjoin', 'options', 'returning', 'distinct', 'select_from', 'with_only_columns', 'execution_options', 'on_conflict_do_update', 'on_conflict_do_nothing']);
export const SQL_EXPR = 'sql-expr';

/** `Model.__table__.insert()`, `users_table.update()`: the same statements built from a Table object's methods. */
function tableStatement(site: CallSite): boolean {
  if (!site.method || !/^(select|insert|update|delete)$/.test(site.method) || site.expr.callee.k !== 'attr') return false;
  const obj = site.expr.callee.obj;
  return (obj.k === 'attr' && obj.name === '__table__') || /^sqlalchemy(\.schema)?\.Table\(\)$/.test(site.recv?.qn ?? '');
}

function sqlStatement(site: CallSite): Value | undefined {
  const isStatement = SQL_STATEMENT.test(site.qn ?? '') || tableStatement(site) || (!!site.method && STATEMENT_METHODS.has(site.method) && !!site.recv?.flags?.has(SQL_EXPR));
  if (!isStatement) return undefined;
  const t = sanitize(deepTaint(flowIn(site)), ['sql']);
  return { flags: new Set([SQL_EXPR]), ...(t ? { t } : {}) };
}

/** A transport named for what it enforces (SafeTransport, SSRFGuardTransport, AllowListTransport). */
const GUARDING_TRANSPORT = /safe|ssrf|guard|restrict|allow|validat|block/i;
export const SSRF_GUARDED = 'ssrf-guarded';

/**
 * httpx.Client(transport=SafeTransport()): every request of this client goes through the project's transport, which
 * checks where it connects (the usual way to refuse private and local addresses).
 */
function guardedHttpClient(site: CallSite): Value | undefined {
  if (!/^httpx\.(Async)?Client$/.test(site.qn ?? '')) return undefined;
  const transport = site.kwargs.get('transport');
  const name = transport?.inst?.name ?? transport?.qn?.replace(/\(\)$/, '').split('.').pop() ?? '';
  return GUARDING_TRANSPORT.test(name) ? { qn: `${site.qn}()`, flags: new Set([SSRF_GUARDED]) } : undefined;
}

/** session.execute(stmt) / scalars(stmt) / exec(stmt) of a SQLAlchemy statement: rows read from the database. */
const STATEMENT_EXECUTORS = new Set(['execute', 'scalars', 'scalar', 'exec', 'scalar_one', 'scalar_one_or_none']);

function modeledObject(site: CallSite, host: ModelHost): Value | undefined {
  const { recv, recvName, method } = site;
  const statement = sqlStatement(site);
  if (statement) return statement;
  // the rows a bound statement returns are stored data, not the values it filtered by (the lookup by a slug returns
  // the row's own id, not the slug)
  if (method && STATEMENT_EXECUTORS.has(method) && site.args[0]?.flags?.has(SQL_EXPR)) return { qn: 'sqlalchemy.Result' };
  // mistune.create_markdown(escape=True): a renderer that HTML-escapes raw HTML in its input
  if (/^mistune\.(create_markdown|Markdown)$/.test(site.qn ?? '') && site.kwargs.get('escape')?.c === true) return { qn: ESCAPING_MARKDOWN };
  if (FILE_OBJECTS.test(site.qn ?? '')) {
    const t = deepTaint(flowIn(site));
    return { qn: `${site.qn}()`, ...(t ? { t } : {}) };
  }
  if (method === 'setFeature' && recv && recvName) {
    const feature = site.expr.args[0];
    const on = site.args[1];
    if (feature && /external_(ges|pes)|external-general-entities/.test(exprText(feature)) && on?.hasC && on.c === true) {
      host.rebind(recvName, { ...recv, flags: new Set([...(recv.flags ?? []), 'xxe']) });
    }
    return CLEAN;
  }
  if (/^lxml\.etree\.XMLParser$/.test(site.qn ?? '')) {
    const resolve = site.kwargs.get('resolve_entities');
    const network = site.kwargs.get('no_network');
    const xxe = (resolve?.hasC && resolve.c === true) || (network?.hasC && network.c === false);
    return { qn: 'lxml.etree.XMLParser()', flags: xxe ? new Set(['xxe']) : undefined };
  }
  if (recv?.qn?.startsWith('configparser.') && recvName && method && site.args.every((a, i) => i === 2 || a.hasC)) {
    const key = `${String(site.args[0]?.c)}\u0000${String(site.args[1]?.c)}`;
    if (method === 'set' && site.args.length >= 3) {
      host.rebind(recvName, { ...recv, fields: new Map([...(recv.fields ?? []), [key, site.args[2] as Value]]) });
      return CLEAN;
    }
    if (method === 'get' && site.args.length >= 2) return recv.fields?.get(key) ?? site.kwargs.get('fallback') ?? CLEAN;
  }
  return undefined;
}

function exprText(e: import('../ir').Expr): string {
  if (e.k === 'attr') return `${exprText(e.obj)}.${e.name}`;
  if (e.k === 'name') return e.id;
  if (e.k === 'const') return String(e.v);
  return '';
}

/**
 * collections.namedtuple('Meta', 'path, title') with constant field names: a record type whose instances keep each
 * field apart (the interpreter builds them, see RECORD_TYPE), so a tainted title does not taint the path.
 */
function namedTupleType(site: CallSite): Value | undefined {
  if (site.qn !== 'collections.namedtuple') return undefined;
  const spec = site.args[1] ?? site.kwargs.get('field_names');
  const names = spec?.hasC && typeof spec.c === 'string' ? spec.c.split(/[\s,]+/).filter(Boolean)
    : spec?.elems?.every((e) => e.hasC && typeof e.c === 'string') ? spec.elems.map((e) => String(e.c)) : undefined;
  if (!names?.length) return undefined;
  return { qn: 'collections.namedtuple()', flags: new Set([RECORD_TYPE]), fields: new Map(names.map((n) => [n, CLEAN])) };
}

/** record._replace(title=x): a copy with those fields set, the others as they were. */
function namedTupleReplace(site: CallSite): Value | undefined {
  if (site.method !== '_replace' || !site.recv?.fields || site.recv.t) return undefined;
  return { ...site.recv, fields: new Map([...site.recv.fields, ...site.kwargs]) };
}

/** GraphQL libraries whose resolvers take the query's arguments as parameters after `info`. */
const GRAPHQL_IMPORTS = ['graphene', 'strawberry', 'ariadne', 'graphql'];

/**
 * A parameter that receives a GraphQL argument: after `info` in a graphene `mutate`/`resolve_*` method, a strawberry
 * or ariadne resolver (the client chooses every argument of a query or mutation).
 */
function graphqlArgument(fn: FuncIR, index: number, imports: ReadonlySet<string>): boolean {
  if (!GRAPHQL_IMPORTS.some((m) => imports.has(m))) return false;
  const info = fn.params.findIndex((q) => q.name === 'info' || q.name === '_info');
  if (info < 0 || info > 1 || index <= info) return false;
  const decorated = fn.decorators.some((d) => /^(strawberry\.(field|mutation)|\w+\.field)$/.test(exprText(d.k === 'call' ? d.callee : d)));
  return fn.name === 'mutate' || fn.name.startsWith('resolve_') || decorated;
}

/** A dict written with constant keys (`{"filename": x}`): urlencode's text then starts with a fixed key. */
function isLiteralKeyed(v: Value | undefined): boolean {
  return !!v?.fields && !v.qn && !v.inst && !v.t;
}

/**
 * `dict(mapping, key=value)`: a copy of the mapping with those keys set, each key keeping its own value, so
 * `dict(request.scope, query_string=q)` taints the query string it replaced, not every other key of the copy. A
 * mapping whose keys are not known keeps its own taint for them; a `**` splat (an unknown argument) is not modelled.
 */
function dictCopy(site: CallSite): Value | undefined {
  if (site.qn !== 'dict' || site.args.length > 1) return undefined;
  const base = site.args[0];
  // dict(pairs) with no keys named: nothing to keep apart
  if (base && !base.fields && site.kwargs.size === 0) return undefined;
  const fields = new Map<string, Value>(base?.fields ?? []);
  for (const [k, v] of site.kwargs) fields.set(k, v);
  const t = base ? (base.fields ? base.t : deepTaint(base)) : undefined;
  return { fields, qn: 'dict()', ...(t ? { t } : {}) };
}
