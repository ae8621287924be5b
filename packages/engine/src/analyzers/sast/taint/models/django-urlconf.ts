// Before the analysis: find the Django views of the scan and the routes that reach them (see django-views.ts).
// URLconfs (modules assigning `urlpatterns` at top level, and with cross-file analysis every `*.urls` module)
// are read statically: each `path()`/`re_path()`/`url()` call gives a route whose view expression
// (`views.profile`, `ProfileView.as_view()`, `login_required(views.x)`) is resolved through the module's
// imports; `include()` passes its prefix captures to the included patterns, and a module that another URLconf
// includes is only read through that include, so its views see the prefix captures. Converters registered
// with `register_converter()` take the shape of their class's `regex`. Views no URLconf reaches may still be
// guessed (django-guess.ts).
import type { ConstValue, Expr, FuncIR, ModuleIR, Stmt } from '../ir';
import type { Program } from '../program';
import type { Capture, CaptureShape } from './django-routes';
import { groupShape, pathCaptures, regexCaptures } from './django-routes';
import { guessViews } from './django-guess';
import type { Route } from './django-views';
import { addRoute, classInfo, markView, viewInfo } from './django-views';
import type { ClassStmt } from './py-module-index';
import { classConstant, dotted, moduleIndex, qualified } from './py-module-index';

type CallExpr = Extract<Expr, { k: 'call' }>;

type Target =
  | { k: 'fn'; fn: FuncIR; m: ModuleIR }
  | { k: 'class'; cls: ClassStmt; m: ModuleIR }
  | { k: 'module'; m: ModuleIR }
  | { k: 'expr'; e: Expr; m: ModuleIR };

interface Prefix {
  captures: Capture[];
  partial: boolean;
}

const DJANGO_URLS = String.raw`^django\.(urls|conf\.urls)(\.conf|\.converters)?\.`;
const URL_FUNC = new RegExp(`${DJANGO_URLS}(path|re_path|url)$`);
const INCLUDE = new RegExp(`${DJANGO_URLS}include$`);
const REGISTER = new RegExp(`${DJANGO_URLS}register_converter$`);
/** Django < 1.10: patterns('app.views', url(r'^x$', 'index')) names views by dotted strings under a prefix. */
const PATTERNS = new RegExp(`${DJANGO_URLS}patterns$`);
const MAX_DEPTH = 6;

class Linker {
  private readonly walked = new Set<string>();
  /** Modules read through include() and variables passed to include(): not read again on their own. */
  readonly includedModules = new Set<string>();
  private readonly includedVars = new Set<string>();
  private readonly converters = new Map<string, CaptureShape>();
  /** First pass: only includes and converters are recorded, nothing is linked. */
  private scanning = false;
  /** View prefix of the enclosing patterns() call, for string views. */
  private viewPrefix = '';

  constructor(private readonly program: Program) {}

  // ---------------- resolution ----------------

  private module(name: string, from: ModuleIR): ModuleIR | undefined {
    if (name === from.moduleName) return from;
    return this.program.isProjectModule(name) ? this.program.module(name)?.ir : undefined;
  }

  private resolve(m: ModuleIR, parts: string[], depth = 0): Target | undefined {
    if (depth > MAX_DEPTH || parts.length === 0) return undefined;
    const idx = moduleIndex(m);
    const [head, ...rest] = parts as [string, ...string[]];
    if (rest.length === 0) {
      const fn = idx.defs.get(head);
      if (fn) return { k: 'fn', fn, m };
      const cls = idx.classes.get(head);
      if (cls) return { k: 'class', cls, m };
      const e = idx.assigns.get(head)?.at(-1);
      if (e) return { k: 'expr', e, m };
    }
    const q = idx.imports.get(head);
    return q ? this.resolveQualified(m, [...q.split('.'), ...rest], depth) : undefined;
  }

  /** 'docs.views.document': the longest prefix that is a project module, then the rest inside it. */
  private resolveQualified(m: ModuleIR, full: string[], depth: number): Target | undefined {
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

  scan(m: ModuleIR): void {
    this.scanning = true;
    try {
      for (const s of moduleIndex(m).top) this.walkStmt(m, s, { captures: [], partial: false }, 0);
    } finally {
      this.scanning = false;
    }
  }

  walkModule(m: ModuleIR, prefix: Prefix, depth: number): void {
    const key = `${m.file}|${JSON.stringify(prefix)}`;
    if (depth > MAX_DEPTH || this.walked.has(key)) return;
    this.walked.add(key);
    for (const s of moduleIndex(m).top) this.walkStmt(m, s, prefix, depth);
  }

  private walkStmt(m: ModuleIR, s: Stmt, prefix: Prefix, depth: number): void {
    if (s.k === 'assign') {
      // a variable given to include() is read there, with the include's prefix
      if (!this.scanning && s.target.k === 'name' && this.includedVars.has(`${m.file}|${s.target.id}`)) return;
      this.walkExpr(m, s.value, prefix, depth);
    } else if (s.k === 'expr') this.walkExpr(m, s.e, prefix, depth);
  }

  private walkExpr(m: ModuleIR, e: Expr, prefix: Prefix, depth: number): void {
    const walk = (x: Expr): void => this.walkExpr(m, x, prefix, depth);
    switch (e.k) {
      case 'call': {
        const q = qualified(m, e.callee);
        if (q && URL_FUNC.test(q)) return this.route(m, e, q.endsWith('.path') ? 'path' : 'regex', prefix, depth);
        if (q && REGISTER.test(q)) return this.converter(m, e);
        if (q && PATTERNS.test(q)) return this.patterns(m, e, prefix, depth);
        return [...e.args, ...e.kwargs.map((k) => k.value)].forEach(walk);
      }
      case 'list':
        return e.elems.forEach(walk);
      case 'bin':
        return [e.left, e.right].forEach(walk);
      case 'unknown':
      case 'concat':
        return e.parts.forEach(walk);
      case 'cond':
        return [e.then, e.else].forEach(walk);
      default:
        return;
    }
  }

  private patterns(m: ModuleIR, call: CallExpr, prefix: Prefix, depth: number): void {
    const [first, ...rest] = call.args;
    const saved = this.viewPrefix;
    this.viewPrefix = first?.k === 'const' && typeof first.v === 'string' ? first.v : '';
    try {
      for (const a of rest) this.walkExpr(m, a, prefix, depth);
    } finally {
      this.viewPrefix = saved;
    }
  }

  /** register_converter(FourDigitYearConverter, 'yyyy'): the converter's `regex` gives the shape. */
  private converter(m: ModuleIR, call: CallExpr): void {
    const [cls, name] = call.args;
    if (!this.scanning || !cls || name?.k !== 'const' || typeof name.v !== 'string') return;
    const t = this.resolveExpr(m, cls);
    const regex = t?.k === 'class' ? classConstant(t.cls, 'regex') : undefined;
    this.converters.set(name.v, regex === undefined ? 'any' : groupShape(regex));
  }

  private route(m: ModuleIR, call: CallExpr, kind: 'path' | 'regex', prefix: Prefix, depth: number): void {
    const kw = (name: string): Expr | undefined => call.kwargs.find((k) => k.name === name)?.value;
    const pattern = routeText(m, call.args[0] ?? kw('route') ?? kw('regex'));
    const own = kind === 'path' ? pathCaptures(pattern.text, this.converters) : regexCaptures(pattern.text);
    const view = call.args[1] ?? kw('view');
    if (!view) return;
    const route: Route = {
      captures: merge(prefix.captures, own),
      partial: prefix.partial || pattern.partial,
      extra: constDict(call.args[2] ?? kw('kwargs')),
      where: `${m.file}:${call.line}`,
    };
    this.view(m, view, route, depth);
  }

  private view(m: ModuleIR, v: Expr, route: Route, depth: number): void {
    if (v.k !== 'call') {
      const dottedView = v.k === 'const' && typeof v.v === 'string' ? [this.viewPrefix, v.v].filter(Boolean).join('.') : undefined;
      const t = dottedView ? this.resolveQualified(m, dottedView.split('.'), 0) : this.resolveExpr(m, v);
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
      if (arg) this.include(m, arg, { captures: route.captures, partial: route.partial }, depth + 1);
      return;
    }
    // a wrapped view: login_required(views.x), cache_page(60)(views.x), csrf_exempt(View.as_view())
    const wrapped = v.args[0];
    if (wrapped) this.view(m, wrapped, route, depth);
  }

  private include(m: ModuleIR, arg: Expr, prefix: Prefix, depth: number): void {
    if (arg.k === 'list') {
      // include((patterns, 'app_name')) or include([path(...), ...])
      const [first, second] = arg.elems;
      if (arg.elems.length === 2 && first && first.k !== 'call' && second?.k === 'const') return this.include(m, first, prefix, depth);
      return this.walkExpr(m, arg, prefix, depth);
    }
    const name = arg.k === 'const' && typeof arg.v === 'string' ? arg.v : undefined;
    const mod = name !== undefined ? this.module(name, m) : undefined;
    const t: Target | undefined = mod ? { k: 'module', m: mod } : this.resolveExpr(m, arg);
    if (t?.k === 'module') {
      if (this.scanning) this.includedModules.add(t.m.moduleName);
      else this.walkModule(t.m, prefix, depth);
    } else if (t?.k === 'expr') {
      if (this.scanning) this.includedVars.add(`${t.m.file}|${dotted(arg)?.at(-1) ?? ''}`);
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

/**
 * The text of a route with what is known statically: literals, f-string constant parts, module-level string
 * constants. Anything else (`path(prefix, ...)` with a prefix computed from settings) is left out and marks
 * the route partial: its captures are those of the known text, other parameters stay of unknown shape.
 */
function routeText(m: ModuleIR, e: Expr | undefined, depth = 0): { text: string; partial: boolean } {
  if (e?.k === 'const' && typeof e.v === 'string') return { text: e.v, partial: false };
  if ((e?.k === 'concat' || (e?.k === 'bin' && e.op === '+')) && depth < 4) {
    const parts = (e.k === 'concat' ? e.parts : [e.left, e.right]).map((p) => routeText(m, p, depth + 1));
    return { text: parts.map((p) => p.text).join(''), partial: parts.some((p) => p.partial) };
  }
  if (e?.k === 'name' && depth < 4) {
    const values = moduleIndex(m).assigns.get(e.id) ?? [];
    const texts = values.map((v) => routeText(m, v, depth + 1));
    const first = texts[0];
    if (first && texts.every((t) => !t.partial && t.text === first.text)) return first;
  }
  return { text: '', partial: true };
}

/** Prefix and own captures; as in Django's resolver, positional captures count only when none is named. */
function merge(prefix: Capture[], own: Capture[]): Capture[] {
  const all = [...prefix, ...own];
  return all.some((c) => c.name !== null) ? all.filter((c) => c.name !== null) : all;
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

/** Marks the views of these modules (and of the modules their URLconfs reach) for the Python model. */
export function linkDjangoViews(program: Program, modules: readonly ModuleIR[]): void {
  const py = modules.filter((m) => m.language === 'python');
  for (const m of py) guessViews(m);
  const confs = new Map<string, ModuleIR>();
  for (const m of py) if (moduleIndex(m).assigns.has('urlpatterns')) confs.set(m.moduleName, m);
  for (const name of program.moduleNames()) {
    if (!/(^|\.)urls$/.test(name) || confs.has(name)) continue;
    const m = program.module(name)?.ir;
    if (m?.language === 'python') confs.set(name, m);
  }
  const linker = new Linker(program);
  for (const m of confs.values()) linker.scan(m);
  for (const m of confs.values()) if (!linker.includedModules.has(m.moduleName)) linker.walkModule(m, { captures: [], partial: false }, 0);
}
