// A small language-neutral IR for taint tracking. Python and JS/TS trees are lowered into it so one
// interpreter (interpret.ts) serves both languages; anything it does not model becomes `unknown`, which
// keeps the taint of its parts (sound-ish default) instead of dropping it.

export type ConstValue = string | number | boolean | null;

export type Expr =
  | { k: 'const'; v: ConstValue; line: number }
  | { k: 'name'; id: string; line: number }
  | { k: 'attr'; obj: Expr; name: string; line: number }
  | { k: 'index'; obj: Expr; index: Expr | null; slice?: boolean; line: number }
  | { k: 'call'; callee: Expr; args: Expr[]; kwargs: { name: string; value: Expr }[]; isNew?: boolean; line: number; text: string; spreadLast?: true }
  | { k: 'bin'; op: string; left: Expr; right: Expr; line: number }
  | { k: 'unary'; op: string; arg: Expr; line: number }
  | { k: 'logic'; op: 'and' | 'or' | 'coalesce'; left: Expr; right: Expr; line: number }
  | { k: 'compare'; op: string; left: Expr; right: Expr; line: number }
  | { k: 'cond'; test: Expr; then: Expr; else: Expr; line: number }
  | { k: 'concat'; parts: Expr[]; line: number }
  /** `where`: the filters of a comprehension (`[r for r in rs if r.id == x]`), tested on each element. */
  | { k: 'list'; elems: Expr[]; line: number; where?: Expr[] }
  | { k: 'dict'; entries: { key: Expr | null; value: Expr }[]; line: number }
  | { k: 'func'; fn: FuncIR; line: number }
  | { k: 'unknown'; parts: Expr[]; line: number };

export type Target =
  | { k: 'name'; id: string }
  | { k: 'attr'; obj: Expr; name: string }
  | { k: 'index'; obj: Expr; index: Expr | null }
  | { k: 'tuple'; elems: Target[] }
  /** JS object destructuring: each key is read like an attribute (so `const { query } = req` is a source). */
  | { k: 'object'; props: { key: string; target: Target }[] }
  | { k: 'none' };

export type Stmt =
  | { k: 'assign'; target: Target; value: Expr; op?: string; line: number; text: string }
  | { k: 'expr'; e: Expr; line: number }
  | { k: 'if'; test: Expr; then: Stmt[]; else: Stmt[]; line: number }
  | { k: 'loop'; target?: Target; iter?: Expr; test?: Expr; body: Stmt[]; orelse: Stmt[]; line: number }
  | { k: 'return'; e?: Expr; line: number }
  | { k: 'exit'; kind: 'break' | 'continue' | 'raise'; line: number }
  | { k: 'try'; body: Stmt[]; handlers: Stmt[][]; orelse: Stmt[]; final: Stmt[]; line: number }
  | { k: 'switch'; subject: Expr; cases: { tests: Expr[] | null; body: Stmt[] }[]; line: number }
  | { k: 'def'; fn: FuncIR; line: number }
  | { k: 'class'; name: string; bases: Expr[]; body: Stmt[]; line: number; /** Annotated class-level names (`size: int = 0`). */ fieldTypes?: { name: string; annotation: string }[]; /** TypeScript field decorators (`@Matches(...) id: string`), without their '@'. */ fieldDecorators?: { name: string; decorators: string[] }[] }
  | { k: 'import'; module: string; names: { name: string; as: string }[] | null; as?: string; line: number };

export interface Param {
  name: string;
  default?: Expr;
  /** Type annotation text or decorator hints (FastAPI `Query(...)`, TS types). */
  annotation?: string;
  /** A TypeScript parameter decorator, as written without its '@' (NestJS `Query('url')`, `Body()`). */
  decorator?: string;
  /** A TypeScript constructor parameter property (`constructor(private readonly users: UsersService)`). */
  property?: true;
  rest?: boolean;
}

export interface FuncIR {
  name: string;
  params: Param[];
  body: Stmt[];
  decorators: Expr[];
  line: number;
  /** Set for methods: the owning class name (first param is the receiver in Python). */
  className?: string;
  /** File path, filled by the lowering. */
  file: string;
  /** True for arrow/lambda expressions whose body is one expression (lowered to a return). */
  isLambda?: boolean;
  /** A JS arrow function: `this` inside it is the enclosing function's, not the object it is called on. */
  arrow?: boolean;
  /** Unique id for caching summaries. */
  id: string;
  /** The declared return type's text (Python `-> io.BytesIO`, TypeScript `: Promise<boolean>`), when there is one. */
  returns?: string;
}

export interface ModuleIR {
  file: string;
  language: 'python' | 'javascript' | 'typescript';
  /** Dotted module name for Python ('pkg.mod'), path without extension for JS. */
  moduleName: string;
  body: Stmt[];
}

export const UNKNOWN = (line: number, parts: Expr[] = []): Expr => ({ k: 'unknown', parts, line });

/** The keyword name of a `**mapping` argument: its keys become keyword arguments when they are known. */
export const SPREAD_KWARGS = '**';
