// Python sinks: where request data must not arrive unsanitized.
import type { CallSite, ModelHost } from '../model';
import type { Value } from '../value';
import { constOptions } from '../value';
import { holdsUpload, sinkArgs, sinkValue } from './common';
import { HANDLER_WFILE, isHttpHandler } from './py-http-server';

const COMMAND_FUNCS = /^(os\.(system|popen|popen[234]|spawnl|spawnle|spawnlp|spawnlpe|spawnv|spawnve|spawnvp|spawnvpe|execl|execle|execlp|execlpe|execv|execve|execvp|execvpe)|commands\.(getoutput|getstatusoutput)|subprocess\.(getoutput|getstatusoutput)|asyncio\.create_subprocess_shell|pty\.spawn)$/;
const SUBPROCESS = /^(subprocess\.(run|call|check_call|check_output|Popen)|asyncio\.create_subprocess_exec)$/;
const SHELLS = /^(\/(usr\/)?bin\/)?(sh|bash|zsh|dash|ksh|cmd|cmd\.exe|powershell|powershell\.exe|pwsh)$/i;
// Metadata checks (os.stat, os.path.exists, Path.is_file) are left out, as in JavaScript: they return no content,
// and code validating a path calls them first.
// file() is Python 2's open()
const PATH_FUNCS = /^(open|file|io\.open|codecs\.open|os\.(open|remove|unlink|rmdir|removedirs|mkdir|makedirs|listdir|scandir|rename|renames|replace|chmod|chown|truncate|walk)|shutil\.(copy|copy2|copyfile|copytree|move|rmtree|make_archive)|tarfile\.open|zipfile\.ZipFile|flask\.send_file|send_file|(starlette|fastapi)\.responses\.FileResponse|fastapi\.FileResponse|aiohttp\.web\.FileResponse|fileinput\.input|linecache\.getlines|numpy\.load|io\.FileIO)$/;
/** Checks that read no content: a chosen path tells the caller only whether it exists (an existence oracle, low). */
const PATH_EXISTENCE_FUNCS = /^(os\.(stat|lstat|access)|os\.path\.(exists|lexists|isfile|isdir|getsize|getmtime))$/;
const PATH_EXISTENCE_METHODS = new Set(['exists', 'is_file', 'is_dir', 'stat', 'lstat']);
const PATH_METHODS = new Set(['open', 'read_text', 'read_bytes', 'write_text', 'write_bytes', 'unlink', 'rmdir', 'mkdir', 'touch', 'iterdir', 'rename', 'replace', 'glob', 'rglob', 'chmod']);
/** The outbound calls among SSRF_FUNCS that return the response (not a request or connection object to use later). */
export const HTTP_RESPONSE = /^(requests|httpx)\.(get|post|put|patch|delete|head|options|request)$|^(urllib\.request\.urlopen|urllib2\.urlopen|urllib\.urlopen)$/;
const SSRF_FUNCS = /^(requests|httpx)\.(get|post|put|patch|delete|head|options|request|stream)$|^(urllib\.request\.(urlopen|Request|urlretrieve)|urllib2\.(urlopen|Request)|urllib\.urlopen|http\.client\.(HTTPConnection|HTTPSConnection)|httplib\.(HTTPConnection|HTTPSConnection)|aiohttp\.request)$/;
const REDIRECT_FUNCS = /^(flask\.redirect|redirect|django\.shortcuts\.redirect|django\.http\.(HttpResponseRedirect|HttpResponsePermanentRedirect)|HttpResponseRedirect|HttpResponsePermanentRedirect|(fastapi|starlette)\.responses\.RedirectResponse|RedirectResponse|bottle\.redirect|quart\.redirect)$/;
const HTML_FUNCS = /^(flask\.Markup|markupsafe\.Markup|Markup|django\.utils\.safestring\.mark_safe|mark_safe|(fastapi|starlette)\.responses\.HTMLResponse|HTMLResponse)$/;
/** Response objects whose content type can still be set after construction: their XSS sink waits for the return. */
const RESPONSE_FUNCS = /^(django\.http\.HttpResponse|HttpResponse|flask\.Response|Response)$/;
// bottle.template() compiles its argument as template source when it looks like one (a newline, `{`, `%`, `$` or `<`),
// and SimpleTemplate runs inline Python in `{{ }}`: a request value built into that text is code
const TEMPLATE_FUNCS = /^(flask\.render_template_string|render_template_string|jinja2\.Template|Template|quart\.render_template_string|mako\.template\.Template|bottle\.(template|SimpleTemplate|jinja2_template|mako_template))$/;
const DESERIALIZE = /^((c|_)?pickle|dill|marshal|shelve|cloudpickle|joblib|jsonpickle)\.(loads?|Unpickler|open|decode)$|^(pandas\.read_pickle|yaml\.(unsafe_load|unsafe_load_all|full_load|full_load_all))$/;
const XPATH_FUNCS = /^(lxml\.etree\.(XPath|ETXPath)|elementpath\.(select|iter_select|Selector))$/;
const XML_PARSE = /^(xml\.dom\.minidom\.(parse|parseString)|xml\.sax\.(parse|parseString)|lxml\.etree\.(fromstring|parse|XML)|xml\.dom\.pulldom\.(parse|parseString))$/;
const SQL_METHODS = new Set(['execute', 'executemany', 'executescript', 'mogrify']);
const LDAP_METHODS = new Set(['search', 'search_s', 'search_st', 'search_ext', 'search_ext_s', 'search_subtree_s']);

/**
 * A GraphQL schema (graphene.Schema, strawberry.Schema, graphql-core's GraphQLSchema): its execute(query) runs a
 * GraphQL document against the schema's own resolvers, where any SQL is written; the document is no SQL text.
 */
function graphqlSchema(site: CallSite): boolean {
  const recv = site.recv?.qn ?? site.recv?.inst?.name ?? '';
  return /^(graphene|strawberry|graphql|ariadne)\b.*\bSchema\b|GraphQLSchema/.test(recv);
}

export function pythonSinks(site: CallSite, host: ModelHost): void {
  const qn = site.qn ?? '';
  const method = site.method ?? '';
  const recvQn = site.recv?.qn ?? '';
  // injection
  if (SQL_METHODS.has(method) && !recvQn.startsWith('re.') && !graphqlSchema(site)) sinkArgs(site, host, 'sql', [0], ['sql', 'query', 'operation']);
  else if (method === 'raw' && /objects|manager/i.test(recvQn)) sinkArgs(site, host, 'sql', [0]);
  else if (method === 'extra' && /objects|manager|filter|all/i.test(recvQn)) sinkArgs(site, host, 'sql', [], ['where', 'select', 'tables']);
  else if (/^(sqlalchemy\.(text|sql\.text)|pandas\.read_sql(_query)?|django\.db\.models\.expressions\.RawSQL|RawSQL)$/.test(qn)) sinkArgs(site, host, 'sql', [0], ['sql']);
  if (COMMAND_FUNCS.test(qn)) sinkArgs(site, host, 'command', [0, 1]);
  else if (SUBPROCESS.test(qn)) subprocessSink(site, host);
  if (qn === 'eval' || qn === 'exec' || qn === 'execfile' || qn === 'builtins.eval' || qn === 'builtins.exec') sinkArgs(site, host, 'code', [0]);
  else if (TEMPLATE_FUNCS.test(qn)) sinkArgs(site, host, 'template', [0], ['source']);
  // a SandboxedEnvironment is Jinja's answer to templates from users: no attribute or call reaches Python internals
  else if (method === 'from_string' && /Environment/.test(recvQn) && !/Sandboxed/.test(recvQn)) sinkArgs(site, host, 'template', [0]);
  if (LDAP_METHODS.has(method) && /ldap/i.test(recvQn)) sinkArgs(site, host, 'ldap', [0, 1, 2], ['search_filter', 'search_base', 'filterstr', 'base']);
  if (method === 'xpath' || XPATH_FUNCS.test(qn)) sinkArgs(site, host, 'xpath', XPATH_FUNCS.test(qn) && qn.startsWith('elementpath') ? [1] : [0], ['path', '_path']);
  else if (['find', 'findall', 'findtext', 'iterfind'].includes(method) && /etree|ElementTree/i.test(recvQn)) sinkArgs(site, host, 'xpath', [0]);
  xmlSink(site, host);
  // files, network, redirects, output
  if (PATH_FUNCS.test(qn) && !isFileObject(site.args[0] ?? site.kwargs.get('path_or_file'))) sinkArgs(site, host, 'path', qn === 'os.rename' || qn.startsWith('shutil.') ? [0, 1] : [0], ['file', 'path', 'filename']);
  else if (PATH_METHODS.has(method) && recvQn.startsWith('pathlib.')) sinkValue(site, host, 'path', site.recv);
  else if (PATH_EXISTENCE_FUNCS.test(qn) && site.args[0]) host.sink({ kind: 'path', value: site.args[0], line: site.expr.line, label: site.expr.text, existenceOnly: true });
  else if (PATH_EXISTENCE_METHODS.has(method) && recvQn.startsWith('pathlib.') && site.recv) host.sink({ kind: 'path', value: site.recv, line: site.expr.line, label: site.expr.text, existenceOnly: true });
  else if (/(^|\.)send_from_directory$/.test(qn)) sinkArgs(site, host, 'path', [0]);
  // werkzeug's FileStorage.save(dst) writes the upload where dst says (its filename is the client's, unsanitised)
  if (method === 'save' && (/^req\.files(\[\]|\.get\(\))$/.test(recvQn) || holdsUpload(site.recv))) sinkArgs(site, host, 'path', [0], ['dst']);
  if (SSRF_FUNCS.test(qn)) sinkArgs(site, host, 'ssrf', [qn.endsWith('.request') ? 1 : 0], ['url']);
  else if (/^(requests|httpx|aiohttp)\b/.test(recvQn) && /^(get|post|put|patch|delete|head|options|request|stream)$/.test(method) && !site.recv?.flags?.has('ssrf-guarded')) {
    sinkArgs(site, host, 'ssrf', [method === 'request' ? 1 : 0], ['url']);
  }
  if (REDIRECT_FUNCS.test(qn)) sinkArgs(site, host, 'redirect', [0], ['url', 'location', 'to']);
  if (HTML_FUNCS.test(qn) && !declaredNonHtml(site, qn)) sinkArgs(site, host, 'xss', [0], ['content', 'response']);
  // a standard-library request handler writes the response body to self.wfile and its headers with send_header
  if (method === 'write' && recvQn === HANDLER_WFILE) sinkArgs(site, host, 'xss', [0]);
  if (method === 'send_header' && site.recv?.inst && isHttpHandler(site.recv.inst)) sinkArgs(site, host, 'header', [1]);
  if (/^(flask\.)?make_response$/.test(qn)) makeResponseSink(site, host);
  if (['add', 'set', 'add_header', 'setdefault', '__setitem__'].includes(method) && /\.headers$/.test(recvQn) && !recvQn.startsWith('django.')) sinkArgs(site, host, 'header', [1]);
  if (['update', 'setdefault', '__setitem__'].includes(method) && /(^flask\.session$|\.session$)/.test(recvQn)) sinkArgs(site, host, 'trust-boundary', [0, 1]);
  // deserialization and regular expressions
  if (DESERIALIZE.test(qn)) sinkArgs(site, host, 'deserialization', [0]);
  else if (/^yaml\.(load|load_all)$/.test(qn) && !safeYamlLoader(site)) sinkArgs(site, host, 'deserialization', [0], ['stream']);
  if (/^re\.(compile|match|search|fullmatch|findall|finditer|sub|split)$/.test(qn)) sinkArgs(site, host, 'regex', [0], ['pattern']);
}

function subprocessSink(site: CallSite, host: ModelHost): void {
  const shell = site.kwargs.get('shell');
  const cmd = site.args[0] ?? site.kwargs.get('args');
  if (!cmd) return;
  if (shell && !(shell.hasC && !shell.c)) return sinkValue(site, host, 'command', cmd);
  if (cmd.elems) {
    const [prog, flag] = cmd.elems;
    const progs = prog ? constOptions(prog) : undefined;
    const flags = flag ? constOptions(flag) : undefined;
    const viaShell = !!progs?.every((p) => SHELLS.test(String(p))) && !!flags?.every((f) => /^[-/]c$/i.test(String(f)));
    // `sh -c <tainted>` runs a shell command; otherwise only a tainted program name is an injection
    return sinkValue(site, host, 'command', viaShell ? { elems: cmd.elems.slice(2) } : prog);
  }
  sinkValue(site, host, 'command', cmd);
}

function xmlSink(site: CallSite, host: ModelHost): void {
  const qn = site.qn ?? '';
  const parserArg = site.args[1] ?? site.kwargs.get('parser');
  if (XML_PARSE.test(qn) && parserArg?.flags?.has('xxe')) sinkArgs(site, host, 'xxe', [0], ['source', 'text', 'string']);
  else if ((site.method === 'parse' || site.method === 'feed') && site.recv?.flags?.has('xxe')) sinkArgs(site, host, 'xxe', [0]);
}

function makeResponseSink(site: CallSite, host: ModelHost): void {
  const first = site.args[0];
  if (!first) return;
  const parts: Value[] = first.elems ? [...first.elems] : [...site.args];
  for (const r of parts.slice(1)) if (r.fields) sinkValue(site, host, 'header', r);
}

/**
 * make_response(body), flask Response(body), Django HttpResponse(body): a response object that carries its body's XSS
 * sink until it is returned, so a content type set afterwards (`r.mimetype = 'text/plain'`, `r['Content-Type'] = ...`)
 * is seen. A type declared in the call decides at once.
 */
export function responseObject(site: CallSite): Value | undefined {
  const qn = site.qn ?? '';
  let body: Value | undefined;
  if (/^(flask\.)?make_response$/.test(qn)) {
    const first = site.args[0];
    body = first?.elems ? first.elems[0] : first;
    if (body && (body.qn || body.fields)) body = undefined;
  } else if (RESPONSE_FUNCS.test(qn)) {
    if (declaredNonHtml(site, qn)) return { qn: `${qn}()`, fields: new Map() };
    body = site.args[0] ?? site.kwargs.get('content') ?? site.kwargs.get('response');
  } else return undefined;
  const pending = body ? [{ kind: 'xss' as const, value: body, line: site.expr.line, label: site.expr.text, file: site.module.file }] : undefined;
  return { qn: `${qn}()`, fields: new Map(), ...(pending ? { pending } : {}) };
}

/** The content type set on a response object after construction (mimetype, content_type, ['Content-Type']). */
export function declaredTypeNonHtml(response: Value): boolean {
  const typeOf = (fields: ReadonlyMap<string, Value> | undefined) => [...(fields ?? [])].find(([k]) => /^(mimetype|content_type|content-type)$/i.test(k))?.[1];
  const declared = typeOf(response.fields) ?? typeOf(response.fields?.get('headers')?.fields);
  const options = declared ? (declared.hasC ? [declared.c] : declared.cs) : undefined;
  // a type built from a fixed start that already names a non-HTML type (`f"application/x-git-{service}-result"`)
  if (!options?.length) return !!declared?.prefix && /^[\w.+-]+\/[\w.+-]/.test(declared.prefix) && !/html|xml|svg/i.test(declared.prefix) && !/^text\/$/i.test(declared.prefix);
  return options.every((o) => typeof o === 'string' && o.trim() !== '' && !/html|xml|svg/i.test(o));
}

/**
 * HttpResponse(body, content_type='application/json') / Response(body, mimetype='text/plain'): a response declared
 * with a non-HTML type is not rendered as HTML, so request data in it is not XSS. Markup/mark_safe have no type.
 */
function declaredNonHtml(site: CallSite, qn: string): boolean {
  if (/Markup|mark_safe/.test(qn)) return false;
  const declared = site.kwargs.get('content_type') ?? site.kwargs.get('mimetype') ?? (/HttpResponse$/.test(qn) ? site.args[1] : undefined);
  const options = declared ? (declared.hasC ? [declared.c] : declared.cs) : undefined;
  // a type built from a fixed start that already names a non-HTML type (`f"application/x-git-{service}-result"`)
  if (!options?.length) return !!declared?.prefix && /^[\w.+-]+\/[\w.+-]/.test(declared.prefix) && !/html|xml|svg/i.test(declared.prefix) && !/^text\/$/i.test(declared.prefix);
  return options.every((o) => typeof o === 'string' && o.trim() !== '' && !/html|xml|svg/i.test(o));
}

/**
 * A file object, not a path: in-memory and temporary files, what open() returned (its path was the sink at the
 * open), and an upload's object or stream (Flask's request.files[...], Django's request.FILES[...]). ZipFile(f), send_file(f) and a helper that dispatches on
 * isinstance(f, str) read from the object; no path is resolved, so nothing traverses there.
 */
function isFileObject(v: Value | undefined): boolean {
  return !!v?.qn && (/^(io|tempfile)\.\w+\(\)$|^(open|io\.open|codecs\.open|builtins\.open|gzip\.open|bz2\.open|lzma\.open)\(\)$/.test(v.qn) || /^req\.(files|FILES)(\[\]|\.get\(\))(\.(stream|file))?$/.test(v.qn));
}

function safeYamlLoader(site: CallSite): boolean {
  const loader = site.kwargs.get('Loader') ?? site.args[1];
  return !!loader?.qn && /Safe|BaseLoader/.test(loader.qn);
}
