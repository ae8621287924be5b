// Lowers a tree-sitter Python tree (via ast-grep) into the taint IR.
import type { SgNode } from '@ast-grep/napi';
import type { Expr, FuncIR, ModuleIR, Param, Stmt, Target } from './ir';
import { SPREAD_KWARGS, UNKNOWN } from './ir';

const line = (n: SgNode): number => n.range().start.line + 1;
// namedChildren() is one native call; comments are rare inside expressions and ignored as statements
const named = (n: SgNode): SgNode[] => n.namedChildren();

export function lowerPython(root: SgNode, file: string, moduleName: string): ModuleIR {
  const ctx = new PyLowering(file);
  return { file, language: 'python', moduleName, body: ctx.block(root) };
}

/** A call statement that never returns. */
const NO_RETURN_CALL = /^(flask\.)?abort\s*\(|^(werkzeug\.exceptions\.)?abort\s*\(|^sys\.exit\s*\(|^os\._exit\s*\(/;

class PyLowering {
  private seq = 0;
  /** Line of the statement being lowered: expressions other than calls reuse it (range() is a costly native call). */
  private cur = 1;
  constructor(private readonly file: string) {}

  block(n: SgNode | null): Stmt[] {
    if (!n) return [];
    const out: Stmt[] = [];
    for (const c of named(n)) this.stmt(c, out);
    return out;
  }

  private stmt(n: SgNode, out: Stmt[]): void {
    const l = line(n);
    this.cur = l;
    switch (n.kind()) {
      case 'expression_statement':
        for (const c of named(n)) this.exprStmt(c, out);
        // abort(404) (Flask/Werkzeug), sys.exit() and os._exit() never return: the branch ends like a raise
        if (NO_RETURN_CALL.test(n.text())) out.push({ k: 'exit', kind: 'raise', line: l });
        return;
      case 'return_statement': {
        const e = named(n)[0];
        out.push({ k: 'return', e: e ? this.expr(e) : undefined, line: l });
        return;
      }
      case 'if_statement':
        out.push(this.ifStmt(n));
        return;
      case 'for_statement':
        out.push({
          k: 'loop',
          target: this.target(n.field('left')),
          iter: this.exprOrUnknown(n.field('right'), l),
          body: this.block(n.field('body')),
          orelse: this.elseBody(n.field('alternative')),
          line: l,
        });
        return;
      case 'while_statement':
        out.push({
          k: 'loop',
          test: this.exprOrUnknown(n.field('condition'), l),
          body: this.block(n.field('body')),
          orelse: this.elseBody(n.field('alternative')),
          line: l,
        });
        return;
      case 'try_statement':
        out.push(this.tryStmt(n));
        return;
      case 'with_statement':
        this.withStmt(n, out);
        return;
      case 'match_statement':
        out.push(this.matchStmt(n));
        return;
      case 'function_definition':
        out.push({ k: 'def', fn: this.func(n, []), line: l });
        return;
      case 'decorated_definition': {
        const decorators = n.children().filter((c) => c.kind() === 'decorator').map((d) => this.exprOrUnknown(named(d)[0] ?? null, l));
        const def = n.field('definition');
        if (def?.kind() === 'function_definition') out.push({ k: 'def', fn: this.func(def, decorators), line: l });
        else if (def) this.stmt(def, out);
        return;
      }
      case 'class_definition':
        out.push(this.classDef(n));
        return;
      case 'import_statement':
        for (const c of named(n)) {
          if (c.kind() === 'aliased_import') {
            out.push({ k: 'import', module: c.field('name')?.text() ?? '', names: null, as: c.field('alias')?.text(), line: l });
          } else out.push({ k: 'import', module: c.text(), names: null, line: l });
        }
        return;
      case 'import_from_statement':
        out.push(this.importFrom(n));
        return;
      case 'raise_statement':
        out.push({ k: 'exit', kind: 'raise', line: l });
        return;
      case 'break_statement':
        out.push({ k: 'exit', kind: 'break', line: l });
        return;
      case 'continue_statement':
        out.push({ k: 'exit', kind: 'continue', line: l });
        return;
      case 'block':
        for (const c of named(n)) this.stmt(c, out);
        return;
      default:
        return; // pass, global, nonlocal, assert, delete, print (py2): no data flow we track
    }
  }

  private exprStmt(n: SgNode, out: Stmt[]): void {
    const l = this.cur;
    if (n.kind() === 'assignment') {
      const right = n.field('right');
      if (!right) return; // bare annotation `x: int`
      const targets: Target[] = [this.target(n.field('left'))];
      let value = right;
      while (value.kind() === 'assignment' && value.field('right')) {
        targets.push(this.target(value.field('left')));
        value = value.field('right') as SgNode;
      }
      const v = this.expr(value);
      for (const t of targets) out.push({ k: 'assign', target: t, value: v, line: l, text: n.text() });
      return;
    }
    if (n.kind() === 'augmented_assignment') {
      const op = (n.field('operator')?.text() ?? '+=').replace(/=$/, '');
      out.push({ k: 'assign', target: this.target(n.field('left')), value: this.exprOrUnknown(n.field('right'), l), op, line: l, text: n.text() });
      return;
    }
    out.push({ k: 'expr', e: this.expr(n), line: l });
  }

  private elseBody(n: SgNode | null): Stmt[] {
    if (!n) return [];
    return this.block(n.field('body') ?? named(n).find((c) => c.kind() === 'block') ?? null);
  }

  private ifStmt(n: SgNode): Stmt {
    const l = line(n);
    const alternatives = n.children().filter((c) => c.kind() === 'elif_clause' || c.kind() === 'else_clause');
    let orelse: Stmt[] = [];
    for (let i = alternatives.length - 1; i >= 0; i--) {
      const alt = alternatives[i] as SgNode;
      if (alt.kind() === 'else_clause') orelse = this.elseBody(alt);
      else
        orelse = [
          {
            k: 'if',
            test: this.exprOrUnknown(alt.field('condition'), line(alt)),
            then: this.block(alt.field('consequence')),
            else: orelse,
            line: line(alt),
          },
        ];
    }
    return { k: 'if', test: this.exprOrUnknown(n.field('condition'), l), then: this.block(n.field('consequence')), else: orelse, line: l };
  }

  private tryStmt(n: SgNode): Stmt {
    const handlers: Stmt[][] = [];
    let orelse: Stmt[] = [];
    let final: Stmt[] = [];
    for (const c of named(n)) {
      if (c.kind() === 'except_clause' || c.kind() === 'except_group_clause') {
        const body: Stmt[] = [];
        const alias = c.children().find((x) => x.kind() === 'as_pattern');
        const aliasName = alias?.children().find((x) => x.kind() === 'as_pattern_target') ?? (alias ? named(alias).at(-1) : undefined);
        if (aliasName) body.push({ k: 'assign', target: this.target(aliasName), value: UNKNOWN(line(c)), line: line(c), text: '' });
        const blk = named(c).find((x) => x.kind() === 'block') ?? null;
        body.push(...this.block(blk));
        handlers.push(body);
      } else if (c.kind() === 'else_clause') orelse = this.elseBody(c);
      else if (c.kind() === 'finally_clause') final = this.block(named(c).find((x) => x.kind() === 'block') ?? null);
    }
    return { k: 'try', body: this.block(n.field('body')), handlers, orelse, final, line: line(n) };
  }

  private withStmt(n: SgNode, out: Stmt[]): void {
    const clause = n.children().find((c) => c.kind() === 'with_clause');
    for (const item of clause ? named(clause) : []) {
      const v = item.field('value') ?? named(item)[0];
      if (!v) continue;
      if (v.kind() === 'as_pattern') {
        const [valueNode] = named(v);
        const tgt = v.children().find((x) => x.kind() === 'as_pattern_target');
        const value = this.exprOrUnknown(valueNode ?? null, line(v));
        if (tgt) out.push({ k: 'assign', target: this.target(named(tgt)[0] ?? tgt), value, line: line(v), text: v.text() });
        else out.push({ k: 'expr', e: value, line: line(v) });
      } else out.push({ k: 'expr', e: this.expr(v), line: line(v) });
    }
    out.push(...this.block(n.field('body')));
  }

  private matchStmt(n: SgNode): Stmt {
    const subject = n.field('subject') ?? named(n)[0] ?? null;
    const body = n.field('body') ?? named(n).find((c) => c.kind() === 'block') ?? null;
    const cases: { tests: Expr[] | null; body: Stmt[] }[] = [];
    for (const c of body ? named(body) : []) {
      if (c.kind() !== 'case_clause') continue;
      const pattern = c.children().find((x) => x.kind() === 'case_pattern');
      const hasGuard = c.children().some((x) => x.kind() === 'if_clause');
      cases.push({ tests: hasGuard ? [UNKNOWN(line(c))] : this.casePattern(pattern), body: this.block(c.field('consequence') ?? named(c).find((x) => x.kind() === 'block') ?? null) });
    }
    return { k: 'switch', subject: this.exprOrUnknown(subject, line(n)), cases, line: line(n) };
  }

  /** Literal alternatives of a case pattern; null for a wildcard/capture (matches anything). */
  private casePattern(p: SgNode | undefined): Expr[] | null {
    if (!p) return null;
    const inner = named(p);
    if (inner.length === 0) return null; // `_`
    const first = inner[0] as SgNode;
    const alts = first.kind() === 'union_pattern' ? named(first) : [first];
    const tests: Expr[] = [];
    for (const a of alts) {
      if (a.kind() === 'identifier' || a.kind() === 'dotted_name' && !a.text().includes('.')) return null;
      tests.push(a.kind() === 'string' || a.kind() === 'integer' || a.kind() === 'float' || a.kind() === 'true' || a.kind() === 'false' || a.kind() === 'none' ? this.expr(a) : UNKNOWN(line(a)));
    }
    return tests;
  }

  private importFrom(n: SgNode): Stmt {
    // named children: the module (dotted_name or relative_import) first, then the imported names
    const [modNode, ...rest] = named(n);
    const module = modNode?.text() ?? '';
    const names: { name: string; as: string }[] = [];
    for (const c of rest) {
      const kind = c.kind();
      if (kind === 'wildcard_import') names.push({ name: '*', as: '*' });
      else if (kind === 'aliased_import') {
        const [name, alias] = named(c);
        names.push({ name: name?.text() ?? '', as: alias?.text() ?? '' });
      } else if (kind === 'dotted_name') names.push({ name: c.text(), as: c.text() });
    }
    return { k: 'import', module, names, line: this.cur };
  }


  private classDef(n: SgNode): Stmt {
    const name = n.field('name')?.text() ?? '';
    const bases = n.field('superclasses');
    const body: Stmt[] = [];
    for (const s of this.block(n.field('body'))) {
      if (s.k === 'def') s.fn.className = name;
      body.push(s);
    }
    // annotated class attributes (`frame_number: Optional[int] = None`): the fields of a pydantic model or dataclass
    const fieldTypes: { name: string; annotation: string }[] = [];
    for (const st of named(n.field('body') ?? n)) {
      const a = (st.kind() as string) === 'expression_statement' ? named(st)[0] : undefined;
      const left = a && (a.kind() as string) === 'assignment' ? a.field('left') : undefined;
      const type = a?.field('type');
      if (left && type && (left.kind() as string) === 'identifier') fieldTypes.push({ name: left.text(), annotation: type.text() });
    }
    return { k: 'class', name, bases: bases ? named(bases).map((b) => this.expr(b)) : [], body, line: line(n), ...(fieldTypes.length ? { fieldTypes } : {}) };
  }

  private func(n: SgNode, decorators: Expr[]): FuncIR {
    const params: Param[] = [];
    const ps = n.field('parameters');
    for (const p of ps ? named(ps) : []) params.push(...this.param(p));
    return {
      name: n.field('name')?.text() ?? '<lambda>',
      params,
      body: this.block(n.field('body')),
      decorators,
      line: line(n),
      file: this.file,
      id: `${this.file}#${line(n)}:${this.seq++}`,
      ...(n.field('return_type') ? { returns: n.field('return_type')!.text() } : {}),
    };
  }

  private param(p: SgNode): Param[] {
    switch (p.kind()) {
      case 'identifier':
        return [{ name: p.text() }];
      case 'typed_parameter': {
        const id = named(p).find((c) => c.kind() === 'identifier' || String(c.kind()).endsWith('splat_pattern'));
        return [{ name: (id?.text() ?? '').replace(/^\*+/, ''), annotation: p.field('type')?.text(), rest: String(id?.kind() ?? '').endsWith('splat_pattern') }];
      }
      case 'default_parameter':
      case 'typed_default_parameter': {
        const value = p.field('value');
        return [{ name: p.field('name')?.text() ?? '', default: value ? this.expr(value) : undefined, annotation: p.field('type')?.text() }];
      }
      case 'list_splat_pattern':
      case 'dictionary_splat_pattern':
        return [{ name: p.text().replace(/^\*+/, ''), rest: true }];
      default:
        return [];
    }
  }

  target(n: SgNode | null): Target {
    if (!n) return { k: 'none' };
    switch (n.kind()) {
      case 'identifier':
        return { k: 'name', id: n.text() };
      case 'attribute':
        return { k: 'attr', obj: this.exprOrUnknown(n.field('object'), line(n)), name: n.field('attribute')?.text() ?? '' };
      case 'subscript': {
        const sub = n.field('subscript');
        return { k: 'index', obj: this.exprOrUnknown(n.field('value'), line(n)), index: sub && sub.kind() !== 'slice' ? this.expr(sub) : null };
      }
      case 'pattern_list':
      case 'tuple_pattern':
      case 'list_pattern':
      case 'tuple':
      case 'list':
      case 'expression_list':
        return { k: 'tuple', elems: named(n).map((c) => this.target(c)) };
      case 'list_splat_pattern':
      case 'parenthesized_expression':
        return this.target(named(n)[0] ?? null);
      default:
        return { k: 'none' };
    }
  }

  exprOrUnknown(n: SgNode | null | undefined, l: number): Expr {
    return n ? this.expr(n) : UNKNOWN(l);
  }

  /** Comprehension variables while lowering a comprehension's element: each stands for an element of its iterable. */
  private loopVars = new Map<string, Expr>();

  /**
   * `(f(x) for x in xs if c)` is a collection of f(an element of xs): the element expression with each loop variable
   * replaced by `xs[...]`, so a sanitizer applied in the element (safe_join(base, x)) is seen, and the iterable's
   * taint still reaches the element through the variable.
   */
  private comprehension(n: SgNode, l: number): Expr {
    const saved = this.loopVars;
    this.loopVars = new Map(saved);
    const parts = named(n);
    for (const clause of parts.filter((c) => c.kind() === 'for_in_clause')) {
      const right = clause.field('right');
      const iter: Expr = { k: 'index', obj: right ? this.expr(right) : UNKNOWN(l), index: null, line: l };
      const left = clause.field('left');
      for (const id of left ? [left, ...left.findAll({ rule: { kind: 'identifier' } })] : []) {
        if (id.kind() === 'identifier') this.loopVars.set(id.text(), iter);
      }
    }
    const body = n.field('body') ?? parts[0];
    const element = body ? (body.kind() === 'pair' ? this.exprOrUnknown(body.field('value'), l) : this.expr(body)) : UNKNOWN(l);
    const where = parts.filter((c) => c.kind() === 'if_clause').map((c) => this.exprOrUnknown(named(c)[0], l));
    this.loopVars = saved;
    return where.length ? { k: 'list', elems: [element], line: l, where } : { k: 'list', elems: [element], line: l };
  }

  expr(n: SgNode): Expr {
    const kind = String(n.kind());
    const l = this.cur;
    switch (kind) {
      case 'identifier':
        return this.loopVars.get(n.text()) ?? { k: 'name', id: n.text(), line: l };
      case 'attribute': {
        // a plain dotted name (`helpers.utils.escape`) is built from its text: one native call for the chain
        const dotted = this.loopVars.size === 0 || !this.loopVars.has(n.text().split('.')[0] ?? '') ? dottedChain(n.text(), l) : undefined;
        if (dotted) return dotted;
        // positional children: one native call instead of two field lookups
        const [obj, attr] = named(n);
        return { k: 'attr', obj: this.exprOrUnknown(obj, l), name: attr?.text() ?? '', line: l };
      }
      case 'subscript': {
        const sub = n.field('subscript');
        const isSlice = sub?.kind() === 'slice';
        return { k: 'index', obj: this.exprOrUnknown(n.field('value'), l), index: sub && !isSlice ? this.expr(sub) : null, slice: isSlice, line: l };
      }
      case 'call':
        return this.call(n);
      case 'string':
        return this.string(n);
      case 'concatenated_string':
        return { k: 'concat', parts: named(n).map((c) => this.expr(c)), line: l };
      case 'integer':
      case 'float': {
        const v = Number(n.text().replace(/_/g, '').replace(/[jJlL]$/, ''));
        return Number.isFinite(v) ? { k: 'const', v, line: l } : UNKNOWN(l);
      }
      case 'true':
        return { k: 'const', v: true, line: l };
      case 'false':
        return { k: 'const', v: false, line: l };
      case 'none':
        return { k: 'const', v: null, line: l };
      case 'binary_operator': {
        // [left, operator token, right]: an anonymous token's kind is its text
        const [left, op, right] = n.children();
        return { k: 'bin', op: String(op?.kind() ?? '+'), left: this.exprOrUnknown(left, l), right: this.exprOrUnknown(right, l), line: l };
      }
      case 'unary_operator':
        return { k: 'unary', op: n.field('operator')?.text() ?? '-', arg: this.exprOrUnknown(n.field('argument'), l), line: l };
      case 'not_operator':
        return { k: 'unary', op: 'not', arg: this.exprOrUnknown(n.field('argument'), l), line: l };
      case 'boolean_operator': {
        const [left, op, right] = n.children();
        return { k: 'logic', op: op?.kind() === 'and' ? 'and' : 'or', left: this.exprOrUnknown(left, l), right: this.exprOrUnknown(right, l), line: l };
      }
      case 'comparison_operator':
        return this.compare(n);
      case 'conditional_expression': {
        const [a, c, b] = named(n);
        return { k: 'cond', test: this.exprOrUnknown(c, l), then: this.exprOrUnknown(a, l), else: this.exprOrUnknown(b, l), line: l };
      }
      case 'parenthesized_expression':
      case 'await':
        return this.exprOrUnknown(named(n)[0], l);
      case 'list':
      case 'tuple':
      case 'set':
      case 'expression_list':
        return { k: 'list', elems: named(n).map((c) => this.expr(c)), line: l };
      case 'dictionary':
        return {
          k: 'dict',
          entries: named(n).map((c) =>
            c.kind() === 'pair'
              ? { key: this.exprOrUnknown(c.field('key'), l), value: this.exprOrUnknown(c.field('value'), l) }
              : { key: null, value: this.exprOrUnknown(named(c)[0], l) },
          ),
          line: l,
        };
      case 'lambda': {
        const body = n.field('body');
        const ps = n.field('parameters');
        const fn: FuncIR = {
          name: '<lambda>',
          params: ps ? named(ps).flatMap((p) => this.param(p)) : [],
          body: [{ k: 'return', e: this.exprOrUnknown(body, l), line: l }],
          decorators: [],
          line: l,
          file: this.file,
          isLambda: true,
          id: `${this.file}#${l}:${this.seq++}`,
        };
        return { k: 'func', fn, line: l };
      }
      case 'named_expression':
        return this.exprOrUnknown(n.field('value'), l);
      case 'generator_expression':
      case 'list_comprehension':
      case 'set_comprehension':
      case 'dictionary_comprehension':
        return this.comprehension(n, l);
      default:
        // starred and other forms: keep the taint of every part
        return UNKNOWN(l, named(n).map((c) => this.expr(c)));
    }
  }

  private compare(n: SgNode): Expr {
    const l = line(n);
    const operands = named(n).filter((c) => !/^(not in|is not)$/.test(String(c.kind())));
    const opNode = n.children().find((c) => !c.isNamed() || /^(not in|is not)$/.test(String(c.kind())));
    const op = (opNode?.text() ?? '==').replace(/\s+/g, ' ');
    return { k: 'compare', op, left: this.exprOrUnknown(operands[0], l), right: this.exprOrUnknown(operands[1], l), line: l };
  }

  private call(n: SgNode): Expr {
    const l = line(n);
    const saved = this.cur;
    this.cur = l;
    const args: Expr[] = [];
    const kwargs: { name: string; value: Expr }[] = [];
    const [fnNode, argNode] = named(n); // [function, argument_list | generator_expression]
    if (argNode?.kind() === 'generator_expression') args.push(this.expr(argNode));
    else
      for (const a of argNode ? named(argNode) : []) {
        const kind = a.kind();
        if (kind === 'comment') continue;
        if (kind === 'keyword_argument') {
          const [name, value] = named(a);
          kwargs.push({ name: name?.text() ?? '', value: this.exprOrUnknown(value, l) });
        } else if (kind === 'dictionary_splat') {
          // `**opts`: the interpreter spreads a dict of known keys into keyword arguments (SPREAD_KWARGS)
          const inner = named(a)[0];
          if (inner) kwargs.push({ name: SPREAD_KWARGS, value: this.expr(inner) });
        } else if (kind === 'list_splat') args.push(UNKNOWN(l, named(a).map((c) => this.expr(c))));
        else args.push(this.expr(a));
      }
    const text = n.text();
    const callee = this.exprOrUnknown(fnNode, l);
    this.cur = saved;
    return { k: 'call', callee, args, kwargs, line: l, text: text.length > 120 ? `${text.slice(0, 117)}...` : text };
  }


  private string(n: SgNode): Expr {
    const l = this.cur;
    const literal = plainLiteral(n.text());
    if (literal !== undefined) return { k: 'const', v: literal, line: l };
    const parts: Expr[] = [];
    let buf = '';
    let dynamic = false;
    for (const c of n.children()) {
      const kind = c.kind();
      if (kind === 'string_content') buf += c.text();
      else if (kind === 'escape_sequence') buf += unescape(c.text());
      else if (kind === 'interpolation') {
        dynamic = true;
        if (buf) parts.push({ k: 'const', v: buf, line: l });
        buf = '';
        const inner = named(c).find((x) => x.kind() !== 'format_specifier' && x.kind() !== 'type_conversion');
        parts.push(this.exprOrUnknown(inner, l));
      }
    }
    if (!dynamic) return { k: 'const', v: buf, line: l };
    if (buf) parts.push({ k: 'const', v: buf, line: l });
    return { k: 'concat', parts, line: l };
  }
}

const DOTTED = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)+$/;

export function dottedChain(text: string, line: number): Expr | undefined {
  if (text.length > 200 || !DOTTED.test(text)) return undefined;
  const [first, ...rest] = text.split('.');
  let e: Expr = { k: 'name', id: first as string, line };
  for (const name of rest) e = { k: 'attr', obj: e, name, line };
  return e;
}

/** Value of a non-f-string literal straight from its text (one native call instead of a child walk). */
function plainLiteral(text: string): string | undefined {
  const m = /^([rRbBuU]{0,2})('''|"""|'|")([\s\S]*)\2$/.exec(text);
  if (!m) return undefined;
  const raw = /[rR]/.test(m[1] ?? '');
  const body = m[3] ?? '';
  return raw ? body : body.replace(/\\(.)/g, (_all, c: string) => unescape(`\\${c}`));
}

function unescape(s: string): string {
  const map: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', '0': '\0' };
  return s.length === 2 && s[0] === '\\' ? (map[s[1] as string] ?? s) : s;
}
