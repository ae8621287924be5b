// A static index of a lowered Python module's top level: what each name is bound to (imports, functions,
// classes, assignments), for reading framework configuration such as Django URLconfs without running it.
import type { Expr, FuncIR, ModuleIR, Stmt } from '../ir';
import { Program } from '../program';

export type ClassStmt = Extract<Stmt, { k: 'class' }>;

export interface ModIndex {
  /** Local name -> dotted name it was imported as ('views' -> 'docs.views'). */
  imports: Map<string, string>;
  defs: Map<string, FuncIR>;
  classes: Map<string, ClassStmt>;
  /** Every top-level assignment per name, in order (`prefix = ""`, then `prefix = f"{root}/"`). */
  assigns: Map<string, Expr[]>;
  /** Imports django or rest_framework. */
  django: boolean;
  /** Top-level statements, flattened out of if/try blocks. */
  top: Stmt[];
}

const indexes = new WeakMap<ModuleIR, ModIndex>();

export function moduleIndex(m: ModuleIR): ModIndex {
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
      else if (s.k === 'assign' && s.target.k === 'name' && !s.op) idx.assigns.set(s.target.id, [...(idx.assigns.get(s.target.id) ?? []), s.value]);
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
    idx.imports.set(s.as ?? top, s.as ? s.module : top);
    return;
  }
  const base = Program.pythonRelative(m, s.module);
  for (const { name, as } of s.names) if (name !== '*') idx.imports.set(as, base ? `${base}.${name}` : name);
}

/** `a.b.c` as ['a', 'b', 'c']; undefined for anything but a name or attribute chain. */
export function dotted(e: Expr): string[] | undefined {
  if (e.k === 'name') return [e.id];
  if (e.k === 'attr') {
    const head = dotted(e.obj);
    return head ? [...head, e.name] : undefined;
  }
  return undefined;
}

/** Dotted name of an imported value (`path` -> 'django.urls.path'); undefined for local or unknown names. */
export function qualified(m: ModuleIR, e: Expr): string | undefined {
  const parts = dotted(e);
  const head = parts && moduleIndex(m).imports.get(parts[0] as string);
  return head && parts ? [head, ...parts.slice(1)].join('.') : undefined;
}

/** The string a class attribute is set to in the class body (`regex = "[0-9]{4}"`). */
export function classConstant(cls: ClassStmt, name: string): string | undefined {
  let out: string | undefined;
  for (const s of cls.body) if (s.k === 'assign' && s.target.k === 'name' && s.target.id === name && s.value.k === 'const' && typeof s.value.v === 'string') out = s.value.v;
  return out;
}
