// The contract between the language-neutral interpreter and a language's source/sink/sanitizer model.
import type { Expr, FuncIR, ModuleIR } from './ir';
import type { SinkKind, Value } from './value';

export interface CallSite {
  /** Qualified name of the callee when known ('os.system', 'req.args.get', 'sqlite3.connect().cursor().execute'). */
  qn?: string;
  /** Last name of the callee: 'escape' for html.escape, the function name for project functions. */
  name?: string;
  /** Method name for `recv.name(...)` calls. */
  method?: string;
  recv?: Value;
  /** Receiver variable when the receiver is a plain name (so models can model in-place mutation). */
  recvName?: string;
  args: Value[];
  kwargs: Map<string, Value>;
  expr: Extract<Expr, { k: 'call' }>;
  module: ModuleIR;
}

export interface SinkHit {
  kind: SinkKind;
  value: Value;
  line: number;
  label: string;
  /** Where the sink expression is, when not in the function being analyzed (a response a helper built and returned). */
  file?: string;
  /** A metadata check (os.path.exists, Path.is_file): only whether the path exists is learned (reported low). */
  existenceOnly?: true;
  /**
   * A query filter pinned to the caller's tenant or owner by a key the request did not choose (`{ id_project:
   * req.projectid, status: req.query.status }`): injected operators select only among records that tenant's
   * queries may read (severity-policy.ts caps it).
   */
  scoped?: true;
  /** The sink inside a project helper, when the finding is reported at the call that passed the input (liftToCall). */
  through?: { file: string; line: number; label: string };
}

export interface ModelHost {
  /** Report a value reaching a sink (the host checks taint and sanitizers). */
  sink(hit: SinkHit): void;
  /** Rebind a variable of the current frame (in-place mutation such as list.append). */
  rebind(name: string, v: Value): void;
  /** A new source; origin 'local' marks input of the person running the program (CLI, environment, stdin). */
  source(conf: 'high' | 'medium' | 'low', line: number, label: string, base?: Value, origin?: 'local'): Value;
  file: string;
  /** The function being analyzed (route decorators tell what request.path can be). */
  fn?: FuncIR;
  /** Project-wide set-up seen in any file (program.ts `facts`). */
  facts?: { readonly koaQueryObjects: boolean };
}

export interface LanguageModel {
  /** Value of a name that is bound nowhere (builtins, framework globals). */
  global(name: string): Value | undefined;
  /** Value for an entry function's parameter: request objects and route parameters are sources. */
  param(fn: FuncIR, index: number, module: ModuleIR, host: ModelHost, imports: ReadonlySet<string>): Value | undefined;
  /** Attribute read on a library value (e.g. `request.args` -> source). */
  attr(recv: Value, name: string, line: number, host: ModelHost): Value | undefined;
  /** Sanitizer calls, checked before a project function of the same name is analyzed. */
  sanitizer(site: CallSite): Value | undefined;
  /** Library call: reports sinks, returns a modeled result or undefined for default propagation. */
  call(site: CallSite, host: ModelHost): Value | undefined;
  /** Store into an attribute or key of a library value (session[...] = x, el.innerHTML = x). */
  store(obj: Value, key: string | null, value: Value, line: number, host: ModelHost, keyValue?: Value): void;
  /** Value returned by a function (route handlers returning HTML). */
  ret(fn: FuncIR, value: Value, line: number, host: ModelHost, imports: ReadonlySet<string>): void;
  /** Calls whose truth proves their subject safe (x.startswith(..), re.fullmatch(p, x), ALLOWED.includes(x)). */
  validator(site: CallSite): Expr | undefined;
}
