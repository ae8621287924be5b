// The set of lowered modules of one scan and how imports resolve between them (cross-file taint).
import { posix } from 'node:path';
import { aliasCandidates, type PathAlias } from './ts-paths';
import type { ModuleIR } from './ir';
import type { Scope } from './value';

export interface ProgramModule {
  ir: ModuleIR;
  /** Module-level variables once its top level ran (lazily, when imported or analyzed). */
  globals?: Scope;
  running?: boolean;
  /** Top-level package names it imports (framework detection: 'flask', 'django', 'express'...). */
  imports: Set<string>;
}

/**
 * Project-wide set-up seen in any file, looked for on first use: koa-qs makes Koa parse query strings with qs, whose
 * nested keys (`a[$ne]=x`) become objects.
 */
export class ProgramFacts {
  private koaQs?: boolean;

  constructor(private readonly jsTexts: () => Iterable<string>) {}

  get koaQueryObjects(): boolean {
    this.koaQs ??= [...this.jsTexts()].some((t) => /['"]koa-qs['"]/.test(t));
    return this.koaQs;
  }
}

export class Program {
  private readonly byName = new Map<string, ProgramModule>();
  readonly byFile = new Map<string, ProgramModule>();
  private readonly packages = new Set<string>();
  /** Modules without any source of their own are lowered only when another module imports them. */
  private readonly lazy = new Map<string, () => ModuleIR | null>();

  /** What the project sets up away from the code that reads a request (ProgramFacts). */
  readonly facts: ProgramFacts;

  constructor(
    readonly crossFile: boolean,
    /** The project's JavaScript/TypeScript texts, read only when a fact is asked for. */
    jsTexts: () => Iterable<string> = () => [],
  ) {
    this.facts = new ProgramFacts(jsTexts);
  }

  addLazy(moduleName: string, load: () => ModuleIR | null): void {
    if (this.byName.has(moduleName) || this.lazy.has(moduleName)) return;
    this.lazy.set(moduleName, load);
    this.notePackages(moduleName);
  }

  /** Other names of a module: its dotted name from the source root when that differs from its path. */
  private readonly aliasOf = new Map<string, string>();

  /** Also import `canonical` as `alias` (`utilities.html` for `netbox/utilities/html.py`), unless a module has that name. */
  addAlias(alias: string, canonical: string): void {
    if (alias === canonical || this.byName.has(alias) || this.lazy.has(alias) || this.aliasOf.has(alias)) return;
    this.aliasOf.set(alias, canonical);
    this.notePackages(alias);
  }

  private get(alias: string): ProgramModule | undefined {
    const name = this.aliasOf.get(alias) ?? alias;
    const found = this.byName.get(name);
    if (found) return found;
    const load = this.lazy.get(name);
    if (!load) return undefined;
    this.lazy.delete(name);
    const ir = load();
    return ir ? this.add(ir) : undefined;
  }

  private notePackages(moduleName: string): void {
    const parts = moduleName.split('.');
    for (let i = 1; i < parts.length; i++) this.packages.add(parts.slice(0, i).join('.'));
  }

  add(ir: ModuleIR): ProgramModule {
    const pm: ProgramModule = { ir, imports: importsOf(ir) as Set<string> };
    this.byFile.set(ir.file, pm);
    if (this.byName.has(ir.moduleName)) {
      // two files map to one dotted name (e.g. scripts without packages): keep the first, the second stays local
      return pm;
    }
    this.byName.set(ir.moduleName, pm);
    this.notePackages(ir.moduleName);
    return pm;
  }

  /** Is this dotted name a project module or package (Python)? Only when cross-file analysis is on. */
  isProjectModule(name: string): boolean {
    return this.crossFile && (this.byName.has(name) || this.lazy.has(name) || this.packages.has(name) || this.aliasOf.has(name));
  }

  module(name: string): ProgramModule | undefined {
    return this.crossFile ? this.get(name) : undefined;
  }

  /** Every module name of the scan, lowered or not (cross-file only): framework configuration such as Django URLconfs. */
  moduleNames(): string[] {
    return this.crossFile ? [...this.byName.keys(), ...this.lazy.keys()] : [];
  }

  /** Absolute dotted name for a Python `from .x import y` inside `fromModule`. */
  static pythonRelative(fromModule: ModuleIR, spec: string): string {
    if (!spec.startsWith('.')) return spec;
    const dots = spec.match(/^\.+/)?.[0].length ?? 1;
    const isPackage = /(^|\/)__init__\.py$/.test(fromModule.file);
    const base = fromModule.moduleName.split('.');
    const drop = isPackage ? dots - 1 : dots;
    const parent = base.slice(0, Math.max(0, base.length - drop));
    const rest = spec.slice(dots);
    return [...parent, ...(rest ? [rest] : [])].join('.');
  }

  /** Path aliases of the project's tsconfig/jsconfig files (`@server/*` -> `server/*`). */
  aliases: readonly PathAlias[] = [];

  /** Module key of a JS/TS relative or aliased import ('./util' from 'src/a.ts' -> 'src/util'), without loading it. */
  jsKey(fromModule: ModuleIR, spec: string): string | undefined {
    if (!this.crossFile) return undefined;
    // ('/imports/x': Meteor resolves an absolute specifier from the application's root, the folder of its .meteor/)
    const bases = spec.startsWith('.')
      ? [posix.normalize(posix.join(posix.dirname(fromModule.file), spec)).replace(/\.(m|c)?(j|t)sx?$/, '')]
      : spec.startsWith('/')
        ? [posix.normalize(spec.slice(1)).replace(/\.(m|c)?(j|t)sx?$/, '')]
        : aliasCandidates(this.aliases, fromModule.file, spec);
    for (const base of bases) for (const key of [base, `${base}/index`]) if (this.byName.has(key) || this.lazy.has(key)) return key;
    return undefined;
  }
}

export function pythonModuleName(file: string): string {
  return file.replace(/\.pyw?$/, '').replace(/\/__init__$/, '').split('/').join('.');
}

/**
 * Dotted names of Python files as code below a source root imports them: relative to the folder above the top-most
 * package (`src/` in a src layout), so `from utilities.html import x` finds `netbox/utilities/html.py`, and relative
 * to a folder holding a manage.py (Django puts its own folder on sys.path, even when that folder is a package too).
 * Registered as aliases beside the name from the scan root (namespace packages without __init__.py are imported from
 * there); a file outside any package keeps only that name. A manage.py inside a package (a module about managed
 * devices) adds a name and takes none away: the package's own name stays. A folder that is no package but holds a
 * script (`main.py`, `app.py`, `wsgi.py`...) is a source root for the files in the folders below it, which code run
 * from that script imports by their names below it (`from apis.menu.utils import x`, no `__init__.py` anywhere).
 */
export function pythonModuleNamer(paths: Iterable<string>): (file: string) => string[] {
  const packages = new Set<string>();
  const entryDirs = new Set<string>();
  const scriptDirs = new Set<string>();
  for (const p of paths) {
    const m = /^(?:(.*)\/)?__init__\.py$/.exec(p);
    if (m) packages.add(m[1] ?? '');
    const e = /^(?:(.*)\/)?manage\.py$/.exec(p);
    if (e) entryDirs.add(e[1] ?? '');
    const s = /^(?:(.*)\/)?(main|app|wsgi|asgi|server|run|__main__)\.py$/.exec(p);
    if (s) scriptDirs.add(s[1] ?? '');
  }
  const parent = (dir: string): string => (dir.includes('/') ? dir.slice(0, dir.lastIndexOf('/')) : '');
  const below = (root: string, file: string) => pythonModuleName(root ? file.slice(root.length + 1) : file);
  return (file) => {
    const dir = parent(file);
    const names = new Set<string>();
    let root = dir;
    while (root && packages.has(root)) {
      if (entryDirs.has(root)) names.add(below(root, file));
      root = parent(root);
    }
    if (entryDirs.has(root) || root !== dir) names.add(below(root, file));
    // a folder of namespace packages run by its own script (`app/main.py` imports `apis.admin.utils` from
    // `app/apis/admin/utils.py`): Python puts the script's folder on sys.path, so names below it import from there
    for (let up = root; up; up = parent(up)) if (up !== dir && scriptDirs.has(up) && !packages.has(up)) names.add(below(up, file));
    return [...names];
  };
}

export function jsModuleName(file: string): string {
  return file.replace(/\.(m|c)?(j|t)sx?$/, '');
}

const IMPORTS = new WeakMap<ModuleIR, Set<string>>();
/** Top-level package names a module imports (computed once per module). */
export function importsOf(ir: ModuleIR): ReadonlySet<string> {
  let out = IMPORTS.get(ir);
  if (!out) IMPORTS.set(ir, (out = collectImports(ir)));
  return out;
}

function collectImports(ir: ModuleIR): Set<string> {
  const out = new Set<string>();
  const visit = (stmts: ModuleIR['body']): void => {
    for (const s of stmts) {
      if (s.k === 'import') out.add(s.module.replace(/^node:/, '').split(/[./]/)[0] || s.module);
      else if (s.k === 'assign') {
        // CommonJS: const Koa = require('koa'), const { Router } = require('express')
        const mod = requiredModule(s.value);
        if (mod) out.add(mod.replace(/^node:/, '').split(/[./]/)[0] || mod);
      }
      else if (s.k === 'def') visit(s.fn.body);
      else if (s.k === 'if' || s.k === 'try') visit(s.k === 'if' ? [...s.then, ...s.else] : [...s.body, ...s.handlers.flat()]);
      else if (s.k === 'class') visit(s.body);
    }
  };
  visit(ir.body);
  return out;
}

function requiredModule(e: import('./ir').Expr): string | undefined {
  const call = e.k === 'attr' ? e.obj : e;
  if (call.k !== 'call' || call.callee.k !== 'name' || call.callee.id !== 'require') return undefined;
  const arg = call.args[0];
  return arg?.k === 'const' && typeof arg.v === 'string' && !arg.v.startsWith('.') ? arg.v : undefined;
}
