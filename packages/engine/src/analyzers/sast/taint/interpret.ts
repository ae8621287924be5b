// Flow-sensitive abstract interpreter over the taint IR. Per function it tracks, for every variable, taint,
// known constants and container contents; branches on constant conditions are pruned, guards that validate
// a value clean it on the passing branch, and calls into project functions are analyzed in context
// (a summary per argument-taint signature), across files when the program resolves imports.
import type { TraceStep } from '../../../types';
import type { Expr, FuncIR, Stmt, Target } from './ir';
import { SPREAD_KWARGS } from './ir';
import type { CallSite, LanguageModel, ModelHost, SinkHit } from './model';
import type { Program, ProgramModule } from './program';
import { evalBinary, evalCompare } from './const-eval';
import { RELATIVE_PATH, TRUSTED_REQUEST, isPathKey, pathKey, pathPrefix, predicateOf, validatedBy, type GuardContext, type Validated } from './guards';
import { bindImport, moduleAttr, requireValue } from './imports';
import { ITEMS_TAINTED, splitsExtension, splitsOnDot, splitsOnSlash } from './models/common';
import { declaredReturn, nonTextReturn, typedInstance } from './models/py-types';
import { tsDeclaredReturn, tsNonTextReturn } from './models/ts-types';
import { checkedField } from './models/dto-checks';
import { formField } from './models/py-forms';
import type { ClassInfo, Closure, Scope, SinkKind, Taint, Value } from './value';
import { CHOSEN_KEY, CLEAN, HOST_ENDED, gluedBefore, gluedTaint, unglued, RECORD_TYPE, constant, deepTaint, endsInQuery, inQuery, isTaintedFor, joinTaint, joinValues, leadingText, recordOf, relativeToServerBase, sanitize, serverChosenStart, startFacts, startOf, taintFor, truthy, withStep } from './value';

type Env = Map<string, Value>;

/** No source matched in the statement being run: shared, so running a statement allocates nothing for it. */
const NONE_MATCHED: readonly TraceStep[] = [];

interface Frame {
  pm: ProgramModule;
  fn?: FuncIR;
  outer: Scope;
  returns: Value[];
  /** The environment at each return statement: with the fall-through one, every normal exit. */
  exits: Env[];
  /** The environment at each return statement whose value may be truthy (not `return None`, `return false`). */
  truthyExits?: Env[];
  /** A `return <test>` was seen: that exit is a rejection where the test fails, whatever the other exits return. */
  testReturn?: true;
  loops: Env[][];
  depth: number;
  /**
   * How project code called this function: where, and the argument bound to each parameter before the call's trace
   * step. A sink the function reaches with one of its parameters unchanged is reported at that call (liftToCall).
   */
  call?: { file: string; line: number; text: string; bound: ReadonlyMap<string, Value>; entered: ReadonlyMap<string, Value>; caller: Frame };
}

export interface RawFinding {
  hit: SinkHit;
  file: string;
  taint: Taint;
}

const MAX_DEPTH = 4;
const STEP_BUDGET = 400_000;

export class Interpreter {
  readonly findings = new Map<string, RawFinding>();
  private readonly summaries = new Map<string, Invoked>();
  /** Sources whose key passed a raising lookup during the statement being run (matchedInStmt); copied on write. */
  private stmtMatched: readonly TraceStep[] = NONE_MATCHED;
  /** What the last evaluation of a lookup call proves where its result is truthy (read by a guard on that call). */
  private readonly provenBy = new WeakMap<Expr, readonly Validated[]>();
  private readonly active = new Set<string>();
  private readonly queued = new Set<string>();
  /** Functions waiting for their entry analysis, per module file (a module may be evaluated while importing). */
  private readonly queue = new Map<string, Closure[]>();
  private steps = 0;
  private frame!: Frame;
  private env: Env | null = null;

  constructor(
    readonly program: Program,
    private readonly model: LanguageModel,
  ) {}

  /** Analyze one module: its top level, then every function defined in it as an entry point. */
  analyzeModule(pm: ProgramModule): void {
    this.ensureGlobals(pm);
    const pending = this.queue.get(pm.ir.file);
    while (pending && pending.length > 0) {
      const c = pending.shift() as Closure;
      this.steps = 0;
      this.entry(c);
    }
  }

  ensureGlobals(pm: ProgramModule): Scope {
    if (pm.globals) return pm.globals;
    const vars: Env = new Map();
    pm.globals = { vars };
    pm.running = true;
    this.withFrame({ pm, outer: { vars: new Map() }, returns: [], exits: [], loops: [], depth: 0 }, vars, () => {
      // JavaScript hoists function declarations: `let db = createDb()` above `function createDb() {...}` calls it
      if (pm.ir.language === 'python') this.exec(pm.ir.body);
      else {
        const defs = pm.ir.body.filter((s) => s.k === 'def');
        this.exec(defs);
        this.exec(pm.ir.body.filter((s) => s.k !== 'def'));
      }
      // a top-level if/try (`if TYPE_CHECKING:`, `try: import x`) continues in a joined env: what the module defines
      // after it belongs to its globals too
      if (this.env && this.env !== vars) for (const [k, v] of this.env) if (!isPathKey(k)) vars.set(k, v);
    });
    pm.running = false;
    return pm.globals;
  }

  private withFrame<T>(frame: Frame, env: Env, run: () => T): T {
    const [savedFrame, savedEnv] = [this.frame, this.env];
    this.frame = frame;
    this.env = env;
    try {
      return run();
    } finally {
      this.frame = savedFrame;
      this.env = savedEnv;
    }
  }

  private entry(c: Closure): void {
    const pm = this.program.byFile.get(c.module.file) as ProgramModule;
    const env: Env = new Map();
    this.withFrame({ pm, fn: c.fn, outer: c.outer, returns: [], exits: [], loops: [], depth: 0 }, env, () => {
      const host = this.host();
      c.fn.params.forEach((p, i) => {
        let v = this.model.param(c.fn, i, c.module, host, pm.imports);
        if (!v && i === 0 && c.fn.className && c.module.language === 'python' && !isStaticMethod(c.fn)) v = this.instanceOf(c.fn.className, c.outer);
        if (v?.t && p.annotation && c.module.language === 'python') v = this.withFieldValidators(v, p.annotation);
        if (v?.t && p.annotation && p.decorator && c.module.language !== 'python') v = this.withDtoChecks(v, p.annotation);
        env.set(p.name, v ?? CLEAN);
      });
      // a JS method run as an entry point has its class's instance as `this`, and so do the arrow functions defined
      // in it (route handlers registered in a setup method call the class's own methods through it)
      if (c.module.language !== 'python' && c.fn.className && !c.fn.isLambda) env.set('this', this.instanceOf(c.fn.className, c.outer));
      this.exec(c.fn.body);
    });
  }

  /**
   * A request body typed with a pydantic model: its non-text fields are converted values (typedInstance), and
   * fields its `@validator('f')` / `@field_validator('f')` methods check passed project validation the analysis
   * does not evaluate, so their flows are unproven.
   */
  private withFieldValidators(v: Value, annotation: string): Value {
    const cls = this.annotatedClass(annotation);
    if (!cls || !v.t) return v;
    const typed = typedInstance(cls, v);
    const validated = new Set<string>();
    for (let k: ClassInfo | undefined = cls, depth = 0; k && depth < 5; k = k.bases.find((b) => b.cls)?.cls, depth++) {
      for (const m of k.methods.values()) {
        for (const d of m.fn.decorators) {
          if (d.k !== 'call') continue;
          const callee = d.callee.k === 'attr' ? d.callee.name : d.callee.k === 'name' ? d.callee.id : '';
          if (!/^(field_)?validator$/.test(callee)) continue;
          for (const a of d.args) if (a.k === 'const' && typeof a.v === 'string') validated.add(a.v);
        }
      }
    }
    if (!validated.size) return typed;
    const checked: Value = { t: { ...v.t, unproven: true } };
    return { ...typed, fields: new Map([...(typed.fields ?? []), ...[...validated].map((f) => [f, checked] as const)]) };
  }

  /**
   * A NestJS body or query typed with a DTO class whose fields carry class-validator decorators: the validation pipe
   * rejects a request whose field is not an id, number, enum member or pattern-matched text, so such fields hold no
   * attacker-chosen characters (dto-checks.ts); undecorated fields stay as sent.
   */
  private withDtoChecks(v: Value, annotation: string): Value {
    const checks = this.annotatedClass(annotation)?.fieldDecorators;
    if (!checks || !v.t) return v;
    const fields = new Map(v.fields ?? []);
    for (const [field, decorators] of checks) {
      const checked = checkedField(v.t, decorators);
      if (checked) fields.set(field, checked);
    }
    return fields.size ? { ...v, fields } : v;
  }

  /** The project class a type annotation names (`: UsersService`, `CreateShareDTO`), where the running function is or in `scope`. */
  private annotatedClass(annotation: string | undefined, scope?: Scope): ClassInfo | undefined {
    const name = /^\s*:?\s*([A-Za-z_$][\w$]*)\s*$/.exec(annotation ?? '')?.[1];
    if (!name) return undefined;
    const v = scope ? this.lookupScope(name, scope) : this.lookup(name);
    return (v?.ref ? this.resolveRef(v.ref) : v)?.cls;
  }

  private instanceOf(className: string, scope: Scope): Value {
    const cls = this.lookupScope(className, scope)?.cls;
    return cls ? { inst: cls, fields: this.injected(cls, 0) } : CLEAN;
  }

  /**
   * TypeScript constructor parameter properties typed with a project class (`constructor(private readonly users:
   * UsersService)`): what a dependency-injection container (NestJS, Angular, tsyringe) passes is an instance of that
   * class, so `this.users.find(x)` runs UsersService's method.
   */
  private injected(cls: ClassInfo, depth: number): Map<string, Value> {
    const fields = new Map<string, Value>();
    const ctor = cls.methods.get('constructor');
    if (!ctor || depth > 2 || ctor.module.language === 'python') return fields;
    for (const p of ctor.fn.params) {
      if (!p.property) continue;
      const dep = this.annotatedClass(p.annotation, ctor.outer);
      if (dep && dep !== cls) fields.set(p.name, { inst: dep, fields: this.injected(dep, depth + 1) });
    }
    return fields;
  }

  // ---------------- statements ----------------

  private exec(stmts: Stmt[]): void {
    for (const s of stmts) {
      if (!this.env) return;
      if (++this.steps > STEP_BUDGET && this.frame.depth > 0) return;
      this.stmt(s);
    }
  }

  private runBranch(stmts: Stmt[], start: Env | null): Env | null {
    if (!start) return null;
    const saved = this.env;
    this.env = start;
    this.exec(stmts);
    const out = this.env;
    this.env = saved;
    return out;
  }

  private stmt(s: Stmt): void {
    const saved = this.stmtMatched;
    this.stmtMatched = NONE_MATCHED;
    try {
      this.stmtIn(s);
    } finally {
      this.stmtMatched = saved;
    }
  }

  /** A value read before a lookup in the same statement that raises for any other key holds only a key that matched. */
  private matchedInStmt(v: Value): Value {
    const source = v.t?.trace[0];
    return source && !v.t?.matched && this.stmtMatched.includes(source) ? marked(v, 'matched') : v;
  }

  private stmtIn(s: Stmt): void {
    const env = this.env as Env;
    switch (s.k) {
      case 'assign': {
        let v = this.matchedInStmt(this.eval(s.value));
        if (s.op) v = evalBinary(s.op, this.evalTarget(s.target), v, this.frame.pm.ir.language === 'python');
        if (v.t) v = { ...v, t: withStep(v.t, this.step(s.line, s.text)) };
        this.assign(s.target, v, s.line);
        return;
      }
      case 'expr':
        this.eval(s.e);
        // `Path(p).relative_to(base)` raises ValueError unless p lies below base: later statements run only for a
        // contained path, as after `if not Path(p).is_relative_to(base): raise`
        if (this.env && s.e.k === 'call' && s.e.callee.k === 'attr' && s.e.callee.name === 'relative_to' && this.frame.pm.ir.language === 'python') {
          this.env = this.guarded(this.env, { ...s.e, callee: { ...s.e.callee, name: 'is_relative_to' } }, true);
        }
        // `assert(type in TYPES)`, `enforce(ok, msg)` (a helper that throws when its first argument is falsy): later
        // statements run only where the argument held
        if (this.env && s.e.k === 'call') {
          const asserted = this.assertedArg(s.e);
          if (asserted) this.env = this.guarded(this.env, asserted, true);
        }
        return;
      case 'return': {
        const v = s.e ? this.matchedInStmt(this.eval(s.e)) : constant(null);
        if (this.frame.fn) this.model.ret(this.frame.fn, v, s.line, this.host(), this.frame.pm.imports);
        this.frame.returns.push(v);
        if (this.env) this.frame.exits.push(this.env);
        // `return rel && !rel.startsWith('..')`: the helper's result is truthy only where its test holds, so that exit
        // is the env the test proves, and a rejection elsewhere
        if (this.env && s.e && isTest(s.e) && truthy(v) === undefined) {
          (this.frame.truthyExits ??= []).push(this.guarded(new Map(this.env), s.e, true));
          this.frame.testReturn = true;
        } else if (this.env && truthy(v) !== false) (this.frame.truthyExits ??= []).push(this.env);
        this.env = null;
        return;
      }
      case 'exit':
        if (s.kind !== 'raise') this.frame.loops[this.frame.loops.length - 1]?.push(env);
        this.env = null;
        return;
      case 'if': {
        const test = this.eval(s.test);
        const known = truthy(test);
        if (known === true) return this.exec(s.then);
        if (known === false) return this.exec(s.else);
        // inside a function, a branch taken on a test that reads no request data (a setting, a mode) is a server-side
        // switch: an exit there that skips a check the other exits make is recorded (paramValidations)
        const server = !!this.frame.fn && !deepTaint(test) && !env.has(SWITCH_EXIT);
        const start = (truth: boolean): Env => {
          const e = this.guarded(new Map(env), s.test, truth);
          if (server) e.set(SWITCH_EXIT, CLEAN);
          return e;
        };
        const a = this.runBranch(s.then, start(true));
        const b = this.runBranch(s.else, start(false));
        this.env = joinEnv(a, b, this.outerValue);
        if (server) this.env?.delete(SWITCH_EXIT);
        return;
      }
      case 'loop':
        return this.loop(s);
      case 'try': {
        const body = this.runBranch([...s.body, ...s.orelse], new Map(env));
        let out = body;
        for (const h of s.handlers) out = joinEnv(out, this.runBranch(h, joinEnv(new Map(env), body && new Map(body), this.outerValue)), this.outerValue);
        if (s.handlers.length === 0 && s.final.length > 0) out = joinEnv(out, new Map(env));
        this.env = out;
        if (s.final.length && this.env) this.exec(s.final);
        return;
      }
      case 'switch':
        return this.switchStmt(s);
      case 'def': {
        const c: Closure = { fn: s.fn, module: this.frame.pm.ir, outer: this.closureScope() };
        env.set(s.fn.name, { fn: c });
        this.enqueue(c);
        return;
      }
      case 'class':
        return this.classStmt(s);
      case 'import':
        for (const [name, v] of bindImport(s, this.frame.pm.ir, this.program, (pm) => this.ensureGlobals(pm))) env.set(name, v);
        return;
    }
  }

  private closureScope(): Scope {
    // top level: the live globals (functions see later definitions); nested: a snapshot of the enclosing env
    if (!this.frame.fn) return this.frame.pm.globals as Scope;
    return { vars: new Map(this.env as Env), parent: this.frame.outer };
  }

  private enqueue(c: Closure): void {
    if (this.queued.has(c.fn.id)) return;
    this.queued.add(c.fn.id);
    const list = this.queue.get(c.module.file);
    if (list) list.push(c);
    else this.queue.set(c.module.file, [c]);
  }

  /**
   * `env` refined by what `test` proves where it has the given truth value. With `copy`, env is copied first, and
   * only when the test proves something (a conditional expression evaluates each side without copying otherwise).
   */
  /** The argument a call asserts: Node's assert / assert.ok, invariant(), or a function that throws unless it is truthy. */
  private assertedArg(e: Extract<Expr, { k: 'call' }>): Expr | undefined {
    const [first] = e.args;
    if (!first) return undefined;
    const c = e.callee;
    if (this.frame.pm.ir.language !== 'python') {
      if (c.k === 'name' && (c.id === 'assert' || c.id === 'invariant')) return first;
      if (c.k === 'attr' && c.obj.k === 'name' && c.obj.id === 'assert' && (c.name === 'ok' || c.name === 'strict')) return first;
    }
    const fn = c.k === 'name' ? this.lookup(c.id).fn?.fn : undefined;
    const param = fn?.params[0]?.name;
    const head = fn?.body[0];
    if (!param || head?.k !== 'if' || head.else.length) return undefined;
    const t = head.test;
    const unless = t.k === 'unary' && (t.op === '!' || t.op === 'not') && t.arg.k === 'name' && t.arg.id === param;
    return unless && head.then.some((x) => x.k === 'exit' && x.kind === 'raise') ? first : undefined;
  }

  private guarded(env: Env, test: Expr, polarity: boolean, copy = false): Env {
    const ctx: GuardContext = {
      validatorOf: (call) => this.model.validator(this.site(call)),
      isTainted: (x) => !!deepTaint(this.eval(x)),
      isOperatorSecret: (x) => !!deepTaint(this.eval(x))?.local,
      // a call tested in place (`if store.get(uuid):`) was evaluated with the test: its proof is read, not recomputed
      witnessOf: (x) => (x.k === 'call' ? this.provenBy.get(x) : (x.k === 'name' ? this.lookup(x.id) : this.eval(x)).proves),
      isRelativePath: (x) => this.eval(x).qn === RELATIVE_PATH,
    };
    const proofs = validatedBy(test, polarity, ctx);
    if (proofs.length === 0) return env;
    return this.refine(copy ? new Map(env) : env, proofs);
  }

  /** `env` (changed in place) with what the proofs establish: cleaned, matched or switchable values and paths. */
  private refine(env: Env, proofs: readonly Validated[]): Env {
    for (const { name, kinds, path, matched, switchable } of proofs) {
      if (name === TRUSTED_REQUEST) {
        env.set(TRUSTED_REQUEST, constant(true));
        continue;
      }
      const clean = (x: Value): Value => (matched ? marked(x, 'matched') : switchable ? marked(x, 'switchable') : cleanFor(x, kinds));
      const key = path && pathKey(path);
      if (path && key) {
        // evaluated in the branch's env, so an earlier refinement of the same path is kept
        const saved = this.env;
        this.env = env;
        const pv = this.eval(path);
        this.env = saved;
        env.set(key, clean(pv));
        this.pathsRefined = true;
        // what a check proves of one field (`isEmail(profile.email)`) it does not prove of the object's other fields;
        // a field of a value parsed from another (`urlparse(u).netloc in ALLOWED`) is a check of that other value
        if (!matched && !switchable && !(env.get(name) ?? this.lookupScope(name, this.frame.outer))?.origin?.length) continue;
      }
      const v = env.get(name) ?? this.lookupScope(name, this.frame.outer);
      if (!v) continue;
      env.set(name, clean(v));
      // a checked host name (`h = urlparse(u).hostname; if h in ALLOWED`) proves where a request to u goes, not
      // what else u's text holds
      const ofOrigin = (x: Value): Value => (v.t?.hostOnly && !matched && !switchable ? cleanFor(x, kinds === 'all' ? ['ssrf', 'redirect'] : kinds.filter((k) => k === 'ssrf' || k === 'redirect')) : clean(x));
      for (const o of v.origin ?? []) {
        const ov = env.get(o);
        if (ov) env.set(o, ofOrigin(ov));
      }
      // a value built from the key before the lookup (`path = f"exports/{doc_id}.pdf"` then `Docs.get(doc_id)`) now
      // also holds only a key that matched: the same source read, so the same text
      const source = matched ? v.t?.trace[0] : undefined;
      if (source) for (const [k, other] of env) if (other.t && other.t.trace[0] === source && !other.t.matched) env.set(k, marked(other, 'matched'));
    }
    return env;
  }

  private loop(s: Extract<Stmt, { k: 'loop' }>): void {
    const start = this.env as Env;
    const test = s.test ? this.eval(s.test) : undefined;
    const known = test ? truthy(test) : undefined;
    if (known === false) return this.exec(s.orelse);
    const exits: Env[] = [];
    this.frame.loops.push(exits);
    let cur: Env | null = start;
    let acc: Env | null = known === true ? null : start;
    for (let i = 0; i < 2 && cur; i++) {
      const iterEnv: Env = new Map(cur);
      const saved = this.env;
      this.env = iterEnv;
      if (s.target && s.iter) this.assign(s.target, this.element(this.eval(s.iter)), s.line);
      this.env = saved;
      const out = this.runBranch(s.body, s.test ? this.guarded(iterEnv, s.test, true) : iterEnv);
      // continue statements also reach the next iteration
      cur = joinEnv(out, exits.length ? exits.reduce<Env | null>((a, b) => joinEnv(a, b), null) : null);
      if (known !== true) acc = joinEnv(acc, out);
    }
    this.frame.loops.pop();
    let after = acc;
    if (after && s.orelse.length) after = this.runBranch(s.orelse, after);
    for (const e of exits) after = joinEnv(after, e);
    this.env = after;
  }

  private element(iter: Value): Value {
    // no CLEAN seed: a one-element list keeps its element's constant prefix (a URL with a fixed host)
    if (iter.elems && iter.elems.length) return iter.elems.slice(1).reduce<Value>((a, b) => joinValues(a, b), iter.elems[0] as Value);
    const t = deepTaint(iter);
    return t ? { t } : CLEAN;
  }

  private switchStmt(s: Extract<Stmt, { k: 'switch' }>): void {
    const env = this.env as Env;
    const subject = this.eval(s.subject);
    if (subject.hasC) {
      let decidable = true;
      for (const c of s.cases) {
        if (c.tests === null) return this.exec(c.body);
        const vals = c.tests.map((t) => this.eval(t));
        if (vals.some((v) => v.hasC && v.c === subject.c)) return this.exec(c.body);
        if (vals.some((v) => !v.hasC)) {
          decidable = false;
          break;
        }
      }
      if (decidable) return; // no case matched and no default: nothing runs
    }
    let out: Env | null = s.cases.some((c) => c.tests === null) ? null : env;
    for (const c of s.cases) out = joinEnv(out, this.runBranch(c.body, new Map(env)), this.outerValue);
    this.env = out;
  }

  private classStmt(s: Extract<Stmt, { k: 'class' }>): void {
    const env = this.env as Env;
    const info: ClassInfo = { name: s.name, methods: new Map(), bases: s.bases.map((b) => this.eval(b)) };
    if (s.fieldTypes) info.fieldTypes = new Map(s.fieldTypes.map((f) => [f.name, f.annotation]));
    if (s.fieldDecorators) info.fieldDecorators = new Map(s.fieldDecorators.map((f) => [f.name, f.decorators]));
    env.set(s.name, { cls: info, qn: s.name });
    const outer = this.closureScope();
    for (const m of s.body) {
      // a constant attribute or field initializer (`baseUrl = 'https://api.telegram.org/'`): an instance that never
      // assigns it reads the constant (an instance's own field wins, see attr)
      if (m.k === 'assign' && m.target.k === 'name' && !m.op) {
        const v = this.eval(m.value);
        if (v.hasC && !v.t) (info.consts ??= new Map()).set(m.target.id, v);
        else {
          const field = formField(v, m.value);
          if (field) (info.formFields ??= new Map()).set(m.target.id, field);
        }
        continue;
      }
      if (m.k !== 'def') continue;
      const c: Closure = { fn: m.fn, module: this.frame.pm.ir, outer };
      info.methods.set(m.fn.name, c);
      this.enqueue(c);
    }
  }

  // ---------------- assignment ----------------

  private evalTarget(t: Target): Value {
    if (t.k === 'name') return this.lookup(t.id);
    if (t.k === 'attr') return this.attr(this.eval(t.obj), t.name, 0);
    if (t.k === 'index') return this.eval({ k: 'index', obj: t.obj, index: t.index, line: 0 });
    return CLEAN;
  }

  private assign(t: Target, v: Value, line: number): void {
    const env = this.env as Env;
    switch (t.k) {
      case 'name':
        this.forgetPaths(env, t.id);
        env.set(t.id, v);
        return;
      case 'tuple': {
        const whole = deepTaint(v);
        t.elems.forEach((el, i) => this.assign(el, v.elems && v.elems.length === t.elems.length ? (v.elems[i] as Value) : whole ? { t: whole } : CLEAN, line));
        return;
      }
      case 'object':
        for (const p of t.props) this.assign(p.target, this.attr(v, p.key, line), line);
        return;
      case 'attr':
      case 'index': {
        const obj = this.eval(t.obj);
        const keyValue = t.k === 'index' && t.index ? this.eval(t.index) : undefined;
        const key = t.k === 'attr' ? t.name : keyValue ? keyOf(keyValue) : null;
        this.model.store(obj, key, v, line, this.host(), keyValue);
        const assigned = pathKey({ ...t, line } as Expr);
        if (assigned) this.forgetPaths(env, assigned);
        if (t.obj.k === 'attr' && t.obj.obj.k === 'name' && key !== null) return this.storeNested(t.obj.obj.id, t.obj.name, key, v);
        if (t.obj.k !== 'name') return;
        const updated: Value = { ...obj };
        if (key !== null) {
          const fields = new Map(obj.fields ?? []);
          fields.set(key, v);
          updated.fields = fields;
        } else {
          updated.t = joinTaint(obj.t, deepTaint(v));
          const chosen = keyValue && this.frame.pm.ir.language !== 'python' ? deepTaint(keyValue) : undefined;
          if (chosen) updated.fields = new Map([...(obj.fields ?? []), [CHOSEN_KEY, { t: joinTaint(chosen, deepTaint(v)) }]]);
        }
        this.rebind(t.obj.id, updated);
        return;
      }
      case 'none':
        return;
    }
  }

  /**
   * `r.headers['Content-Type'] = v` on a response object: recorded in r's fields, so what is set on it before it is
   * returned is seen (other values keep the shallow model).
   */
  private storeNested(root: string, attr: string, key: string, v: Value): void {
    const obj = this.lookup(root);
    if (!obj.pending) return;
    const inner = obj.fields?.get(attr) ?? (obj.qn ? { qn: `${obj.qn}.${attr}` } : {});
    const innerFields = new Map(inner.fields ?? []);
    innerFields.set(key, v);
    const fields = new Map(obj.fields ?? []);
    fields.set(attr, { ...inner, fields: innerFields });
    this.rebind(root, { ...obj, fields });
  }

  /** A variable or path assigned anew: what guards proved about paths under it no longer holds. */
  private pathsRefined = false;
  private forgetPaths(env: Env, root: string): void {
    if (!this.pathsRefined) return;
    const prefix = pathPrefix(root);
    for (const k of env.keys()) if (k === root || k.startsWith(prefix)) env.delete(k);
  }

  /** A path a guard refined on this branch (`req.params.theme` after a pattern test). */
  private refined(e: Expr): Value | undefined {
    const key = pathKey(e);
    return key === undefined ? undefined : (this.env?.get(key) ?? this.lookupScope(key, this.frame.outer));
  }

  private rebind(name: string, v: Value): void {
    if (this.env?.has(name) || !this.frame.fn) this.env?.set(name, v);
    else if (this.lookupScope(name, this.frame.outer)) this.env?.set(name, v);
  }

  // ---------------- expressions ----------------

  /** A name's value in the enclosing scopes of the running function (see joinEnv). */
  private readonly outerValue = (name: string): Value | undefined => (this.frame.fn ? this.lookupScope(name, this.frame.outer) : undefined);

  private lookupScope(name: string, scope: Scope | undefined): Value | undefined {
    for (let s = scope; s; s = s.parent) {
      const v = s.vars.get(name);
      if (v) return v;
    }
    return undefined;
  }

  private lookup(name: string): Value {
    const v =
      this.env?.get(name) ??
      this.lookupScope(name, this.frame.outer) ??
      this.frame.pm.globals?.vars.get(name) ??
      this.model.global(name) ?? { qn: name };
    return v.ref ? this.resolveRef(v.ref) : v;
  }

  private readonly refs = new Map<string, Value>();
  /** A project import used for the first time: load that module now (lazy, so imports do not cascade). */
  private resolveRef(ref: { module: string; name: string }): Value {
    const key = `${ref.module}.${ref.name}`;
    let v = this.refs.get(key);
    if (!v) {
      this.refs.set(key, { qn: key }); // cycle guard while resolving re-exports
      v = moduleAttr({ module: ref.module, qn: ref.module }, ref.name, this.program, (pm) => this.ensureGlobals(pm)) ?? { qn: key };
      if (v.ref) v = this.resolveRef(v.ref); // a package re-exporting a name from a submodule
      this.refs.set(key, v);
    }
    return v;
  }

  eval(e: Expr): Value {
    switch (e.k) {
      case 'const':
        return constant(e.v);
      case 'name':
        return this.lookup(e.id);
      case 'attr': {
        const v = this.refined(e) ?? this.attr(this.eval(e.obj), e.name, e.line);
        // `if (validation.isValid === false)`: a JS value whose own property is read (other than a string's length) is
        // an object, and sending an object is JSON (a string's missing property would be undefined)
        if (e.obj.k === 'name' && e.name !== 'length' && !/^\d+$/.test(e.name) && this.frame.pm.ir.language !== 'python') this.provenObject(e.obj.id);
        // an array's or a string's length is a number (`$${params.length + 1}` numbers a placeholder, it adds no text)
        if (e.name === 'length' && v.t && this.frame.pm.ir.language !== 'python') {
          const { t: _number, ...rest } = v;
          return rest;
        }
        return v;
      }
      case 'index':
        return this.refined(e) ?? this.index(e);
      case 'call':
        return this.call(e);
      case 'bin':
        return evalBinary(e.op, this.eval(e.left), this.eval(e.right), this.frame.pm.ir.language === 'python');
      case 'unary': {
        const a = this.eval(e.arg);
        if (e.op === 'not' || e.op === '!') {
          const tr = truthy(a);
          return tr === undefined ? CLEAN : constant(!tr);
        }
        if (a.hasC && typeof a.c === 'number') return constant(e.op === '-' ? -a.c : e.op === '+' ? a.c : ~a.c);
        // +x, -x and ~x are numbers (JS converts, Python raises on text): no attacker-chosen characters are left
        return CLEAN;
      }
      case 'logic': {
        const l = this.eval(e.left);
        const lt = truthy(l);
        if (e.op === 'coalesce') return l.hasC ? (l.c === null ? this.eval(e.right) : l) : joinValues(l, this.eval(e.right));
        if (lt !== undefined) return (e.op === 'and') === lt ? this.eval(e.right) : l;
        const r = this.eval(e.right);
        // `SETTINGS.S3PublicUrl || SETTINGS.S3Endpoint`: either is the operator's configuration
        if (e.op === 'or' && configuredValue(l) && configuredValue(r)) return { ...joinValues(l, r), qn: l.qn ?? r.qn };
        return joinValues(l, r);
      }
      case 'compare':
        return evalCompare(e.op, this.eval(e.left), this.eval(e.right));
      case 'cond': {
        const tr = truthy(this.eval(e.test));
        if (tr !== undefined) return this.eval(tr ? e.then : e.else);
        // each side under what the test proves there (`c if c.isalnum() or c in "-_" else "_"` keeps only safe
        // characters), as an if statement would
        const env = this.env;
        if (!env || (e.test.k !== 'call' && e.test.k !== 'compare' && e.test.k !== 'logic' && e.test.k !== 'unary')) return joinValues(this.eval(e.then), this.eval(e.else));
        this.env = this.guarded(env, e.test, true, true);
        const a = this.eval(e.then);
        this.env = this.guarded(env, e.test, false, true);
        const b = this.eval(e.else);
        this.env = env;
        return joinValues(a, b);
      }
      case 'concat': {
        const parts = e.parts.map((p) => this.eval(p));
        if (parts.every((p) => p.hasC)) return constant(parts.map((p) => String(p.c)).join(''));
        // parts after a `?`, `#` or `&` are in the query or fragment (Value.query)
        let query = false;
        let t: Taint | undefined;
        const python = this.frame.pm.ir.language === 'python';
        parts.forEach((p, i) => {
          // (a plain object in JS text is "[object Object]", whatever its fields hold)
          if (!python && plainObject(p)) return;
          const own = python ? gluedTaint(parts[i - 1], deepTaint(p)) : deepTaint(p);
          t = joinTaint(t, query ? inQuery(own) : own);
          query ||= endsInQuery(p);
        });
        const prefix = parts[0] ? (leadingText(parts[0]) ?? serverChosenStart(parts[0], parts[1])) : undefined;
        const hostPinned = subdomainOfFixedDomain(parts) ?? hostBeforeInput(parts) ?? startFacts(parts[0]).hostPinned;
        // a template/f-string is a string: it cannot carry NoSQL query operators, and it is no longer a bare host name
        const str = t ? sanitize(t, ['nosql']) : undefined;
        const last = parts[parts.length - 1];
        const glued = python && gluedBefore(last) && !last?.t ? { gluedEnd: true as const } : {};
        const out: Value = str ? { t: withoutHostOnly(str), ...(prefix ? { prefix } : {}), ...glued } : prefix ? { prefix, ...glued } : glued.gluedEnd ? { ...glued } : CLEAN;
        if (!hostPinned && !query) return out;
        return { ...out, ...(hostPinned ? { hostPinned } : {}), ...(query ? { query: true as const } : {}) };
      }
      case 'list':
        return { elems: e.elems.map((x) => this.eval(x)) };
      case 'dict': {
        const fields = new Map<string, Value>();
        let t: Taint | undefined;
        for (const en of e.entries) {
          const v = this.eval(en.value);
          const k = en.key ? keyOf(this.eval(en.key)) : null;
          if (k !== null) fields.set(k, v);
          // spread of an object with known keys keeps them ({ ...filter, active: true })
          else if (!en.key && v.fields && !v.qn && !v.inst) {
            for (const [fk, fv] of v.fields) fields.set(fk, fv);
            t = joinTaint(t, v.t);
          } else t = joinTaint(t, deepTaint(v));
        }
        return t ? { fields, t } : { fields };
      }
      case 'func': {
        const c: Closure = { fn: e.fn, module: this.frame.pm.ir, outer: this.closureScope() };
        this.enqueue(c);
        return { fn: c };
      }
      case 'unknown': {
        const t = e.parts.reduce<Taint | undefined>((a, p) => joinTaint(a, deepTaint(this.eval(p))), undefined);
        return t ? { t } : CLEAN;
      }
    }
  }

  private attr(obj: Value, name: string, line: number): Value {
    if (obj.module !== undefined || (obj.qn && this.program.isProjectModule(obj.qn))) {
      const v = moduleAttr(obj, name, this.program, (pm) => this.ensureGlobals(pm));
      if (v?.ref) return this.resolveRef(v.ref);
      // `module.exports = new Store()` / `export default new Store()`: a method of the exported instance
      const def = v && !v.fn && !v.module && !v.fields && name !== 'default' ? moduleAttr(obj, 'default', this.program, (pm) => this.ensureGlobals(pm)) : undefined;
      if (def?.inst || def?.cls) return this.attr(def, name, line);
      if (v) return v;
    }
    const field = obj.fields?.get(name);
    // a method of an object literal (`const Hub = { base: '…', get(id) { fetch(`${this.base}/${id}`) } }`) runs with
    // `this` bound to the object it is called on; an arrow function keeps its own
    if (field?.fn && !field.self && !field.fn.fn.arrow && field.fn.module.language !== 'python') return { ...field, self: obj };
    if (field) return field;
    const method = obj.inst ? findMethod(obj.inst, name) : obj.cls ? findMethod(obj.cls, name) : undefined;
    if (method) return { fn: method, self: obj.inst ? obj : undefined };
    const fixed = obj.inst ? classConst(obj.inst, name) : obj.cls ? classConst(obj.cls, name) : undefined;
    if (fixed) return fixed;
    const modeled = this.model.attr(obj, name, line, this.host());
    if (modeled) return modeled;
    const out: Value = {};
    if (obj.t) out.t = obj.flags?.has(ITEMS_TAINTED) ? { ...obj.t, unproven: true } : obj.t;
    // a package's `default` (`import * as axios from 'axios'; axios.default.get(url)`, `require('x').default`) is
    // the package's default export, the value a default import names
    if (obj.qn) out.qn = name === 'default' && this.frame.pm.ir.language !== 'python' ? obj.qn : `${obj.qn}.${name}`;
    if (obj.origin) out.origin = obj.origin;
    if (obj.flags) out.flags = obj.flags;
    return out;
  }

  private index(e: Extract<Expr, { k: 'index' }>): Value {
    const obj = this.eval(e.obj);
    const idx = e.index ? this.eval(e.index) : undefined;
    if (idx?.hasC) {
      const key = keyOf(idx);
      if (key !== null && obj.fields?.has(key)) return obj.fields.get(key) as Value;
      if (obj.elems && typeof idx.c === 'number') {
        const i = idx.c < 0 ? obj.elems.length + idx.c : idx.c;
        return obj.elems[i] ?? CLEAN;
      }
      if (obj.hasC && typeof obj.c === 'string' && typeof idx.c === 'number') return constant(obj.c.at(idx.c) ?? '');
      if (obj.fields && !obj.t && !obj.qn && !obj.inst) return CLEAN; // a known dict without that key
    }
    // `SUFFIX[lang]` of a dict the code wrote: Python raises KeyError for any other key, so every statement after it
    // runs only for one of the dict's keys (and a value built from the key before it holds only such a key)
    if (idx && !idx.hasC && e.index?.k === 'name' && deepTaint(idx) && obj.fields && !obj.t && !obj.qn && !obj.inst && this.env && this.frame.pm.ir.language === 'python') {
      this.refine(this.env, [{ name: e.index.id, kinds: 'all', matched: true }]);
      const source = deepTaint(idx)?.trace[0];
      if (source) this.stmtMatched = [...this.stmtMatched, source];
    }
    if (e.slice && obj.hasC) return CLEAN; // slices of constants stay constant-derived
    if ((idx?.c === -1 && (splitsOnDot(e.obj) || splitsOnSlash(e.obj))) || ((idx?.c === 1 || idx?.c === -1) && splitsExtension(e.obj))) {
      const ext = sanitize(deepTaint(obj), ['path']);
      return ext ? { t: ext } : CLEAN;
    }
    // (a slice or an element of glued text may drop the fixed start that kept its '..' from climbing: `('help' +
    // x)[4:]` is x again)
    const t = unglued(deepTaint(obj));
    const out: Value = t ? { t } : {};
    if (obj.qn) out.qn = `${obj.qn}[]`;
    return out;
  }

  site(e: Extract<Expr, { k: 'call' }>): CallSite {
    let recv: Value | undefined;
    let method: string | undefined;
    let callee: Value;
    let recvName: string | undefined;
    if (e.callee.k === 'attr') {
      recv = this.eval(e.callee.obj);
      method = e.callee.name;
      recvName = e.callee.obj.k === 'name' ? e.callee.obj.id : undefined;
      callee = this.attr(recv, method, e.line);
    } else callee = this.eval(e.callee);
    const kwargs = new Map<string, Value>();
    const spread: Value[] = [];
    for (const kw of e.kwargs) {
      const v = this.eval(kw.value);
      if (kw.name !== SPREAD_KWARGS) kwargs.set(kw.name, v);
      // `**{'url': url, 'headers': h}`: each known key is that keyword argument; what is not known about the mapping
      // (its unknown keys' taint, or a mapping we cannot read) stays an argument of unknown position
      else if (v.fields && !v.qn && !v.inst) {
        for (const [k, fv] of v.fields) if (!kwargs.has(k)) kwargs.set(k, fv);
        if (v.t) spread.push({ t: v.t });
      } else {
        const t = deepTaint(v);
        spread.push(t ? { t } : CLEAN);
      }
    }
    const name = method ?? callee.fn?.fn.name ?? callee.qn?.split('.').pop();
    const args = e.args.map((a) => this.eval(a));
    // `nodeFetch(...params)` in a wrapper whose rest parameter kept each argument's position: the URL stays the
    // first argument and the options the second, so input in the headers is not input in the URL
    const last = e.spreadLast ? args.at(-1) : undefined;
    if (last?.elems && !last.t && !last.fields) args.splice(args.length - 1, 1, ...last.elems);
    const site: CallSite = { qn: callee.qn, name, method, recv, recvName, args: [...args, ...spread], kwargs, expr: e, module: this.frame.pm.ir };
    (site as CallSite & { callee: Value }).callee = callee;
    return site;
  }

  private call(e: Extract<Expr, { k: 'call' }>): Value {
    const site = this.site(e) as CallSite & { callee: Value };
    let out = this.callSite(e, site);
    // a JS method that ran on input proves its shape: a string or a plain object has no array method, and request JSON
    // and query objects carry no functions, so a string method throws for an object
    const ranOnInput = e.callee.k === 'attr' && this.frame.pm.ir.language !== 'python' && !!site.recv && !!deepTaint(site.recv) ? e.callee : undefined;
    if (ranOnInput && STRING_ONLY_METHODS.has(ranOnInput.name)) {
      // `email.toLowerCase()`: email is a string, and so is what it returns (or strings, a number, a boolean): no query
      // operator in either
      this.provenKinds(ranOnInput.obj, ['nosql']);
      if (out.t) {
        const { t: raw, ...rest } = out;
        const t = sanitize(raw, ['nosql']);
        out = t ? { ...rest, t } : rest;
      }
    }
    // `body.map(...)`: body is an array, and an array sent as a response is JSON, not HTML; its elements keep their taint
    // (`keys.push(newKey)` too: after it the value is an array holding the input, whatever it held before)
    // (from the values already evaluated: evaluating the receiver again would redo every call of a chain, a.b().c()...)
    const holdsInput = !!site.recv && (!!deepTaint(site.recv) || (/^(push|unshift|splice)$/.test(site.method ?? '') && site.args.some((a) => !!deepTaint(a))));
    const ranOnValue = e.callee.k === 'attr' && this.frame.pm.ir.language !== 'python' && !!site.recv && !site.recv.inst && !site.recv.module && !site.recv.cls && holdsInput ? e.callee : undefined;
    if (ranOnValue && ARRAY_ONLY_METHODS.has(ranOnValue.name)) this.provenArray(ranOnValue.obj);
    // ... and what filter()/map()/flat()/sort() return is an array
    const jsArray = e.callee.k === 'attr' && this.frame.pm.ir.language !== 'python' && !!site.recv && !site.recv.inst && !site.recv.module && !site.recv.cls;
    if (jsArray && e.callee.k === 'attr' && RETURNS_ARRAY.has(e.callee.name) && !out.objectBody) out = { ...out, objectBody: true };
    // a validator's result kept in a variable (`m = re.match(p, name)`, `const m = name.match(/^…$/)`) proves, where it
    // is truthy, what testing the call in place would
    const subject = this.model.validator(site);
    const validated = subject ? validatedBy(e, true, { validatorOf: () => subject, isTainted: () => true }) : undefined;
    const found = [...(this.foundBy(e, site, out) ?? []), ...(validated ?? [])];
    const proves = [...(out.proves ?? []), ...found];
    if (!proves?.length) {
      this.provenBy.delete(e);
      return out;
    }
    this.provenBy.set(e, proves);
    // a lookup that raises when nothing is found (`Model.objects.get(pk=x)`, `findUniqueOrThrow`): every statement
    // after it runs only for a key that matched
    if (this.env && throwsWhenMissing(e, site, this.frame.pm.ir.language === 'python')) this.refine(this.env, proves);
    return { ...out, proves };
  }

  /**
   * What the result of a search proves where it is truthy. An element found by a predicate (`next(r for r in rs if
   * r.link == x)`, `rs.find((r) => r.link === x)`): the predicate held, so x equals the collection's data. A record
   * looked up by a key (`db.fetchone(sql, {"id": x})`, `repo.get_by_slug(x)`, `prisma.user.findUnique({ where: { id:
   * x } })`) whose result does not carry the key: x matched a stored record, which a guard marks `matched`.
   */
  private foundBy(e: Extract<Expr, { k: 'call' }>, site: CallSite & { callee: Value }, out: Value): readonly Validated[] | undefined {
    const found = predicateOf(e);
    if (found) {
      if (site.recv && deepTaint(site.recv)) return undefined;
      return validatedBy(found.predicate, true, { validatorOf: () => undefined, isTainted: (x) => !!deepTaint(this.eval(x)) });
    }
    const name = site.method ?? site.name;
    if (!name || deepTaint(out) || (site.recv && deepTaint(site.recv))) return undefined;
    const py = this.frame.pm.ir.language === 'python';
    // (a project method named as a getter, `calibre_db.get_book_format(book_id, fmt)`, is one too: its code is known)
    const lookup = site.method ? (py ? RECORD_LOOKUP : RECORD_LOOKUP_JS).test(name) || FETCH_ROW.test(name) || (!!site.callee.fn && GETTER.test(name)) : !!site.callee.fn && GETTER.test(name);
    if (!lookup || /^(req|request|koactx)\b/.test(site.recv?.qn ?? '')) return undefined;
    const keys: Validated[] = [];
    const collect = (x: Expr, depth: number): void => {
      if (x.k === 'dict' && depth < 3) for (const en of x.entries) collect(en.value, depth + 1);
      // a key compared in another letter case (`fmt.upper()`): the same characters matched a stored value
      else if (x.k === 'call' && x.callee.k === 'attr' && CASE_CHANGE.test(x.callee.name) && !x.args.length && depth < 3) collect(x.callee.obj, depth + 1);
      else if ((x.k === 'name' || x.k === 'attr' || x.k === 'index') && deepTaint(this.eval(x))) {
        const path = pathKey(x) ? x : undefined;
        const root = x.k === 'name' ? x.id : path ? rootName(x) : undefined;
        if (root) keys.push(path ? { name: root, kinds: 'all', path, matched: true } : { name: root, kinds: 'all', matched: true });
      }
    };
    for (const a of e.args) collect(a, 0);
    for (const kw of e.kwargs) collect(kw.value, 0);
    return keys;
  }

  private callSite(e: Extract<Expr, { k: 'call' }>, site: CallSite & { callee: Value }): Value {
    let callee = site.callee;
    // sanitizers are recognized by name before user code runs: `escape_html` is a sanitizer however written; but not a
    // project function whose whole body hands back its parameters (`function safeRedirect(target, fallback) { return
    // target || fallback; }`): it checks nothing, whatever its name promises
    const pre = callee.fn && passesParamsThrough(callee.fn.fn) ? undefined : this.model.sanitizer(site);
    if (pre) return pre;
    // `new Promise((resolve, reject) => ...)` runs its executor at once, with what the enclosing call passed in (a
    // service method's parameters): other callbacks run later or never, and wait as entry points of their own
    const executor = callee.qn === 'Promise' && site.args[0]?.fn && this.frame.pm.ir.language !== 'python' ? site.args[0].fn : undefined;
    // (never from the summary cache: its key holds the arguments, not the enclosing call's variables it reads, so
    // the summary of the helper analyzed on its own, with clean parameters, would hide the flow)
    if (executor) this.invoke(executor, { ...site, qn: undefined, name: undefined, method: undefined, recv: undefined, args: [CLEAN, CLEAN], kwargs: new Map() }, undefined, true);
    if (callee.qn === 'require' && site.args[0]?.hasC && this.frame.pm.ir.language !== 'python') {
      return requireValue(String(site.args[0].c), this.frame.pm.ir, this.program);
    }
    if (callee.module !== undefined && !callee.fn && this.frame.pm.ir.language !== 'python') {
      // calling a required module: its default export (module.exports = function ...)
      let def = moduleAttr(callee, 'default', this.program, (pm) => this.ensureGlobals(pm));
      if (def?.ref) def = this.resolveRef(def.ref);
      if (def?.fn) callee = def;
    }
    let unanalyzed = false;
    if (callee.fn) {
      const r = this.invoke(callee.fn, site, callee.self);
      unanalyzed = !r;
      // a function left unanalyzed still declares what it returns (`-> int`): no text of the argument comes back
      if (!r && callee.fn.fn.returns && (callee.fn.module.language === 'python' ? nonTextReturn : tsNonTextReturn)(callee.fn.fn.returns)) return CLEAN;
      if (r) {
        if (r.selfOut && site.recvName) this.rebind(site.recvName, r.selfOut);
        for (const [i, added] of r.fieldsOut ?? []) {
          const arg = e.args[i];
          const cur = arg?.k === 'name' ? (this.env?.get(arg.id) ?? this.lookupScope(arg.id, this.frame.outer)) : undefined;
          if (arg?.k === 'name' && cur) this.rebind(arg.id, { ...cur, fields: new Map([...(cur.fields ?? []), ...added]) });
        }
        for (const v of r.validates ?? []) this.validatedByCall(e, v);
        const ret = this.derivedFrom(e, site, r.ret);
        const proves = (r.validatesWhenTruthy ?? []).flatMap((v) => this.argProof(e, v));
        return proves.length ? { ...ret, proves } : ret;
      }
    } else if (callee.cls) {
      const inst: Value = { inst: callee.cls, fields: new Map() };
      const init = findMethod(callee.cls, e.isNew ? 'constructor' : '__init__');
      if (!init) return inst;
      return this.invoke(init, site, inst)?.selfOut ?? inst;
    }
    if (callee.flags?.has(RECORD_TYPE) && callee.fields) return recordOf(callee, site.args, site.kwargs);
    const modeled = this.model.call(site, this.host());
    if (modeled) return modeled;
    const mapped = this.mappedArray(e, site);
    if (mapped) return mapped;
    // a test's boolean or a position (`ids.includes(x)`, `s.indexOf(x)`), a date a date library formats to a fixed
    // pattern (`moment(x).format('YYYY-MM-DD')`, `new Date(x).toISOString()`): no text of the input comes back
    if (site.method && (VALUE_OF_TEST.test(site.method) || (this.frame.pm.ir.language !== 'python' && formattedDate(site)))) return callee.qn ? { qn: `${callee.qn}()` } : CLEAN;
    // (a method of glued text may strip or split off its fixed start: its result climbs again)
    let t: Taint | undefined = joinTaint(callee.t, site.method && site.recv ? unglued(receiverTaint(site.recv, unanalyzed)) : undefined);
    // a host name stays one through a match, a case change or a split; anything else may add delimiters
    if (t?.hostOnly && !HOST_PRESERVING.test(site.method ?? '')) t = withoutHostOnly(t);
    // a record looked up by a key (repo.get_one(slug), users.find_by_email(x), db.fetchone(sql, {"id": x})) is stored
    // data, not the key
    const lookupNames = this.frame.pm.ir.language === 'python' ? RECORD_LOOKUP : RECORD_LOOKUP_JS;
    // (a request object's own get('header') is input, not a lookup)
    const holder = e.callee.k === 'attr' ? (e.callee.obj.k === 'attr' ? e.callee.obj.name : site.recvName) : undefined;
    const named = !!site.method && (lookupNames.test(site.method) || FETCH_ROW.test(site.method) || (/^get[A-Z]\w*$/.test(site.method) && CACHE_LIKE.test(holder ?? '')));
    const filteredRow = FETCH_ROW.test(site.method ?? '') && e.callee.k === 'attr' && filteredQuery(e.callee.obj);
    // (so is what a data-access function the app injected on app.locals returns: `retrieveCall(callSid)`)
    const injectedLookup = !site.method && INJECTED.test(callee.qn ?? '') && INJECTED_LOOKUP.test(site.name ?? '');
    // (and so is what a data-access function the analysis cannot see returns when it is named for fetching one record
    // by its key: `findGitlabById(id)` from another package, `get_user_by_email(x)`)
    const keyedLookup = !site.method && !callee.fn && (this.frame.pm.ir.language === 'python' ? KEYED_LOOKUP_PY : KEYED_LOOKUP_JS).test(site.name ?? '');
    // (a repository the app hangs on the request, `req.serverCtx.programDB.getProgramById(id)`, is still a repository)
    const lookup = (named && !!site.recv && (!deepTaint(site.recv) || filteredRow) && !REQUEST_PART.test(site.recv?.qn ?? '')) || injectedLookup || keyedLookup;
    // (the builder holds the key in its condition; the row it fetches does not)
    if (lookup && filteredRow) t = undefined;
    // a JS query builder's condition or shape (`db.select().from(t).where(eq(t.id, id))`, `knex('t').where({ id })`):
    // what the builder resolves to is rows, stored data, not the values it compares them with
    const builderStep = !lookup && this.frame.pm.ir.language !== 'python' && BUILDER_STEP.test(site.method ?? '') && e.callee.k === 'attr' && selectsFrom(e.callee.obj);
    if (!lookup && !builderStep) {
      let fromArgs: Taint | undefined;
      for (const a of site.args) fromArgs = joinTaint(fromArgs, deepTaint(a));
      for (const a of site.kwargs.values()) fromArgs = joinTaint(fromArgs, deepTaint(a));
      // through a method of an object of unknown class, or a callable picked at run time, the argument may or may not
      // come back: the flow is kept, marked unproven (severity-policy caps it)
      // ... and so may it through a project function left unanalyzed (call depth, recursion, step budget), also when
      // its receiver holds input too (receiverTaint marks that side unproven as well)
      if (fromArgs && (unanalyzed || (!t && isDynamicCall(site, callee)))) fromArgs = { ...fromArgs, unproven: true };
      t = joinTaint(t, fromArgs);
    }
    const out: Value = t ? { t } : {};
    if (callee.qn) out.qn = `${callee.qn}()`;
    else if (site.method && site.recv && isOpaque(site.recv) && this.frame.pm.ir.language === 'python') {
      // a method of an object we know nothing about (a provider picked at run time): its result is that object's
      // business — a response, a row, a file — not the argument's text; it keeps the taint for every other sink, and
      // concatenating it into a string still makes a string
      out.qn = `?.${site.method}()`;
    }
    if (callee.flags) out.flags = callee.flags;
    // new URL(s) parses s: the host is the one s starts with (a fixed base keeps the request on that host)
    if (site.args.length === 1 && /^(url\.)?URL\(\)$/.test(out.qn ?? '')) Object.assign(out, startOf(site.args[0]));
    // new URL(rel, base) with a base the server chose and a relative reference that starts with a path segment
    // ('assets/' + name, '/api/' + id): the reference cannot name another scheme or host, so the base's host stays
    else if (site.args.length === 2 && /^(url\.)?URL\(\)$/.test(out.qn ?? '') && relativeToServerBase(site.args[0]!, site.args[1]!)) out.hostPinned = true;
    return out;
  }

  /**
   * `xs.map((x) => f(x))` with an expression arrow: each element is what the arrow returns for an element of xs
   * (`ids.map((u) => new ObjectId(u))` holds ObjectIds, not the request's strings).
   */
  private mappedArray(e: Extract<Expr, { k: 'call' }>, site: CallSite): Value | undefined {
    const fn = e.args[0];
    if (site.method !== 'map' || !site.recv || fn?.k !== 'func' || !fn.fn.isLambda || !this.env) return undefined;
    const [ret] = fn.fn.body;
    const param = fn.fn.params[0]?.name;
    if (ret?.k !== 'return' || !ret.e || !param || !/^[A-Za-z_$][\w$]*$/.test(param)) return undefined;
    const saved = this.env;
    this.env = new Map(saved);
    this.env.set(param, this.element(site.recv));
    const out = this.eval(ret.e);
    this.env = saved;
    return { elems: [out] };
  }

  /** What a helper's validation of a parameter proves about the argument's variable or path, as a guard would. */
  private argProof(e: Extract<Expr, { k: 'call' }>, v: ParamValidation): Validated[] {
    const arg = typeof v.param === 'number' ? e.args[v.param] : e.kwargs.find((k) => k.name === v.param)?.value;
    if (!arg) return [];
    const extra = v.switchable ? { switchable: true as const } : {};
    if (arg.k === 'name') return [{ name: arg.id, kinds: v.kinds, ...extra }];
    const root = pathKey(arg) ? rootName(arg) : undefined;
    return root ? [{ name: root, kinds: v.kinds, path: arg, ...extra }] : [];
  }

  /** A helper returned normally, so the guards it applied to a parameter hold for the argument's variable or path. */
  private validatedByCall(e: Extract<Expr, { k: 'call' }>, v: ParamValidation): void {
    const arg = typeof v.param === 'number' ? e.args[v.param] : e.kwargs.find((k) => k.name === v.param)?.value;
    if (arg) this.provenKinds(arg, v.kinds, v.switchable);
  }

  /** What a call established about a variable or attribute path it was given: safe for `kinds` from here on. */
  private provenObject(name: string): void {
    const cur = this.env?.get(name);
    if (cur && deepTaint(cur) && !cur.objectBody && !/^(req|koactx|process)\b/.test(cur.qn ?? '') && !cur.inst && !cur.module && !cur.fn) this.rebind(name, { ...cur, objectBody: true });
  }

  private provenArray(arg: Expr): void {
    if (!this.env) return;
    if (arg.k === 'name') {
      const cur = this.env.get(arg.id) ?? this.lookupScope(arg.id, this.frame.outer);
      if (cur && !cur.objectBody) this.rebind(arg.id, { ...cur, objectBody: true });
      return;
    }
    const key = pathKey(arg);
    if (key) {
      this.env.set(key, { ...this.eval(arg), objectBody: true });
      this.pathsRefined = true;
    }
  }

  private provenKinds(arg: Expr, kinds: ParamValidation['kinds'], switchable?: boolean): void {
    if (!this.env) return;
    const vet = (x: Value): Value => (switchable ? marked(x, 'switchable') : cleanFor(x, kinds));
    if (arg.k === 'name') {
      const cur = this.env.get(arg.id) ?? this.lookupScope(arg.id, this.frame.outer);
      if (cur) this.rebind(arg.id, vet(cur));
      return;
    }
    const key = pathKey(arg);
    if (key) {
      this.env.set(key, vet(this.eval(arg)));
      this.pathsRefined = true;
    }
  }

  /**
   * A project helper's tainted string result remembers the variables its tainted arguments came from
   * (`full = get_abs_path(base, name)`), as `os.path.realpath(x)` does: a containment check on the result then
   * validates them too.
   */
  private derivedFrom(e: Extract<Expr, { k: 'call' }>, site: CallSite, ret: Value): Value {
    if (!ret.t || ret.origin || ret.fields || ret.elems || ret.inst || ret.fn) return ret;
    const origin = new Set<string>();
    e.args.forEach((a, i) => {
      const v = site.args[i];
      if (!v || !deepTaint(v)) return;
      if (a.k === 'name') origin.add(a.id);
      for (const o of v.origin ?? []) origin.add(o);
    });
    return origin.size ? { ...ret, origin: [...origin] } : ret;
  }

  private invoke(c: Closure, site: CallSite, self: Value | undefined, uncached = false): Invoked | undefined {
    if (this.frame.depth >= MAX_DEPTH || this.active.has(c.fn.id) || this.steps > STEP_BUDGET) return undefined;
    const pm = this.program.byFile.get(c.module.file);
    if (!pm) return undefined;
    const params = c.fn.params;
    const args = [...site.args];
    const isMethod = !!c.fn.className && c.module.language === 'python' && !isStaticMethod(c.fn);
    if (isMethod) args.unshift(self ?? CLEAN);
    const key = `${c.fn.id}|${args.map(sig).join(',')}|${[...site.kwargs].map(([k, v]) => `${k}=${sig(v)}`).join(',')}`;
    const cached = uncached ? undefined : this.summaries.get(key);
    if (cached) return cached;
    const env: Env = new Map();
    const bound = new Map<string, Value>();
    if (!isMethod && self) env.set('this', self);
    params.forEach((p, i) => {
      let v = p.rest ? { elems: args.slice(i) } : (args[i] ?? site.kwargs.get(p.name));
      if (!v) v = p.default ? this.withFrame({ ...this.frame }, new Map(), () => this.eval(p.default as Expr)) : CLEAN;
      bound.set(p.name, v);
      if (v.t) v = { ...v, t: withStep(v.t, { kind: 'step', file: c.fn.file, line: c.fn.line, label: `${c.fn.name}(${p.name})` }) };
      env.set(p.name, v);
    });
    const call = { file: this.frame.pm.ir.file, line: site.expr.line, text: site.expr.text, bound, entered: new Map(env), caller: this.frame };
    const frame: Frame = { pm, fn: c.fn, outer: c.outer, returns: [], exits: [], loops: [], depth: this.frame.depth + 1, call };
    this.active.add(c.fn.id);
    let finalEnv: Env | null = null;
    try {
      this.withFrame(frame, env, () => {
        this.exec(c.fn.body);
        finalEnv = this.env;
      });
    } finally {
      this.active.delete(c.fn.id);
    }
    const joined = frame.returns.length ? frame.returns.reduce((a, b) => joinValues(a, b)) : constant(null);
    const ret = c.fn.returns ? (c.module.language === 'python' ? declaredReturn : tsDeclaredReturn)(c.fn.returns, joined) : joined;
    const selfName = isMethod ? params[0]?.name : 'this';
    const endEnv = (finalEnv as Env | null) ?? env;
    const out: Invoked = { ret, selfOut: self && selfName ? (endEnv.get(selfName) ?? self) : undefined };
    // fields a helper set on an object it was passed (`setStreamHeaders(res)` declaring the content type): the
    // caller's object has them too. Only new fields of the same object (not a parameter rebound to another value).
    const fieldsOut = new Map<number, Map<string, Value>>();
    params.forEach((p, i) => {
      if (isMethod && i === 0) return; // self: selfOut
      const before = args[i] ?? site.kwargs.get(p.name);
      const after = endEnv.get(p.name);
      if (!before || !after?.fields || after.qn !== before.qn || after.inst !== before.inst) return;
      const added = new Map([...after.fields].filter(([k]) => !before.fields?.has(k)));
      if (added.size) fieldsOut.set(isMethod ? i - 1 : i, added);
    });
    if (fieldsOut.size) out.fieldsOut = fieldsOut;
    const validates = paramValidations(params, args, isMethod, [...frame.exits, ...(finalEnv ? [finalEnv as Env] : [])]);
    if (validates.length) out.validates = validates;
    // `if (!parseFilename(name)) return`: where the helper's result is truthy, it returned past its checks (the exits
    // that return null, false or nothing are the rejections)
    const truthyExits = frame.truthyExits ?? [];
    if (truthyExits.length && (frame.testReturn || truthyExits.length < frame.exits.length + (finalEnv ? 1 : 0))) {
      const whenTruthy = paramValidations(params, args, isMethod, truthyExits);
      if (whenTruthy.length) out.validatesWhenTruthy = whenTruthy;
    }
    this.summaries.set(key, out);
    return out;
  }

  // ---------------- model host ----------------

  private step(line: number, label: string): TraceStep {
    return { kind: 'step', file: this.frame.pm.ir.file, line, label: short(label) };
  }

  private host(): ModelHost {
    const file = this.frame.pm.ir.file;
    return {
      file,
      fn: this.frame.fn,
      facts: this.program.facts,
      sink: (hit) => {
        const whole = deepTaint(hit.value);
        if (!isTaintedFor(whole, hit.kind)) return;
        let t = taintFor(whole, hit.kind);
        if (hit.scoped) t = { ...t, scoped: true };
        if (!t.matched && this.stmtMatched.includes(t.trace[0] as TraceStep)) t = { ...t, matched: true };
        if (pinnedByPrefix(hit.kind, hit.value)) return;
        // (a response a helper built is reported where it was built, once, whichever route returned it)
        const lifted = hit.file ? undefined : liftToCall(this.frame, hit);
        if (lifted) t = { ...t, trace: [...t.trace, { kind: 'step', file, line: hit.line, label: short(hit.label) }] };
        const at = lifted?.file ?? hit.file ?? file;
        const reported = lifted ? { ...hit, line: lifted.line, label: short(`${lifted.text} → ${hit.label}`), through: { file, line: hit.line, label: short(hit.label) } } : hit;
        const key = `${hit.kind}|${at}|${reported.line}`;
        const seen = this.findings.get(key);
        // one finding per sink line: the strongest flow into it wins, whichever entry point reached it first (a
        // method run on its own may reach the sink with the operator's environment before the route passes it a path)
        if (!seen || flowStrength(t) > flowStrength(seen.taint)) this.findings.set(key, { hit: reported, file: at, taint: t });
      },
      rebind: (name, v) => this.rebind(name, v),
      source: (conf, line, label, base, origin) => {
        // after the request proved it holds the operator's secret, what it carries is the operator's input
        const local = origin === 'local' || !!(this.env?.get(TRUSTED_REQUEST) ?? this.lookupScope(TRUSTED_REQUEST, this.frame.outer));
        const headerOnly = HEADER_SOURCE.test(label);
        return { ...(base ?? {}), t: { conf, trace: [{ kind: 'source', file, line, label: short(label) }], safe: new Set(), ...(local ? { local: true as const } : {}), ...(headerOnly ? { headerOnly: true as const } : {}) } };
      },
    };
  }
}

/**
 * A constant start the input cannot change: a redirect to '/users/' + x stays on this site (unlike '/' + x, which
 * becomes '//evil.example'), and a request to 'https://api.example.com/' + x goes to that host.
 */
export function pinnedByPrefix(kind: SinkKind, v: Value): boolean {
  if (kind === 'ssrf' && v.hostPinned) return true;
  // every alternative start of a join pinned (a list of fixed-host URLs iterated)
  if (!v.hasC && v.starts?.length && v.starts.every((start) => pinnedByPrefix(kind, { prefix: start }))) return true;
  const prefix = v.hasC ? undefined : v.prefix;
  if (!prefix) return false;
  const fixedHost = HOST_ENDED.test(prefix);
  const sitePath = /^\/[^/\\]/.test(prefix);
  if (kind === 'redirect') return fixedHost || sitePath || /^[?#]/.test(prefix) || /^[\w.-]+\//.test(prefix);
  // a request to '/books/' + x is relative: a browser sends it to its own origin, a server-side client refuses it
  // (fetch, requests and axios need an absolute URL without a base), so the input never picks a host
  if (kind === 'ssrf') return fixedHost || sitePath;
  return false;
}

/**
 * `f"https://keys.{region}.example.com/{kid}"`: every part before the first one carrying input is a constant or a
 * server-side value (configuration), and together they already end the host: the input lands in the path.
 */
function hostBeforeInput(parts: readonly Value[]): true | undefined {
  let start = '';
  for (const p of parts) {
    const t = deepTaint(p);
    // (the operator's configuration, an environment variable, is a server-side value; the first part carrying input
    // may still start with fixed text: `base + endpoint` where endpoint is `/api/v2/projects/${key}`)
    if (t && !t.local) {
      start += p.prefix ?? '';
      break;
    }
    start += p.hasC ? String(p.c) : '\0';
  }
  if (HOST_ENDED.test(start)) return true;
  // ... or a configured base (`f"{settings.ES_URL}/{doc}"`: an environment variable, a setting), or any other base
  // the request did not choose (a record's `serviceUrl`, a server picked from a stored list), and a single '/':
  // whatever absolute URL the base is, its host ends there; an empty base leaves a relative path, which server-side
  // clients refuse
  const base = parts[0] as Value;
  return /^\0\/(?!\/)/.test(start) && (configuredValue(base) || (!deepTaint(base) && !base.hasC)) ? true : undefined;
}

/** The operator's configuration: an environment variable, or a setting named in capitals or read from a settings object. */
function configuredValue(v: Value): boolean {
  if (deepTaint(v)?.local) return true;
  const qn = v.qn ?? '';
  return !deepTaint(v) && (/(^|\.)[A-Z][A-Z0-9_]*$/.test(qn) || /(^|\.)(settings|config|conf|configuration|environ|env|environment)\./i.test(qn));
}

/** `https://` + host-only text + `.fixed.example/...`: the host is a subdomain of a domain the code fixes. */
function subdomainOfFixedDomain(parts: readonly Value[]): true | undefined {
  const [scheme, label, rest] = parts;
  if (!scheme?.hasC || !/^https?:\/\/$/i.test(String(scheme.c)) || !label?.t?.hostOnly || !rest?.hasC) return undefined;
  return /^\.[a-z0-9-]+(\.[a-z0-9-]+)+([/?#:]|$)/i.test(String(rest.c)) ? true : undefined;
}

function withoutHostOnly(t: Taint): Taint {
  if (!t.hostOnly) return t;
  const { hostOnly: _drop, ...rest } = t;
  return rest;
}

function classConst(cls: ClassInfo, name: string, depth = 0): Value | undefined {
  const v = cls.consts?.get(name);
  if (v || depth > 5) return v;
  for (const b of cls.bases) if (b.cls) return classConst(b.cls, name, depth + 1);
  return undefined;
}

function findMethod(cls: ClassInfo, name: string, depth = 0): Closure | undefined {
  const m = cls.methods.get(name);
  if (m || depth > 5) return m;
  for (const b of cls.bases) if (b.cls) return findMethod(b.cls, name, depth + 1);
  return undefined;
}

function keyOf(v: Value): string | null {
  return v.hasC && (typeof v.c === 'string' || typeof v.c === 'number') ? String(v.c) : null;
}

function sig(v: Value): string {
  // the source is part of the key: a summary's result carries its caller's trace, so another caller's source must not
  // come back from the cache (a finding would name a source from another route)
  const t = v.t ? `t${v.t.conf[0]}${[...v.t.safe].sort().join('/')}${v.t.unproven ? 'u' : ''}${v.t.matched ? 'm' : ''}${v.t.switchable ? 's' : ''}${v.t.headerOnly ? 'h' : ''}${v.t.alts ? `(${v.t.alts.map((x) => `${[...x.safe].sort().join('/')}:${x.flags.join('')}`).join(',')})` : ''}@${v.t.trace[0]?.file ?? ''}:${v.t.trace[0]?.line ?? ''}` : '';
  // (nested values by their deep taint and its source: two lists of dicts, one holding a request value and one not,
  // are different arguments; a summary of the first must not answer for the second)
  const inner = (x: Value): string => {
    const dt = x.t ?? (x.fields || x.elems ? deepTaint(x) : undefined);
    return dt ? `t@${dt.trace[0]?.file ?? ''}:${dt.trace[0]?.line ?? ''}` : '_';
  };
  const f = v.fields ? `{${[...v.fields].map(([k, x]) => `${k}:${inner(x)}${x.qn ?? ''}`).join(';')}}` : '';
  const el = v.elems ? `[${v.elems.map(inner).join('')}]` : '';
  return `${t}${v.hasC ? `c${String(v.c).slice(0, 20)}` : ''}${v.qn ?? ''}${f}${el}${v.inst ? `@${v.inst.name}` : ''}${v.flags ? [...v.flags].join('') : ''}`;
}

/**
 * The join of two branches' envs. `outer` gives a name's value in an enclosing scope: a closure variable that one
 * branch rebinds (`if (!url) url = '/'` inside a callback) still holds the captured value on the other branch.
 */
function joinEnv(a: Env | null, b: Env | null, outer?: (name: string) => Value | undefined): Env | null {
  if (!a) return b;
  if (!b) return a;
  const out: Env = new Map();
  // a path refinement holds after the join only if both branches proved it
  for (const [k, v] of a) if (!isPathKey(k) || b.has(k)) out.set(k, joinValues(v, b.get(k) ?? outer?.(k)));
  for (const [k, v] of b) if (!a.has(k) && !isPathKey(k)) out.set(k, joinValues(v, outer?.(k)));
  return out;
}

/**
 * A project helper that hands one of its parameters unchanged to a sink (`def execute_read(sql):
 * cursor.execute(sql)`, `const run = (cmd) => exec(cmd)`) is not itself where the flaw is when its caller built that
 * argument from request data (`execute_read(f"... LIKE '%{q}%'")`): the caller's composition is, and that is where a
 * reviewer fixes it (bound parameters, an argument list). Such a sink is reported at the outermost call through which
 * the parameter reached it unchanged, when the argument there is text composed around the input. Raw input handed
 * through (`_download(url)` fetching `url`) stays reported at the sink: that is where it is used unchecked.
 */
function liftToCall(frame: Frame, hit: SinkHit): { file: string; line: number; text: string } | undefined {
  let at: { file: string; line: number; text: string } | undefined;
  let value = hit.value;
  for (let call = frame.call; call; ) {
    let param = passedParam(value, call.entered);
    // a callback the helper runs itself (`new Promise((resolve) => exec(command, ...))`) sees the helper's parameter
    // as a captured variable: the call to look through is the helper's
    const outer = call.caller.call;
    if (param === undefined && outer && (param = passedParam(value, outer.entered)) !== undefined) call = outer;
    const arg = param === undefined ? undefined : call.bound.get(param);
    if (!arg?.t) break;
    at = { file: call.file, line: call.line, text: call.text };
    value = arg;
    call = call.caller.call;
  }
  return at && composed(value) ? at : undefined;
}

/** A function whose body is one `return` of its parameters, alone or joined by `||`, `??` or a condition on them. */
function passesParamsThrough(fn: FuncIR): boolean {
  if (fn.body.length !== 1 || fn.body[0]!.k !== 'return' || !fn.body[0]!.e) return false;
  const params = new Set(fn.params.map((p) => p.name));
  const only = (e: Expr): boolean =>
    e.k === 'name' ? params.has(e.id) : e.k === 'logic' ? only(e.left) && only(e.right) : e.k === 'cond' ? only(e.then) && only(e.else) : e.k === 'const';
  const e = fn.body[0]!.e;
  return only(e) && e.k !== 'const';
}

/** The parameter whose value (as the function received it) this is, unchanged: the same taint and constant parts. */
function passedParam(v: Value, entered: ReadonlyMap<string, Value>): string | undefined {
  if (!v.t) return undefined;
  for (const [name, p] of entered) if (p.t === v.t && p.prefix === v.prefix && p.starts === v.starts && p.hasC === v.hasC) return name;
  return undefined;
}

/** Text joined from constant parts and the input (a query, a command line, a path), not the input alone. */
function composed(v: Value): boolean {
  return v.prefix !== undefined || !!v.starts || !!v.gluedEnd || !!v.query;
}

function short(s: string): string {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > 100 ? `${one.slice(0, 97)}...` : one;
}

interface ParamValidation {
  /** Index among the call's positional arguments, or a keyword name. */
  param: number | string;
  kinds: 'all' | SinkKind[];
  /** Some exit skipped the check under a server-side switch: the value is marked switchable, not cleaned. */
  switchable?: true;
}

/** Env key present while a branch taken on a server-side condition runs (see the 'if' statement). */
const SWITCH_EXIT = '\u0000switch';

interface Invoked {
  ret: Value;
  selfOut?: Value;
  /** Fields the function added to objects passed as arguments, by argument position. */
  fieldsOut?: Map<number, Map<string, Value>>;
  /** Parameters the function validated (guards that raise or return otherwise) on every normal exit. */
  validates?: ParamValidation[];
  /** Parameters validated on every exit that returns a possibly truthy value (the others return null or false). */
  validatesWhenTruthy?: ParamValidation[];
}

function cleanFor(x: Value, kinds: 'all' | SinkKind[]): Value {
  if (kinds === 'all') return { ...x, t: undefined, vetted: true };
  return { ...x, t: x.t && { ...x.t, safe: new Set([...x.t.safe, ...kinds]) }, vetted: true };
}

/** A Python `@staticmethod`: no `self`, so call arguments map to parameters from the first one. */
function isStaticMethod(fn: FuncIR): boolean {
  return fn.decorators.some((d) => (d.k === 'name' && d.id === 'staticmethod') || (d.k === 'attr' && d.name === 'staticmethod'));
}

/** Tainted parameters still vetted at every normal exit (none when the function never returns normally). */
function paramValidations(params: FuncIR['params'], args: Value[], isMethod: boolean, exits: Env[]): ParamValidation[] {
  if (!exits.length) return [];
  const out: ParamValidation[] = [];
  params.forEach((p, i) => {
    const entry = args[i];
    if (!entry?.t || p.rest || (isMethod && i === 0)) return;
    // exits that return early under a server-side switch (`if not config.ENFORCE: return`) skip the check: the
    // validation then holds unless the setting turns it off (switchable)
    const vetted: Value[] = [];
    let switched = false;
    for (const env of exits) {
      const v = env.get(p.name);
      if (v?.vetted) vetted.push(v);
      else if (env.has(SWITCH_EXIT)) switched = true;
      else return;
    }
    if (!vetted.length) return;
    const kinds = provenKinds(entry.t, vetted);
    const param = isMethod ? i - 1 : i;
    if (kinds) out.push({ param, kinds, ...(switched ? { switchable: true as const } : {}) });
  });
  return out;
}

/** What every exit proved beyond what the argument already had: all kinds, or the sink kinds it became safe for. */
function provenKinds(entry: Taint, ends: Value[]): 'all' | SinkKind[] | undefined {
  if (ends.every((v) => !v.t)) return 'all';
  let common: SinkKind[] | undefined;
  for (const v of ends) {
    const added = v.t ? [...v.t.safe].filter((k) => !entry.safe.has(k)) : undefined;
    if (!added) continue;
    common = common ? common.filter((k) => added.includes(k)) : added;
  }
  return common && common.length ? common : undefined;
}

/**
 * What a method call's result may carry from its receiver, when the call was not followed into a body. A receiver that
 * is itself input (a string, the request's dict, a library object made from input) hands it to what its library
 * method returns. An object of a project class that only holds input in its fields (`self.query_dict`, a filter's
 * `value`) returns what its method's body returns, which decides whether that input comes back: where the body was
 * not run (the call depth limit, recursion, the step budget) or is not known (a method inherited from a base class the
 * analysis cannot see), it may or may not, so that side of the flow is unproven (severity-policy.ts caps it).
 */
function receiverTaint(recv: Value, unanalyzed: boolean): Taint | undefined {
  const whole = deepTaint(recv);
  if (!whole) return undefined;
  if (unanalyzed) return { ...whole, unproven: true };
  if (!recv.inst) return whole;
  const held = deepTaint({ ...(recv.fields ? { fields: recv.fields } : {}), ...(recv.elems ? { elems: recv.elems } : {}) });
  return joinTaint(recv.t, held && { ...held, unproven: true });
}

/** A method of an object we know nothing about, or a call of a value that is itself a call's result (`UPLOADERS.get(k)()`). */
/** A function the app stored on Express's app.locals / res.locals at start-up. */
const INJECTED = /^(req|request|res|response)\.(app\.)?locals\.\w+$/;
/** Functions named for loading one stored record by its key (their body unseen): the record, not the key, comes back. */
/** A request object or one of its parts whose get() reads what the client sent (a header, a query or form value). */
const REQUEST_PART = /^(req|request|koactx)(\.(headers?|query|body|params|cookies|signedCookies|files?|form|args|values|GET|POST|FILES|COOKIES|META|data|json|match_info|rel_url|url|search_params|query_params|path_params))?$/;
const KEYED_LOOKUP_JS = /^(find|get|fetch|load|retrieve|lookup)[A-Z]\w*By(Id|Pk|Uuid|Slug|Key|Email|Name)$/;
const KEYED_LOOKUP_PY = /^(get|find|fetch|load|retrieve|lookup)_\w+_by_(id|pk|uuid|slug|key|email|name)$/;
/** ... named for fetching a stored record (`retrieveCall`, `lookupAppBySid`), not for building a value. */
const INJECTED_LOOKUP = /^(retrieve|lookup|find|get|fetch|load|read)(?![A-Z]\w*(Url|Uri|Path|Name|Key|Query|Html|Text|String)$)[A-Z]\w*$/;

function isDynamicCall(site: CallSite, callee: Value): boolean {
  if (site.method) return !!site.recv && isOpaque(site.recv);
  if (callee.fn || callee.cls) return false;
  // a function the app stored on Express's app.locals / res.locals at start-up (a data-access helper injected there):
  // which code it runs is decided at run time
  if (INJECTED.test(callee.qn ?? '')) return true;
  // a callable chosen at run time: a call's result, an element of a container (`READOUTS[slug](...)`), or a join of
  // different classes or functions (`form_class(...)`)
  return callee.qn ? callee.qn.endsWith('()') || callee.qn.endsWith('[]') : site.expr.callee.k !== 'name' || isOpaque(callee);
}

/** Methods only strings have: calling one on a value proves it is a string (not an object or array). */
const RETURNS_ARRAY = new Set(['map', 'filter', 'flat', 'flatMap', 'sort', 'reverse', 'splice', 'toSorted', 'toReversed']);
const ARRAY_ONLY_METHODS = new Set(['map', 'filter', 'forEach', 'reduce', 'reduceRight', 'some', 'every', 'find', 'findIndex', 'findLast', 'findLastIndex', 'flat', 'flatMap', 'push', 'pop', 'shift', 'unshift', 'splice', 'join', 'reverse', 'sort', 'fill']);
const STRING_ONLY_METHODS = new Set(['toLowerCase', 'toUpperCase', 'toLocaleLowerCase', 'toLocaleUpperCase', 'trim', 'trimStart', 'trimEnd', 'startsWith', 'endsWith', 'split', 'replace', 'replaceAll', 'padStart', 'padEnd', 'charAt', 'charCodeAt', 'codePointAt', 'normalize', 'localeCompare', 'substring', 'substr', 'match', 'matchAll', 'search']);

/** Methods whose result is a boolean or a number whatever they are given. */
const VALUE_OF_TEST = /^(includes|has|startsWith|endsWith|startswith|endswith|test|some|every|indexOf|lastIndexOf|findIndex|findLastIndex|localeCompare|isdigit|isdecimal|isnumeric|isalnum|isalpha|isidentifier|isArray|isInteger|isFinite|isNaN)$/;
/** A date object of a date library or the built-in Date, by the name of what made it. */
const DATE_OBJECT = /^(moment|dayjs|moment-timezone|luxon\.DateTime|DateTime)(\.\w+)*\(\)(\.\w+\(\))*$|^Date\(\)$/;
const DATE_TEXT_METHOD = /^(format|toISOString|toISODate|toISOTime|toFormat|toJSON|toUTCString|toDateString|toLocaleDateString|toLocaleString|valueOf|unix|getTime)$/;
/** `moment(x).format('YYYY-MM-DD')`: the date's text in a pattern the code fixed (a pattern from the input is input). */
function formattedDate(site: CallSite): boolean {
  return DATE_TEXT_METHOD.test(site.method ?? '') && DATE_OBJECT.test(site.recv?.qn ?? '') && site.args.every((a) => !deepTaint(a));
}
/** An object literal (not an array, instance, module or request part) with no toString of its own. */
function plainObject(v: Value): boolean {
  return !!v.fields && !v.t && !v.qn && !v.inst && !v.elems && !v.fn && !v.cls && !v.fields.has('toString');
}

const CHECK_METHODS = new Set(['test', 'match', 'fullmatch', 'startsWith', 'endsWith', 'startswith', 'endswith', 'includes', 'has', 'isdigit', 'isdecimal', 'isnumeric', 'isalnum', 'isalpha', 'isidentifier', 'is_relative_to']);

/** An expression whose value is a test: a comparison, a negation, or a conjunction or disjunction of tests. */
function isTest(e: Expr): boolean {
  if (e.k === 'compare') return true;
  // `return regex.test(name)`, `return p.startsWith(base)`: a check's boolean (guards.ts reads what it proves)
  if (e.k === 'call' && e.callee.k === 'attr' && CHECK_METHODS.has(e.callee.name)) return true;
  // `return any(p.is_relative_to(d) for d in dirs)`: some element passed the test (guards.ts predicateOf reads it)
  if (e.k === 'call' && e.callee.k === 'name' && e.callee.id === 'any' && e.args[0]?.k === 'list' && e.args[0].elems.length === 1 && isTest(e.args[0].elems[0] as Expr)) return true;
  if (e.k === 'unary') return e.op === '!' || e.op === 'not';
  return e.k === 'logic' && (e.op === 'and' || e.op === 'or') && (isTest(e.left) || isTest(e.right));
}

/** Methods that read one stored record by a key: repository and ORM conventions, and `get(key)` of any container. */
const RECORD_LOOKUP = /^(get|(get|find|fetch|load)_(one|by_\w+|or_404|or_none|first|one_or_none)|get_object|get_or_404|first_or_404|one_or_404|lookup|get_by_id|find_by_id)$/;

const HOST_PRESERVING = /^(match|exec|toLowerCase|toUpperCase|lower|upper|trim|strip|split|rsplit|partition|slice|substring|at|removesuffix|removeprefix|group|groups)$/;

/** Methods that return one row of a query whose parameters are passed apart from the SQL text. */
/**
 * A query builder narrowed by a condition (`knex('files').where('key', key)`, `session.query(F).filter(F.key == k)`):
 * the key is in its condition, and the row it fetches (`.first()`) is stored data, not the key.
 */
function filteredQuery(e: Expr): boolean {
  for (let cur: Expr | undefined = e, i = 0; cur && i < 12; i++) {
    if (cur.k !== 'call' || cur.callee.k !== 'attr') return false;
    if (/^(where|andWhere|whereIn|filter|filter_by)$/.test(cur.callee.name)) return true;
    cur = cur.callee.obj;
  }
  return false;
}

const BUILDER_STEP = /^(where|andWhere|orWhere|whereIn|whereNot|innerJoin|leftJoin|rightJoin|orderBy|limit|offset|groupBy)$/;

/** A builder chain that selects from a table: `db.select(...).from(t)`, Kysely's `db.selectFrom(t)`, knex's `db('t')`. */
function selectsFrom(e: Expr): boolean {
  for (let cur: Expr | undefined = e, i = 0; cur && i < 12; i++) {
    if (cur.k !== 'call') return false;
    if (cur.callee.k === 'attr' && /^(from|selectFrom)$/.test(cur.callee.name)) return true;
    if (cur.callee.k === 'name' && /^(knex|db|trx)$/.test(cur.callee.id) && cur.args[0]?.k === 'const') return true;
    if (cur.callee.k !== 'attr') return false;
    cur = cur.callee.obj;
  }
  return false;
}

const FETCH_ROW = /^(fetchone|fetch_one|fetchrow|fetch_row|fetchval|first|one|one_or_none|scalar|scalar_one|scalar_one_or_none|get_one)$/;

const CASE_CHANGE = /^(upper|lower|casefold|toUpperCase|toLowerCase|toLocaleUpperCase|toLocaleLowerCase)$/;

/** Project functions named as getters of one stored thing: `get_installed_extension(ext_id)`, `findUserById(id)`. */
const GETTER = /^(get|find|fetch|load|lookup|retrieve)(_[a-z]\w*|[A-Z]\w*)$/;

/** The variable an attribute or index path starts from (`request.form['x']` -> request). */
function rootName(e: Expr): string | undefined {
  return e.k === 'name' ? e.id : e.k === 'attr' || e.k === 'index' ? rootName(e.obj) : undefined;
}

/** A value whose taint had to match a stored record first, or passed a check a server-side switch can skip. */
function marked(v: Value, how: 'matched' | 'switchable'): Value {
  return v.t ? { ...v, t: { ...v.t, [how]: true } } : v;
}

/** How strong a flow is, to pick one per sink line: remote over local input, proven over capped, then confidence. */
function flowStrength(t: Taint): number {
  const conf = t.conf === 'high' ? 2 : t.conf === 'medium' ? 1 : 0;
  return (t.local ? 0 : 100) + (t.unproven || t.matched || t.switchable || t.scoped ? 0 : 10) + (t.headerOnly ? 0 : 5) + conf;
}

/** Sources that are request headers (Express, Koa, Flask/Starlette, Django META). */
// (the host name a request names is its Host header: the sender's own choice, as any header)
const HEADER_SOURCE = /^(req\.(headers?|get|hostname|host)|ctx\.(headers?|host|hostname)|request\.(headers|META|host))$/;


/**
 * Receivers named as a key-value store or a data-access object (`Database.libraryItemModel.getCoverPath(id)`, a
 * repository, a DAO): their getX(key) returns what was stored under the key.
 */
const CACHE_LIKE = /(cache|store|registry|map|model|repository|repo|dao)$/i;

/** The same in JavaScript ORMs: Sequelize, Prisma, TypeORM, Mongoose (whose filter is a sink of its own). */
// (read*/getFile/download of a storage object: the key picks the stored file, the bytes are the store's)
// (and a model's own finders built on them, named the same way: findAllExpandedWhere, findOneByEmail, findByIdFull; a
// registry's getDeviceById(id): the id picks the object, its state is the object's)
const RECORD_LOOKUP_JS = /^(read|readFile|readFileToBuffer|readFileToStream|getFile|getObject|downloadFile|get|getById|get\w*ById|find(One|ByPk|ById|All|Unique|First|Many|By|AndCountAll)([A-Z]\w*)?)$/;

/**
 * Lookups that raise instead of returning nothing: Django's `Model.objects.get(...)` (DoesNotExist) and
 * get_object_or_404-style helpers, ORM `...OrThrow`/`...OrFail` methods, and Parse's `query.get(id)`.
 */
function throwsWhenMissing(e: Extract<Expr, { k: 'call' }>, site: CallSite, py: boolean): boolean {
  const name = site.method ?? site.name ?? '';
  if (py) return /(^|_)or_404$/.test(name) || (site.method === 'get' && e.callee.k === 'attr' && e.callee.obj.k === 'attr' && e.callee.obj.name === 'objects');
  return /(OrThrow|OrFail)$/.test(name) || (site.method === 'get' && /^Parse\.Query\b/.test(site.recv?.qn ?? site.recv?.inst?.name ?? ''));
}

/** A value about which nothing is known: no taint, constant, library name, shape, class or module. */
function isOpaque(v: Value): boolean {
  return !v.t && !v.hasC && !v.qn && !v.fields && !v.elems && !v.inst && !v.cls && !v.fn && !v.module && !v.prefix && !v.cs;
}
