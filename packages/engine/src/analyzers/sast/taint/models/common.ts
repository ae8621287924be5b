// Model pieces shared by the Python and JS/TS models: sinks by argument, sanitizers by name, container
// mutation (list.append, dict.update, writer.write) and guard validators.
import type { Expr, FuncIR } from '../ir';
import type { CallSite, ModelHost } from '../model';
import type { SinkKind, Value } from '../value';
import { CLEAN, deepTaint, joinTaint, joinValues, sanitize } from '../value';

export function sinkArgs(site: CallSite, host: ModelHost, kind: SinkKind, positions: number[], kw: string[] = []): void {
  const label = site.expr.text;
  for (const i of positions) {
    const v = site.args[i];
    if (v) host.sink({ kind, value: v, line: site.expr.line, label });
  }
  for (const k of kw) {
    const v = site.kwargs.get(k);
    if (v) host.sink({ kind, value: v, line: site.expr.line, label });
  }
}

export function sinkValue(site: CallSite, host: ModelHost, kind: SinkKind, value: Value | undefined): void {
  if (value) host.sink({ kind, value, line: site.expr.line, label: site.expr.text });
}

/** The first argument, marked safe for the given sink kinds. */
export function sanitized(site: CallSite, kinds: SinkKind[] | 'all', from: Value | undefined = site.args[0]): Value {
  if (!from) return CLEAN;
  const t = sanitize(deepTaint(from), kinds);
  return t ? { t } : CLEAN;
}

/**
 * A substitution that deletes every character outside a class of identifier characters (letters, digits, '_', '-'):
 * `re.sub('[^a-z0-9_-]+', '', x)`, `x.replace(/[^a-zA-Z0-9-]/g, '')`. What is left is one word no sink interprets.
 * A JS regex literal must carry the g flag: without it only the first offending character goes.
 */
export function stripsToIdentifier(pattern: Value | undefined, replacement: Value | undefined, jsLiteral: boolean): boolean {
  if (!pattern?.hasC || typeof pattern.c !== 'string' || !replacement?.hasC || replacement.c !== '') return false;
  let body = pattern.c;
  if (jsLiteral) {
    const lit = /^\/(.*)\/([a-z]*)$/.exec(body);
    if (!lit || !lit[2]!.includes('g')) return false;
    body = lit[1]!;
  }
  return /^\[\^((?:a-z|A-Z|0-9|\\w|\\d|_|-)+)\][+*]?$/.test(body);
}

/**
 * `name.split('.')` / `name.rsplit('.', 1)`: the last piece (`[-1]`, `.pop()`) is the extension. It holds no dot, so no
 * '..': appended to a name the server chose it cannot climb out of the folder.
 */
export function splitsOnDot(e: Expr): boolean {
  return e.k === 'call' && e.callee.k === 'attr' && /^r?split$/.test(e.callee.name) && e.args[0]?.k === 'const' && e.args[0].v === '.';
}

/**
 * `x.split('/')`: its last part is what path.basename / os.path.basename return, one segment with no separator
 * (modelled as they are: a path sanitizer).
 */
export function splitsOnSlash(e: Expr): boolean {
  return e.k === 'call' && e.callee.k === 'attr' && /^r?split$/.test(e.callee.name) && e.args[0]?.k === 'const' && (e.args[0].v === '/' || e.args[0].v === '\\');
}

/** `os.path.splitext(x)`: its second part is the extension after the last separator, which holds none. */
export function splitsExtension(e: Expr): boolean {
  return e.k === 'call' && e.callee.k === 'attr' && e.callee.name === 'splitext';
}

/** All data flowing into a call (receiver and arguments), as one value. */
export function flowIn(site: CallSite): Value {
  let t = site.recv ? deepTaint(site.recv) : undefined;
  for (const a of site.args) t = joinTaint(t, deepTaint(a));
  for (const a of site.kwargs.values()) t = joinTaint(t, deepTaint(a));
  return t ? { t } : CLEAN;
}

/** A mapping whose items (not its attributes) received input through update(). */
export const ITEMS_TAINTED = 'items-tainted';
const MUTATORS = new Set(['append', 'add', 'push', 'unshift', 'extend', 'insert', 'update', 'write', 'writelines', 'put', 'set', 'setdefault', 'appendleft', 'concat']);

/**
 * In-place container mutation on a receiver variable. Lists with known contents stay precise
 * (append/pop/insert), anything else that receives tainted data becomes tainted.
 */
export function mutation(site: CallSite, host: ModelHost): Value | undefined {
  const { recv, recvName, method } = site;
  if (!recv || !recvName || !method) return undefined;
  if (recv.elems && !recv.qn) {
    const elems = [...recv.elems];
    switch (method) {
      case 'append':
      case 'push':
        elems.push(...site.args);
        host.rebind(recvName, { ...recv, elems });
        return method === 'push' ? CLEAN : { c: null, hasC: true };
      case 'appendleft':
      case 'unshift':
        elems.unshift(...site.args);
        host.rebind(recvName, { ...recv, elems });
        return CLEAN;
      case 'insert': {
        const i = site.args[0];
        if (!i?.hasC || typeof i.c !== 'number') break;
        elems.splice(i.c, 0, site.args[1] ?? CLEAN);
        host.rebind(recvName, { ...recv, elems });
        return { c: null, hasC: true };
      }
      case 'pop':
      case 'shift': {
        const i = method === 'shift' ? 0 : site.args[0] ? site.args[0].c : elems.length - 1;
        if (typeof i !== 'number') break;
        const [removed] = elems.splice(i < 0 ? elems.length + i : i, 1);
        host.rebind(recvName, { ...recv, elems });
        return removed ?? CLEAN;
      }
      case 'extend':
      case 'concat': {
        const other = site.args[0];
        if (!other?.elems) break;
        if (method === 'concat') return { elems: [...elems, ...other.elems] };
        host.rebind(recvName, { ...recv, elems: [...elems, ...other.elems] });
        return { c: null, hasC: true };
      }
      case 'clear':
        host.rebind(recvName, { ...recv, elems: [] });
        return { c: null, hasC: true };
      case 'reverse':
        host.rebind(recvName, { ...recv, elems: elems.reverse() });
        return { c: null, hasC: true };
      default:
        break;
    }
  }
  if (recv.fields && !recv.qn && method === 'update' && site.args[0]?.fields) {
    host.rebind(recvName, { ...recv, fields: new Map([...recv.fields, ...site.args[0].fields]) });
    return { c: null, hasC: true };
  }
  // `meta = dict(row); meta.update({'database': x})`: a literal's keys are constants, so the dict's keys stay free of
  // input (its values carry it as fields; what else the dict held is unknown, as before)
  if (method === 'update' && !recv.inst && (!recv.qn || recv.qn === 'dict()') && isLiteralDict(site.args[0])) {
    host.rebind(recvName, { ...recv, fields: new Map([...(recv.fields ?? []), ...site.args[0]!.fields!]) });
    return { c: null, hasC: true };
  }
  if (MUTATORS.has(method)) {
    const incoming = flowIn({ ...site, recv: undefined });
    // a mapping's update()/setdefault() puts the input among its items (`watch.update(form_items)`), not into the
    // attributes a class of its own computes (`watch.data_dir`): those read it only unproven (interpret.ts attr)
    const itemsOnly = (method === 'update' || method === 'setdefault') && !recv.t && site.module.language === 'python';
    if (incoming.t) host.rebind(recvName, { ...recv, t: joinTaint(recv.t, incoming.t), elems: undefined, ...(itemsOnly ? { flags: new Set([...(recv.flags ?? []), ITEMS_TAINTED]) } : {}) });
  }
  return undefined;
}

/** A dict or object literal as written (constant keys, no spread of another value's own taint). */
function isLiteralDict(v: Value | undefined): boolean {
  return !!v?.fields && !v.t && !v.qn && !v.inst;
}

/** Reads of known container contents: dict.get(k), list.pop(). */
export function containerRead(site: CallSite): Value | undefined {
  const { recv, method } = site;
  // (a dict() built from another mapping and then given literal keys reads like a literal)
  if (!recv || (recv.qn && recv.qn !== 'dict()') || recv.inst) return undefined;
  if (recv.fields && (method === 'get' || method === 'pop') && site.args[0]?.hasC) {
    const f = recv.fields.get(String(site.args[0].c));
    if (f) return f;
    // a key not among the known ones: the default, or what the mapping's other keys hold when it has any
    const other: Value = recv.t ? { t: recv.t } : CLEAN;
    return site.args[1] ? (recv.t ? joinValues(other, site.args[1]) : site.args[1]) : other;
  }
  // REGISTRY.get(name) with a request-chosen name returns one of the registry's own values (or the default): the
  // key selects, it does not flow into the result
  if (recv.fields && !recv.t && method === 'get' && site.args[0] && !site.args[0].hasC) {
    return joinAll([...recv.fields.values(), site.args[1] ?? CLEAN]);
  }
  if ((recv.fields || recv.elems) && (method === 'values' || method === 'items' || method === 'keys' || method === 'copy')) {
    if (method === 'copy') return recv;
    const t = method === 'keys' ? recv.t : deepTaint(recv);
    return t ? { t } : CLEAN;
  }
  return undefined;
}

/** A string method call whose truth proves the receiver's shape (prefix, suffix, digits...). */
const VALIDATING_METHODS = new Set(['startswith', 'endswith', 'startsWith', 'endsWith', 'isdigit', 'isdecimal', 'isnumeric', 'isalnum', 'isalpha', 'isidentifier', 'isascii']);

export function validatorSubject(site: CallSite): Expr | undefined {
  const callee = site.expr.callee;
  if (site.method && VALIDATING_METHODS.has(site.method) && callee.k === 'attr') {
    // startswith against request data proves nothing; against the operator's configuration (a base folder from the
    // environment) it does
    if (site.args.some((a) => { const t = deepTaint(a); return t && !t.local; })) return undefined;
    return callee.obj;
  }
  return undefined;
}

export function joinAll(values: Value[]): Value {
  return values.reduce<Value>((a, b) => joinValues(a, b), CLEAN);
}

/** Containment checks by their conventional names (isPathInside(child, root), is_subpath, isWithinDirectory...). */
const CONTAINMENT = /^(is_?)?(path_?)?(inside|within|contained|sub_?path|sub_?dir|under|descendant)(_?(of|dir|directory|root|path))?$|^(is_?)?safe_?path$/i;

/**
 * The tainted argument a containment check proves safe when it returns true, or the receiver of
 * Path.is_relative_to(base). Only when the check's name says what it does.
 */
export function containmentSubject(site: CallSite): Expr | undefined {
  const name = site.method ?? site.name ?? '';
  if (site.method === 'is_relative_to' && site.expr.callee.k === 'attr') {
    // Path(p).is_relative_to(base) proves it of p
    const obj = site.expr.callee.obj;
    const ctor = obj.k === 'call' ? obj.callee : undefined;
    const ctorName = ctor?.k === 'name' ? ctor.id : ctor?.k === 'attr' ? ctor.name : '';
    return obj.k === 'call' && obj.args.length === 1 && /^(Pure|Posix|Windows)?Path$/.test(ctorName) ? (obj.args[0] as Expr) : obj;
  }
  if (!CONTAINMENT.test(name)) return undefined;
  const i = site.args.findIndex((a) => deepTaint(a));
  return i >= 0 ? site.expr.args[i] : undefined;
}

/** Signature checks by their conventional names: is_hmac_of(key, msg, sig), verifySignature(msg, sig), check_signed(...). */
const SIGNATURE_CHECK = /^(is_?)?(valid_?)?(hmac|signature|signed)(_?of)?$|^(verify|check|validate|is_?valid)_?(hmac|signature|sig|signed)(_?\w+)?$/i;

/**
 * The message a signature check proves the server signed (the first request-derived argument: checks take the
 * message before the signature). A value the server signed is one it chose, whatever the request carried it.
 */
export function signedSubject(site: CallSite): Expr | undefined {
  if (!SIGNATURE_CHECK.test(site.method ?? site.name ?? '')) return undefined;
  const i = site.args.findIndex((a) => deepTaint(a));
  return i >= 0 ? site.expr.args[i] : undefined;
}

/**
 * A path derived from an uploaded file (its saved location, its name) names where the upload was stored: what is
 * read back there is the uploaded content.
 */
export function holdsUpload(v: Value | undefined): boolean {
  return /^(request\.files|req\.files?|ctx\.request\.files?)\b/.test(deepTaint(v ?? CLEAN)?.trace[0]?.label ?? '');
}

/**
 * The event of a serverless function (`handler(event, context)`, AWS Lambda's signature, also Netlify's and Vercel's
 * adapters), as the parts a client chooses: behind an API gateway its request (body, query and path parameters,
 * headers, raw path and query), behind a bucket notification the name of an object a client uploaded
 * (`Records[].s3.object.key`). Other keys are what the function's own callers put there: a queue message another
 * function sent, the fields of a direct invocation (`event['year']`), not a client's request.
 */
export function lambdaEvent(fn: FuncIR, index: number, host: ModelHost): Value | undefined {
  // (the entry point's conventional names, or an anonymous function assigned to `exports.handler`; a named method such
  // as a plugin's `onTaskCreated(event, context)` receives the application's own events)
  if (!/^(handler|handle|main|lambda_?handler|<anonymous>)$/i.test(fn.name)) return undefined;
  if (index !== 0 || fn.params[0]?.name !== 'event' || !/^(context|ctx|_context|_ctx)$/.test(fn.params[1]?.name ?? '') || fn.params.length > 3) return undefined;
  const source = (part: string): Value => host.source('high', fn.line, `Lambda event.${part}`);
  const fields = new Map<string, Value>(LAMBDA_REQUEST_KEYS.map((k) => [k, source(k)]));
  fields.set('Records', { elems: [{ fields: new Map([['s3', source('Records[].s3')]]) }] });
  return { fields };
}

const LAMBDA_REQUEST_KEYS = ['body', 'queryStringParameters', 'multiValueQueryStringParameters', 'pathParameters', 'headers', 'multiValueHeaders', 'rawPath', 'rawQueryString', 'path', 'cookies'];
