// Django views as taint entry points. Django calls a view as `view(request, *args, **kwargs)` where args and
// kwargs are the captures of the matched URL pattern (plus constant kwargs written in the URLconf), and a
// class-based view also finds them in `self.args` / `self.kwargs` and the request in `self.request`.
//
// Which functions are views, and with which routes, is decided before the analysis (django-urlconf.ts):
//   - linked: named in a URLconf `path()`/`re_path()`/`url()` (same file, or any file with cross-file analysis):
//     each parameter gets the taint of its capture's shape (`<int:pk>` clean, `<str:name>` tainted, ...);
//   - guessed: no URLconf seen, but a function whose first parameter is `request` carries a Django/DRF view
//     decorator (@login_required, @require_http_methods, @api_view, ...), or a class derives from a Django/DRF
//     view class: its extra parameters are URL captures of unknown shape (medium confidence).
// Anything else, such as a helper function that takes `request`, keeps plain parameters.
import type { ConstValue, FuncIR, Param } from '../ir';
import type { ModelHost } from '../model';
import type { ClassInfo, Value } from '../value';
import { CLEAN, constant, joinValues, sanitize } from '../value';
import type { Capture } from './django-routes';
import type { ClassStmt } from './py-module-index';
import { nonTextAnnotation } from './py-types';

export interface Route {
  /** Captures of the constant parts of the pattern, in the order Django passes them. */
  captures: Capture[];
  /** Part of the pattern is computed (`path(prefix, ...)`, an f-string): keys outside `captures` are unknown. */
  partial: boolean;
  /** Constant keyword arguments from the URLconf (`path('', views.doc, {'url': ''})`). */
  extra: Record<string, ConstValue>;
  /** `docs/urls.py:18`, for the trace. */
  where: string;
}

export interface ViewInfo {
  kind: 'function' | 'class';
  /** Empty for a guessed view (no URLconf linked it): every capture is of unknown shape. */
  routes: Route[];
}

/** View functions and the methods of view classes (one shared ViewInfo per class) of the current scan. */
const views = new WeakMap<FuncIR, ViewInfo>();

export function viewInfo(fn: FuncIR): ViewInfo | undefined {
  return views.get(fn);
}

export function markView(fn: FuncIR, info: ViewInfo): void {
  views.set(fn, info);
}

export function addRoute(info: ViewInfo, route: Route): void {
  const key = JSON.stringify(route);
  if (!info.routes.some((r) => JSON.stringify(r) === key)) info.routes.push(route);
}

const classInfos = new WeakMap<ClassStmt, ViewInfo>();

/** One ViewInfo per view class, shared by its methods (so self.kwargs sees the routes in every method). */
export function classInfo(cls: ClassStmt): ViewInfo {
  let info = classInfos.get(cls);
  if (!info) {
    info = { kind: 'class', routes: [] };
    classInfos.set(cls, info);
    for (const s of cls.body) if (s.k === 'def') markView(s.fn, info);
  }
  return info;
}

/** Methods Django (View.dispatch, View.setup) or DRF (ViewSet actions) call with the request and the captures. */
const HANDLERS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace', 'dispatch', 'setup', 'list', 'create', 'retrieve', 'update', 'partial_update', 'destroy']);

function isHandler(fn: FuncIR): boolean {
  if (HANDLERS.has(fn.name)) return true;
  // DRF @action methods receive the request and the router's lookup captures too
  return fn.decorators.some((d) => {
    const c = d.k === 'call' ? d.callee : d;
    return (c.k === 'name' && c.id === 'action') || (c.k === 'attr' && c.name === 'action');
  });
}

/** A slug (`[-\w]+`) has no `/`, `.`, `<`, quotes or CR/LF: it cannot leave a directory, open markup or split a header. */
const SLUG_SAFE = ['path', 'xss', 'header', 'redirect'] as const;

function captureValue(c: Capture, host: ModelHost, line: number, where: string): Value {
  if (c.shape === 'clean') return CLEAN;
  const v = host.source('high', line, `URL parameter ${c.name ?? '(positional)'} <${c.how}> (${where})`);
  return c.shape === 'slug' ? { ...v, t: sanitize(v.t, [...SLUG_SAFE]) } : v;
}

/** `**kwargs` / `*args` / `self.kwargs` / `self.args` of one route: named captures as keys, positional ones as elements. */
function restValue(r: Route, host: ModelHost, line: number, what: string): Value {
  const fields = new Map<string, Value>();
  for (const [k, v] of Object.entries(r.extra)) fields.set(k, constant(v));
  const elems: Value[] = [];
  for (const c of r.captures ?? []) {
    if (c.name === null) elems.push(captureValue(c, host, line, r.where));
    else fields.set(c.name, captureValue(c, host, line, r.where));
  }
  // keys the computed part of the pattern may add
  return r.partial ? { fields, elems, t: unknownCapture(host, line, what).t } : { fields, elems };
}

function unknownCapture(host: ModelHost, line: number, what: string, p?: Param): Value {
  if (p?.annotation && nonTextAnnotation(p.annotation)) return CLEAN;
  return host.source('medium', line, `URL parameter ${what} (route not resolved)`);
}

function routeParam(r: Route, fn: FuncIR, index: number, pos: number, host: ModelHost): Value {
  const p = fn.params[index];
  if (!p) return CLEAN;
  if (p.rest) return restValue(r, host, fn.line, `${p.name} of view ${fn.name}`);
  const positional = r.captures.filter((c) => c.name === null);
  const c = positional[pos] ?? r.captures.find((x) => x.name === p.name);
  if (c) return captureValue(c, host, fn.line, r.where);
  if (p.name in r.extra) return constant(r.extra[p.name] as ConstValue);
  // not captured here: the parameter keeps its default, or comes from a prefix we did not resolve (include())
  return p.default ? CLEAN : unknownCapture(host, fn.line, `${p.name} of view ${fn.name}`, p);
}

/** Value of parameter `index` of a Django view at its entry; undefined when fn is not a view or the parameter is not data. */
export function djangoParam(fn: FuncIR, index: number, host: ModelHost): Value | undefined {
  const info = views.get(fn);
  if (!info) return undefined;
  // function views: (request, ...captures); handler methods: (self, request, ...captures)
  const first = fn.className ? 1 : 0;
  if (fn.className && !isHandler(fn)) return undefined;
  if (index < first) return undefined;
  if (index === first) return { qn: 'req' }; // the HttpRequest, whatever the parameter is called
  const pos = index - first - 1;
  const p = fn.params[index];
  if (info.routes.length === 0) return unknownCapture(host, fn.line, `${p?.name ?? '?'} of view ${fn.name}`, p?.rest ? undefined : p);
  return info.routes.map((r) => routeParam(r, fn, index, pos, host)).reduce((a, b) => joinValues(a, b));
}

/** The ViewInfo of a class-based view instance (its own methods first, then its base classes'). */
function classView(cls: ClassInfo, depth = 0): ViewInfo | undefined {
  for (const m of cls.methods.values()) {
    const info = views.get(m.fn);
    if (info?.kind === 'class') return info;
  }
  if (depth > 5) return undefined;
  for (const b of cls.bases) {
    const info = b.cls ? classView(b.cls, depth + 1) : undefined;
    if (info) return info;
  }
  return undefined;
}

/** `self.request`, `self.kwargs`, `self.args` of a class-based view (Django View.setup sets them). */
export function djangoAttr(recv: Value, name: string, line: number, host: ModelHost): Value | undefined {
  if (!recv.inst || (name !== 'kwargs' && name !== 'args' && name !== 'request')) return undefined;
  const info = classView(recv.inst);
  if (!info) return undefined;
  if (name === 'request') return { qn: 'req' };
  if (info.routes.length === 0) return host.source('medium', line, `self.${name} of view ${recv.inst.name} (route not resolved)`);
  const what = `self.${name} of view ${recv.inst.name}`;
  return info.routes.map((r) => restValue(r, host, line, what)).reduce((a, b) => joinValues(a, b));
}
