// Import binding: library imports become symbolic names ('os.system', 'child_process.exec') that the models
// match; project imports resolve to the imported module's own variables (cross-file taint) when enabled.
import type { ModuleIR, Stmt } from './ir';
import { Program, type ProgramModule } from './program';
import type { Scope, Value } from './value';

type Ensure = (pm: ProgramModule) => Scope;

function moduleValue(name: string, program: Program): Value {
  return program.isProjectModule(name) ? { qn: name, module: name } : { qn: name };
}

export function bindImport(s: Extract<Stmt, { k: 'import' }>, from: ModuleIR, program: Program, ensure: Ensure): [string, Value][] {
  return from.language === 'python' ? bindPython(s, from, program, ensure) : bindJs(s, from, program);
}

function bindPython(s: Extract<Stmt, { k: 'import' }>, from: ModuleIR, program: Program, ensure: Ensure): [string, Value][] {
  if (s.names === null) {
    if (s.as) return [[s.as, moduleValue(s.module, program)]];
    const top = s.module.split('.')[0] as string;
    return [[top, moduleValue(top, program)]];
  }
  const base = Program.pythonRelative(from, s.module);
  const out: [string, Value][] = [];
  for (const { name, as } of s.names) {
    if (name === '*') {
      const pm = program.module(base);
      if (pm) for (const [k, v] of ensure(pm).vars) out.push([k, v]);
      continue;
    }
    const full = base ? `${base}.${name}` : name;
    if (program.isProjectModule(full)) out.push([as, moduleValue(full, program)]);
    else if (program.isProjectModule(base)) out.push([as, { qn: full, ref: { module: base, name } }]);
    else out.push([as, { qn: full }]);
  }
  return out;
}

function bindJs(s: Extract<Stmt, { k: 'import' }>, from: ModuleIR, program: Program): [string, Value][] {
  const spec = s.module.replace(/^node:/, '');
  const key = program.jsKey(from, spec);
  const whole: Value = key ? { qn: spec, module: key } : { qn: spec };
  const out: [string, Value][] = [];
  if (s.as) out.push([s.as, whole]);
  for (const { name, as } of s.names ?? []) {
    if (name === '*') out.push([as, whole]);
    else if (key) out.push([as, { qn: `${spec}.${name}`, ref: { module: key, name } }]);
    else out.push([as, { qn: name === 'default' ? spec : `${spec}.${name}` }]);
  }
  return out;
}

/** `mod.name` where mod is a project module value: a submodule, or a variable of that module. */
export function moduleAttr(obj: Value, name: string, program: Program, ensure: Ensure): Value | undefined {
  const modName = obj.module ?? obj.qn;
  if (!modName) return undefined;
  const sub = `${modName}.${name}`;
  if (program.isProjectModule(sub)) return { qn: sub, module: sub };
  const pm = program.module(modName);
  if (!pm) return { qn: sub };
  const vars = ensure(pm).vars;
  return vars.get(name) ?? vars.get('default')?.fields?.get(name) ?? { qn: sub };
}

/** `require('./x')` in JS: the module (its exports resolve on use) or a library name. */
export function requireValue(spec: string, from: ModuleIR, program: Program): Value {
  const clean = spec.replace(/^node:/, '');
  const key = program.jsKey(from, clean);
  return key ? { qn: clean, module: key } : { qn: clean };
}
