// Before the analysis: find the Django views of the scan and the routes that reach them (see django-views.ts).
//   1. Guessed views, per module that imports django or rest_framework: top-level functions whose first
//      parameter is `request` and that carry a view decorator, and classes derived from Django/DRF views.
//   2. Linked views: URLconfs (modules assigning `urlpatterns` at top level, and with cross-file analysis every
//      `*.urls` module) are read statically: each `path()`/`re_path()`/`url()` call gives a route whose view
//      expression (`views.profile`, `ProfileView.as_view()`, `login_required(views.x)`) is resolved through the
//      module's imports; `include()` passes its prefix captures to the included patterns. A module that another
//      URLconf includes is only read through that include, so its views see the prefix captures.
// Only constant route strings give capture shapes; a computed route marks its views' parameters as unknown.
import type { ConstValue, Expr, FuncIR, ModuleIR, Stmt } from '../ir';
import { Program } from '../program';
import type { Capture } from './django-routes';
import { pathCaptures, regexCaptures } from './django-routes';
import type { Route, ViewInfo } from './django-views';
import { addRoute, markView, viewInfo } from './django-views';

type ClassStmt = Extract<Stmt, { k: 'class' }>;
type CallExpr = Extract<Expr, { k: 'call' }>;

interface ModIndex {
  /** Local name -> dotted name it was imported as ('views' -> 'docs.views'). */
  imports: Map<string, string>;
  defs: Map<string, FuncIR>;
  classes: Map<string, ClassStmt>;
  /** Last top-level assignment per name (`api_patterns = [...]`). */
  assigns: Map<string, Expr>;
  django: boolean;
  /** Top-level statements, flattened out of if/try/with blocks. */
  top: Stmt[];
}

type Target =
  | { k: 'fn'; fn: FuncIR; m: ModuleIR }
  | { k: 'class'; cls: ClassStmt; m: ModuleIR }
  | { k: 'module'; m: ModuleIR }
  | { k: 'expr'; e: Expr; m: ModuleIR };

const URL_FUNC = /^django\.(urls|conf\.urls)(\.conf)?\.(path|re_path|url)$/;
const INCLUDE = /^django\.(urls|conf\.urls)(\.conf)?\.include$/;
/** Django and DRF view decorators (a function carrying one is a view). */
const VIEW_DECORATOR = /^(django\.views\.decorators\.(?!debug\.)[\w.]+|django\.contrib\.(auth|admin\.views)\.decorators\.\w+|rest_framework\.decorators\.(api_view|permission_classes|authentication_classes|throttle_classes|renderer_classes|parser_classes|schema))$/;
const VIEW_BASE = /^(django\.views|django\.contrib\.[\w.]*views|rest_framework\.(views|generics|viewsets))\./;
const MAX_DEPTH = 6;

const indexes = new WeakMap<ModuleIR, ModIndex>();

function index(m: ModuleIR): ModIndex {
  const cached = indexes.get(m);
  if (cached) return cached;
  const idx: ModIndex = { imports: new Map(), defs: new Map(), classes: new Map(), assigns: new Map(), django: false, top: [] };
  const visit = (stmts: Stmt[]): void => {
    for (const s of stmts) {
      idx.top.push(s);
      if (s.k === 'if') visit([...s.then, ...s.else]);
      else if (s.k === 'try') visit([...s.body, ...s.handlers.flat(), ...s.orelse, ...s.final]);
      else if (s.k === 'def') idx.defs.set(s.fn.name, s.fn);
      else if (s.k === 'class') idx.classes.set(s.name, s);
      else if (s.k === 'assign' && s.target.k === 'name' && !s.op) idx.assigns.set(s.target.id, s.value);
      else if (s.k === 'import') bindImport(m, s, idx);
    }
  };
  visit(m.body);
  indexes.set(m, idx);
  return idx;
}

function bindImport(m: ModuleIR, s: Extract<Stmt, { k: 'import' }>, idx: ModIndex): void {
  const top = s.module.split('.')[0] ?? '';
  if (top === 'django' || top === 'rest_framework') idx.django = true;
  if (s.names === null) {
    if (s.as) idx.imports.set(s.as, s.module);
    else idx.imports.set(top, top);
    return;
  }
  const base = Program.pythonRelative(m, s.module);
  for (const { name, as } of s.names) if (name !== '*') idx.imports.set(as, base ? `${base}.${name}` : name);
}

function dotted(e: Expr): string[] | undefined {
  if (e.k === 'name') return [e.id];
  if (e.k === 'attr') {
    const head = dotted(e.obj);
    return head ? [...head, e.name] : undefined;
  }
  return undefined;
}

/** Dotted name of an imported callee (`path` -> 'django.urls.path'); undefined for local or unknown names. */
function qualified(m: ModuleIR, e: Expr): string | undefined {
  const parts = dotted(e);
  const head = parts && index(m).imports.get(parts[0] as string);
  return head && parts ? [head, ...parts.slice(1)].join('.') : undefined;
}

class Linker {
  private readonly walked = new Set<string>();
  /** Modules read through include() and variables passed to include(): not read again on their own. */
  readonly includedModules = new Set<string>();
  private readonly includedVars = new Set<string>();
  private scanning = false;

  constructor(private readonly program: Program) {}

  // ---------------- resolution ----------------

  private module(name: string, from: ModuleIR): ModuleIR | undefined {
    if (name === from.moduleName) return from;
    return this.program.isProjectModule(name) ? this.program.module(name)?.ir : undefined;
  }

  resolve(m: ModuleIR, parts: string[], depth = 0): Target | undefined {
    if (depth > MAX_DEPTH || parts.length === 0) return undefined;
    const idx = index(m);
    const [head, ...rest] = parts as [string, ...string[]];
    if (rest.length === 0) {
      const fn = idx.defs.get(head);
      if (fn) return { k: 'fn', fn, m };
      const cls = idx.classes.get(head);
      if (cls) return { k: 'class', cls, m };
      const e = idx.assigns.get(head);
      if (e) return { k: 'expr', e, m };
    }
    const q = idx.imports.get(head);
    if (!q) return undefined;
    const full = [...q.split('.'), ...rest];
    for (let i = full.length; i >= 1; i--) {
      const mod = this.module(full.slice(0, i).join('.'), m);
      if (!mod) continue;
      return i === full.length ? { k: 'module', m: mod } : this.resolve(mod, full.slice(i), depth + 1);
    }
    return undefined;
  }

  private resolveExpr(m: ModuleIR, e: Expr): Target | undefined {
    const parts = dotted(e);
    return parts ? this.resolve(m, parts) : undefined;
  }

  // ---------------- URLconfs ----------------

  /** First pass: which modules and variables are read through include() (so not as roots). */
  scanIncludes(m: ModuleIR): void {
    this.scanning = true;
    try {
      for (const s of index(m).top) this.walkStmt(m, s, []);
    } finally {
      this.scanning = false;
    }
  }

  walkModule(m: ModuleIR, prefix: Capture[] | null, depth: number): void {
    const key = `${m.file}|${JSON.stringify(prefix)}`;
    if (depth > MAX_DEPTH || this.walked.has(key)) return;
    this.walked.add(key);
    for (const s of index(m).top) this.walkStmt(m, s, prefix, depth);
  }

  private walkStmt(m: ModuleIR, s: Stmt, prefix: Capture[] | null, depth = 0): void {
    if (s.k === 'assign') {
      // a variable given to include() is read there, with the include's prefix
      if (!this.scanning && s.target.k === 'name' && this.includedVars.has(`${m.file}|${s.target.id}`)) return;
      this.walkExpr(m, s.value, prefix, depth);
    } else if (s.k === 'expr') this.walkExpr(m, s.e, prefix, depth);
  }

  private walkExpr(m: ModuleIR, e: Expr, prefix: Capture[] | null, depth: number): void {
    switch (e.k) {
      case 'call': {
        const q = qualified(m, e.callee);
        if (q && URL_FUNC.test(q)) return this.route(m, e, q.endsWith('.path') ? 'path' : 'regex', prefix, depth);
        for (const a of [...e.args, ...e.kwargs.map((k) => k.value)]) this.walkExpr(m, a, prefix, depth);
        return;
      }
      case 'list':
        for (const x of e.elems) this.walkExpr(m, x, prefix, depth);
        return;
      case 'bin':
        this.walkExpr(m, e.left, prefix, depth);
        this.walkExpr(m, e.right, prefix, depth);
        return;
      case 'unknown':
      case 'concat':
        for (const x of e.parts) this.walkExpr(m, x, prefix, depth);
        return;
      case 'cond':
        this.walkExpr(m, e.then, prefix, depth);
        this.walkExpr(m, e.else, prefix, depth);
        return;
      default:
        return;
    }
  }

  private route(m: ModuleIR, call: CallExpr, kind: 'path' | 'regex', prefix: Capture[] | null, depth: number): void {
    const kw = (name: string): Expr | undefined => call.kwargs.find((k) => k.name === name)?.value;
    const pattern = constString(call.args[0] ?? kw('route') ?? kw('regex'));
    const own = pattern === undefined ? null : kind === 'path' ? pathCaptures(pattern) : regexCaptures(pattern);
    const captures = prefix === null || own === null ? null : merge(prefix, own);
    const view = call.args[1] ?? kw('view');
    if (!view) return;
    const route: Route = { captures, extra: constDict(call.args[2] ?? kw('kwargs')), where: `${m.file}:${call.line}` };
    this.view(m, view, route, depth);
  }

  private view(m: ModuleIR, v: Expr, route: Route, depth: number): void {
    if (v.k !== 'call') {
      const t = this.resolveExpr(m, v);
      if (!this.scanning && t?.k === 'fn' && !t.fn.className) linkFunction(t.fn, route);
      return;
    }
    if (v.callee.k === 'attr' && v.callee.name === 'as_view') {
      const t = this.resolveExpr(m, v.callee.obj);
      if (!this.scanning && t?.k === 'class') this.linkClass(t.m, t.cls, route, 0);
      return;
    }
    const q = qualified(m, v.callee);
    if (q && INCLUDE.test(q)) {
      const arg = v.args[0] ?? v.kwargs.find((k) => k.name === 'arg')?.value;
      if (arg) this.include(m, arg, route.captures, depth + 1);
      return;
    }
    // a wrapped view: login_required(views.x), cache_page(60)(views.x), csrf_exempt(View.as_view())
    const wrapped = v.args[0];
    if (wrapped) this.view(m, wrapped, route, depth);
  }

  private include(m: ModuleIR, arg: Expr, prefix: Capture[] | null, depth: number): void {
    if (arg.k === 'list') {
      // include((patterns, 'app_name')) or include([path(...), ...])
      const [first, second] = arg.elems;
      if (arg.elems.length === 2 && first && first.k !== 'call' && second?.k === 'const') return this.include(m, first, prefix, depth);
      return this.walkExpr(m, arg, prefix, depth);
    }
    const name = constString(arg);
    const t = name !== undefined ? moduleTarget(this.module(name, m)) : this.resolveExpr(m, arg);
    if (t?.k === 'module') {
      if (this.scanning) this.includedModules.add(t.m.moduleName);
      else this.walkModule(t.m, prefix, depth);
    } else if (t?.k === 'expr') {
      if (this.scanning) this.includedVars.add(`${t.m.file}|${lastName(arg)}`);
      else this.walkExpr(t.m, t.e, prefix, depth);
    }
  }

  /** A class view serves the route through its own methods and the ones it inherits from project classes. */
  private linkClass(m: ModuleIR, cls: ClassStmt, route: Route, depth: number): void {
    addRoute(classInfo(cls), route);
    if (depth > MAX_DEPTH) return;
    for (const b of cls.bases) {
      const t = this.resolveExpr(m, b);
      if (t?.k === 'class') this.linkClass(t.m, t.cls, route, depth + 1);
    }
  }
}

function moduleTarget(m: ModuleIR | undefined): Target | undefined {
  return m ? { k: 'module', m } : undefined;
}

function lastName(e: Expr): string {
  const parts = dotted(e);
  return parts ? (parts[parts.length - 1] as string) : '';
}

/** Prefix and own captures; as in Django's resolver, positional captures count only when none is named. */
function merge(prefix: Capture[], own: Capture[]): Capture[] {
  const all = [...prefix, ...own];
  return all.some((c) => c.name !== null) ? all.filter((c) => c.name !== null) : all;
}

function constString(e: Expr | undefined): string | undefined {
  if (!e) return undefined;
  if (e.k === 'const') return typeof e.v === 'string' ? e.v : undefined;
  if (e.k === 'concat') {
    const parts = e.parts.map(constString);
    return parts.every((p) => p !== undefined) ? parts.join('') : undefined;
  }
  return undefined;
}

function constDict(e: Expr | undefined): Record<string, ConstValue> {
  const out: Record<string, ConstValue> = {};
  if (e?.k !== 'dict') return out;
  for (const en of e.entries) {
    const key = en.key?.k === 'const' ? en.key.v : undefined;
    // a non-constant extra argument is still the developer's value, not the client's
    if (typeof key === 'string') out[key] = en.value.k === 'const' ? en.value.v : null;
  }
  return out;
}

function linkFunction(fn: FuncIR, route: Route): void {
  let info = viewInfo(fn);
  if (!info) {
    info = { kind: 'function', routes: [] };
    markView(fn, info);
  }
  addRoute(info, route);
}

const classInfos = new WeakMap<ClassStmt, ViewInfo>();

/** One ViewInfo per class, shared by its methods (so self.kwargs sees the routes in every method). */
function classInfo(cls: ClassStmt): ViewInfo {
  let info = classInfos.get(cls);
  if (!info) {
    info = { kind: 'class', routes: [] };
    classInfos.set(cls, info);
    for (const s of cls.body) if (s.k === 'def') markView(s.fn, info);
  }
  return info;
}

// ---------------- guessed views ----------------

function isViewDecorator(m: ModuleIR, d: Expr): boolean {
  const q = qualified(m, d.k === 'call' ? d.callee : d);
  return !!q && VIEW_DECORATOR.test(q);
}

function isViewClass(m: ModuleIR, cls: ClassStmt, depth = 0): boolean {
  const idx = index(m);
  return cls.bases.some((b) => {
    const parts = dotted(b);
    if (!parts) return false;
    const local = parts.length === 1 ? idx.classes.get(parts[0] as string) : undefined;
    if (local) return local !== cls && depth < MAX_DEPTH && isViewClass(m, local, depth + 1);
    const q = qualified(m, b) ?? parts.join('.');
    // a base imported from another project module is judged by its name (BaseDetailView, ProjectViewSet)
    return VIEW_BASE.test(q) || /(View|ViewSet)$/.test(parts[parts.length - 1] as string);
  });
}

/** Names the module calls directly (`render_checklist(request, obj)`): a function called like that is a helper. */
function calledNames(stmts: readonly Stmt[], out = new Set<string>()): Set<string> {
  const expr = (e: Expr | undefined): void => {
    if (!e) return;
    switch (e.k) {
      case 'call':
        if (e.callee.k === 'name') out.add(e.callee.id);
        expr(e.callee);
        e.args.forEach(expr);
        e.kwargs.forEach((k) => expr(k.value));
        return;
      case 'attr':
      case 'unary':
        return expr(e.k === 'attr' ? e.obj : e.arg);
      case 'index':
        expr(e.obj);
        return expr(e.index ?? undefined);
      case 'bin':
      case 'logic':
      case 'compare':
        expr(e.left);
        return expr(e.right);
      case 'cond':
        [e.test, e.then, e.else].forEach(expr);
        return;
      case 'concat':
      case 'unknown':
        return e.parts.forEach(expr);
      case 'list':
        return e.elems.forEach(expr);
      case 'dict':
        return e.entries.forEach((en) => expr(en.value));
      case 'func':
        calledNames(e.fn.body, out);
        return;
      default:
        return;
    }
  };
  for (const s of stmts) {
    switch (s.k) {
      case 'assign':
        expr(s.value);
        break;
      case 'expr':
        expr(s.e);
        break;
      case 'return':
        expr(s.e);
        break;
      case 'if':
        expr(s.test);
        calledNames([...s.then, ...s.else], out);
        break;
      case 'loop':
        expr(s.iter);
        expr(s.test);
        calledNames([...s.body, ...s.orelse], out);
        break;
      case 'try':
        calledNames([...s.body, ...s.handlers.flat(), ...s.orelse, ...s.final], out);
        break;
      case 'switch':
        expr(s.subject);
        calledNames(s.cases.flatMap((c) => c.body), out);
        break;
      case 'def':
        calledNames(s.fn.body, out);
        break;
      case 'class':
        calledNames(s.body, out);
        break;
      default:
        break;
    }
  }
  return out;
}

function guessViews(m: ModuleIR): void {
  const idx = index(m);
  if (!idx.django) return;
  let called: Set<string> | undefined;
  for (const fn of idx.defs.values()) {
    if (fn.params[0]?.name !== 'request' || viewInfo(fn) || !fn.decorators.some((d) => isViewDecorator(m, d))) continue;
    called ??= calledNames(m.body);
    if (!called.has(fn.name)) markView(fn, { kind: 'function', routes: [] });
  }
  for (const cls of idx.classes.values()) if (isViewClass(m, cls)) classInfo(cls);
}

/** Marks the views of these modules (and of the modules their URLconfs reach) for the Python model. */
export function linkDjangoViews(program: Program, modules: readonly ModuleIR[]): void {
  const py = modules.filter((m) => m.language === 'python');
  for (const m of py) guessViews(m);
  const linker = new Linker(program);
  const confs = new Map<string, ModuleIR>();
  for (const m of py) if (index(m).assigns.has('urlpatterns')) confs.set(m.moduleName, m);
  for (const name of program.moduleNames()) {
    if (!/(^|\.)urls$/.test(name) || confs.has(name)) continue;
    const m = program.module(name)?.ir;
    if (m?.language === 'python') confs.set(name, m);
  }
  for (const m of confs.values()) linker.scanIncludes(m);
  for (const m of confs.values()) if (!linker.includedModules.has(m.moduleName)) linker.walkModule(m, [], 0);
}
