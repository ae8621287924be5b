// Lowers a tree-sitter JavaScript/TypeScript tree (via ast-grep) into the taint IR.
// Exports are modeled as module variables: `export default x` and `module.exports = x` bind `default`,
// `exports.f = x` binds `f`, so importing modules read them like any other variable (cross-file taint).
import type { SgNode } from '@ast-grep/napi';
import type { Expr, FuncIR, ModuleIR, Param, Stmt, Target } from './ir';
import { UNKNOWN } from './ir';
import { dottedChain } from './lower-python';

const line = (n: SgNode): number => n.range().start.line + 1;
// namedChildren() is one native call; comments are ignored as statements and filtered from argument lists
const named = (n: SgNode): SgNode[] => n.namedChildren();
const namedNoComments = (n: SgNode): SgNode[] => n.namedChildren().filter((c) => c.kind() !== 'comment');
const FUNC_KINDS = new Set(['function_declaration', 'generator_function_declaration', 'function_expression', 'function', 'arrow_function', 'generator_function', 'method_definition']);
const TRANSPARENT = new Set(['parenthesized_expression', 'await_expression', 'as_expression', 'satisfies_expression', 'non_null_expression', 'type_assertion', 'yield_expression', 'spread_element']);

export function lowerJs(root: SgNode, file: string, moduleName: string, language: 'javascript' | 'typescript'): ModuleIR {
  return { file, language, moduleName, body: new JsLowering(file).block(root) };
}

class JsLowering {
  private seq = 0;
  /** Line of the statement being lowered: expressions other than calls reuse it (range() is a costly native call). */
  private cur = 1;
  constructor(private readonly file: string) {}

  block(n: SgNode | null): Stmt[] {
    if (!n) return [];
    if (n.kind() !== 'statement_block' && n.kind() !== 'program' && n.kind() !== 'switch_case' && n.kind() !== 'switch_default' && n.kind() !== 'class_body') {
      const out: Stmt[] = [];
      this.stmt(n, out);
      return out;
    }
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
        return;
      case 'lexical_declaration':
      case 'variable_declaration':
        for (const d of named(n)) {
          if (d.kind() !== 'variable_declarator') continue;
          const value = d.field('value');
          if (value) out.push({ k: 'assign', target: this.target(d.field('name')), value: this.expr(value), line: line(d), text: d.text() });
        }
        return;
      case 'function_declaration':
      case 'generator_function_declaration':
        out.push({ k: 'def', fn: this.func(n), line: l });
        return;
      case 'class_declaration':
      case 'abstract_class_declaration':
        out.push(this.classDecl(n));
        return;
      case 'export_statement':
        return this.exportStmt(n, out);
      case 'import_statement':
        out.push(this.importStmt(n));
        return;
      case 'return_statement': {
        const e = named(n)[0];
        out.push({ k: 'return', e: e ? this.expr(e) : undefined, line: l });
        return;
      }
      case 'throw_statement':
        out.push({ k: 'exit', kind: 'raise', line: l });
        return;
      case 'break_statement':
        out.push({ k: 'exit', kind: 'break', line: l });
        return;
      case 'continue_statement':
        out.push({ k: 'exit', kind: 'continue', line: l });
        return;
      case 'if_statement': {
        const alt = n.field('alternative');
        out.push({
          k: 'if',
          test: this.exprOr(n.field('condition'), l),
          then: this.block(n.field('consequence')),
          else: alt ? this.block(named(alt)[0] ?? null) : [],
          line: l,
        });
        return;
      }
      case 'for_statement': {
        const init = n.field('initializer');
        if (init) this.stmt(init, out);
        const cond = n.field('condition');
        const body = this.block(n.field('body'));
        const inc = n.field('increment');
        if (inc) body.push({ k: 'expr', e: this.expr(inc), line: l });
        out.push({ k: 'loop', test: cond && cond.kind() !== 'empty_statement' ? this.expr(named(cond)[0] ?? cond) : undefined, body, orelse: [], line: l });
        return;
      }
      case 'for_in_statement': {
        const right = this.exprOr(n.field('right'), l);
        const isIn = n.children().some((c) => !c.isNamed() && c.text() === 'in');
        out.push({ k: 'loop', target: this.target(n.field('left')), iter: isIn ? { k: 'call', callee: { k: 'attr', obj: { k: 'name', id: 'Object', line: l }, name: 'keys', line: l }, args: [right], kwargs: [], line: l, text: 'Object.keys' } : right, body: this.block(n.field('body')), orelse: [], line: l });
        return;
      }
      case 'while_statement':
      case 'do_statement':
        out.push({ k: 'loop', test: n.kind() === 'while_statement' ? this.exprOr(n.field('condition'), l) : undefined, body: this.block(n.field('body')), orelse: [], line: l });
        return;
      case 'try_statement': {
        const handler = n.field('handler');
        const handlers: Stmt[][] = [];
        if (handler) {
          const body: Stmt[] = [];
          const param = handler.field('parameter');
          if (param) body.push({ k: 'assign', target: this.target(param), value: UNKNOWN(line(handler)), line: line(handler), text: '' });
          body.push(...this.block(handler.field('body')));
          handlers.push(body);
        }
        const fin = n.field('finalizer');
        out.push({ k: 'try', body: this.block(n.field('body')), handlers, orelse: [], final: fin ? this.block(fin.field('body') ?? named(fin)[0] ?? null) : [], line: l });
        return;
      }
      case 'switch_statement':
        out.push(this.switchStmt(n));
        return;
      case 'statement_block':
        for (const c of named(n)) this.stmt(c, out);
        return;
      case 'labeled_statement': {
        const body = n.field('body') ?? named(n).at(-1);
        if (body) this.stmt(body, out);
        return;
      }
      default:
        return; // type declarations, empty statements, debugger...
    }
  }

  private exprStmt(n: SgNode, out: Stmt[]): void {
    const l = line(n);
    if (n.kind() === 'assignment_expression') {
      const left = n.field('left');
      const target = this.exportTarget(left) ?? this.target(left);
      out.push({ k: 'assign', target, value: this.exprOr(n.field('right'), l), line: l, text: n.text() });
      return;
    }
    if (n.kind() === 'augmented_assignment_expression') {
      const op = (n.field('operator')?.text() ?? '+=').replace(/=$/, '');
      out.push({ k: 'assign', target: this.target(n.field('left')), value: this.exprOr(n.field('right'), l), op: op === '??' || op === '||' || op === '&&' ? '+' : op, line: l, text: n.text() });
      return;
    }
    if (n.kind() === 'sequence_expression') {
      for (const c of named(n)) this.exprStmt(c, out);
      return;
    }
    out.push({ k: 'expr', e: this.expr(n), line: l });
  }

  /** module.exports = x / exports.f = x / module.exports.f = x as module variables. */
  private exportTarget(left: SgNode | null): Target | undefined {
    const text = left?.text() ?? '';
    if (text === 'module.exports') return { k: 'name', id: 'default' };
    const m = /^(?:module\.)?exports\.([A-Za-z_$][\w$]*)$/.exec(text);
    return m ? { k: 'name', id: m[1] as string } : undefined;
  }

  private exportStmt(n: SgNode, out: Stmt[]): void {
    const decl = n.field('declaration');
    const isDefault = n.children().some((c) => c.kind() === 'default');
    if (decl) {
      this.stmt(decl, out);
      const name = decl.field('name')?.text();
      if (isDefault && name) out.push({ k: 'assign', target: { k: 'name', id: 'default' }, value: { k: 'name', id: name, line: line(n) }, line: line(n), text: '' });
      return;
    }
    const value = n.field('value') ?? named(n).find((c) => c.kind() !== 'export_clause' && c.kind() !== 'string');
    if (isDefault && value) out.push({ k: 'assign', target: { k: 'name', id: 'default' }, value: this.expr(value), line: line(n), text: '' });
    const source = n.field('source');
    const clause = named(n).find((c) => c.kind() === 'export_clause');
    if (source && clause) {
      // export { a as b } from './x'
      const names = named(clause).map((s) => ({ name: s.field('name')?.text() ?? '', as: s.field('alias')?.text() ?? s.field('name')?.text() ?? '' }));
      out.push({ k: 'import', module: stringValue(source), names, line: line(n) });
    }
  }

  private importStmt(n: SgNode): Stmt {
    const source = n.field('source');
    const names: { name: string; as: string }[] = [];
    let as: string | undefined;
    const clause = named(n).find((c) => c.kind() === 'import_clause');
    for (const c of clause ? named(clause) : []) {
      if (c.kind() === 'identifier') names.push({ name: 'default', as: c.text() });
      else if (c.kind() === 'namespace_import') as = named(c)[0]?.text();
      else if (c.kind() === 'named_imports')
        for (const s of named(c)) {
          if (s.kind() !== 'import_specifier') continue;
          const name = s.field('name')?.text() ?? '';
          names.push({ name, as: s.field('alias')?.text() ?? name });
        }
    }
    return { k: 'import', module: source ? stringValue(source) : '', names, as, line: line(n) };
  }

  private switchStmt(n: SgNode): Stmt {
    const body = n.field('body');
    const raw = (body ? named(body) : []).filter((c) => c.kind() === 'switch_case' || c.kind() === 'switch_default');
    const bodies = raw.map((c) => named(c).filter((x) => x !== c.field('value')).flatMap((s) => this.block(s)));
    // fall-through: a case without break continues into the next case's statements
    const cases = raw.map((c, i) => {
      const stmts: Stmt[] = [];
      for (let j = i; j < bodies.length; j++) {
        const b = bodies[j] as Stmt[];
        const brk = b.findIndex((s) => s.k === 'exit' && s.kind === 'break');
        if (brk >= 0) {
          stmts.push(...b.slice(0, brk));
          break;
        }
        stmts.push(...b);
        if (b.some((s) => s.k === 'return' || (s.k === 'exit' && s.kind !== 'continue'))) break;
      }
      const value = c.field('value');
      return { tests: c.kind() === 'switch_default' || !value ? null : [this.expr(value)], body: stmts };
    });
    return { k: 'switch', subject: this.exprOr(n.field('value'), line(n)), cases, line: line(n) };
  }

  private classDecl(n: SgNode): Stmt {
    const name = n.field('name')?.text() ?? '';
    const heritage = named(n).find((c) => c.kind() === 'class_heritage');
    const bases = heritage ? named(heritage).flatMap((h) => (h.kind() === 'extends_clause' ? named(h).slice(0, 1) : [h])).map((b) => this.expr(b)) : [];
    const body: Stmt[] = [];
    const fieldDecorators: { name: string; decorators: string[] }[] = [];
    for (const m of named(n.field('body') ?? n)) {
      if ((m.kind() === 'field_definition' || m.kind() === 'public_field_definition') && !/^(static|declare)\b/.test(m.text())) {
        const key = m.field('property') ?? m.field('name');
        const value = m.field('value');
        if (key?.kind() === 'property_identifier' && value) body.push({ k: 'assign', target: { k: 'name', id: key.text() }, value: this.expr(value), line: line(m), text: m.text() });
        const decorators = m.children().filter((c) => c.kind() === 'decorator').map((d) => d.text().replace(/^@\s*/, ''));
        if (key?.kind() === 'property_identifier' && decorators.length) fieldDecorators.push({ name: key.text(), decorators });
        continue;
      }
      if (m.kind() !== 'method_definition') continue;
      const fn = this.func(m);
      fn.className = name;
      body.push({ k: 'def', fn, line: line(m) });
    }
    return { k: 'class', name, bases, body, line: line(n), ...(fieldDecorators.length ? { fieldDecorators } : {}) };
  }

  func(n: SgNode): FuncIR {
    const l = line(n);
    const params: Param[] = [];
    const ps = n.field('parameters') ?? n.field('parameter');
    if (ps?.kind() === 'identifier') params.push({ name: ps.text() });
    else for (const p of ps ? named(ps) : []) params.push(this.param(p));
    const bodyNode = n.field('body');
    const isExprBody = bodyNode && bodyNode.kind() !== 'statement_block';
    const body: Stmt[] = isExprBody ? [{ k: 'return', e: this.expr(bodyNode), line: line(bodyNode) }] : this.block(bodyNode);
    // destructured parameters: bind the pattern from a synthetic parameter
    params.forEach((p, i) => {
      if (p.name.startsWith('{') || p.name.startsWith('[')) {
        const pattern = ps ? named(ps)[i] : undefined;
        const patNode = pattern?.kind() === 'required_parameter' || pattern?.kind() === 'optional_parameter' ? (pattern.field('pattern') ?? named(pattern)[0]) : pattern;
        const synthetic = `$param${i}`;
        body.unshift({ k: 'assign', target: this.target(patNode ?? null), value: { k: 'name', id: synthetic, line: l }, line: l, text: p.name });
        p.name = synthetic;
      }
    });
    const arrow = n.kind() === 'arrow_function';
    const returns = n.field('return_type')?.text();
    return { name: n.field('name')?.text() ?? '<anonymous>', params, body, decorators: [], line: l, file: this.file, isLambda: !!isExprBody, ...(arrow ? { arrow } : {}), ...(returns ? { returns } : {}), id: `${this.file}#${l}:${this.seq++}` };
  }

  private param(p: SgNode): Param {
    switch (p.kind()) {
      case 'identifier':
        return { name: p.text() };
      case 'required_parameter':
      case 'optional_parameter': {
        const pat = p.field('pattern') ?? named(p)[0];
        const value = p.field('value');
        const inner = pat?.kind() === 'rest_pattern' ? named(pat)[0] : pat;
        const decorator = p.children().find((c) => c.kind() === 'decorator')?.text().replace(/^@\s*/, '');
        const property = p.children().some((c) => c.kind() === 'accessibility_modifier' || c.kind() === 'readonly');
        return { name: inner?.text() ?? '', annotation: p.field('type')?.text(), default: value ? this.expr(value) : undefined, rest: pat?.kind() === 'rest_pattern', ...(decorator ? { decorator } : {}), ...(property ? { property: true as const } : {}) };
      }
      case 'assignment_pattern': {
        const value = p.field('right');
        return { name: p.field('left')?.text() ?? '', default: value ? this.expr(value) : undefined };
      }
      case 'rest_pattern':
        return { name: named(p)[0]?.text() ?? '', rest: true };
      default:
        return { name: p.text() };
    }
  }

  target(n: SgNode | null): Target {
    if (!n) return { k: 'none' };
    switch (n.kind()) {
      case 'identifier':
      case 'shorthand_property_identifier_pattern':
        return { k: 'name', id: n.text() };
      case 'member_expression':
        return { k: 'attr', obj: this.exprOr(n.field('object'), this.cur), name: n.field('property')?.text() ?? '' };
      case 'subscript_expression': {
        const idx = n.field('index');
        return { k: 'index', obj: this.exprOr(n.field('object'), this.cur), index: idx ? this.expr(idx) : null };
      }
      case 'array_pattern':
        return { k: 'tuple', elems: named(n).map((c) => this.target(c)) };
      case 'object_pattern': {
        const props: { key: string; target: Target }[] = [];
        for (const c of named(n)) {
          if (c.kind() === 'shorthand_property_identifier_pattern') props.push({ key: c.text(), target: { k: 'name', id: c.text() } });
          else if (c.kind() === 'pair_pattern') props.push({ key: propName(c.field('key')), target: this.target(c.field('value')) });
          else if (c.kind() === 'object_assignment_pattern') {
            const left = c.field('left');
            props.push({ key: left?.text() ?? '', target: this.target(left) });
          }
        }
        return { k: 'object', props };
      }
      case 'assignment_pattern':
        return this.target(n.field('left'));
      case 'rest_pattern':
      case 'parenthesized_expression':
      case 'non_null_expression':
        return this.target(named(n)[0] ?? null);
      default:
        return { k: 'none' };
    }
  }

  private exprOr(n: SgNode | null | undefined, l: number): Expr {
    return n ? this.expr(n) : UNKNOWN(l);
  }

  expr(n: SgNode): Expr {
    const l = this.cur;
    const kind = String(n.kind());
    if (TRANSPARENT.has(kind)) return this.exprOr(named(n)[0], l);
    if (FUNC_KINDS.has(kind)) return { k: 'func', fn: this.func(n), line: l };
    switch (kind) {
      case 'identifier':
      case 'shorthand_property_identifier':
        return kind === 'identifier' && n.text() === 'undefined' ? { k: 'const', v: null, line: l } : { k: 'name', id: n.text(), line: l };
      case 'this':
        return { k: 'name', id: 'this', line: l };
      case 'member_expression': {
        // a plain dotted name (`req.query.id`) is built from its text: one native call for the chain
        const dotted = dottedChain(n.text(), l);
        if (dotted && !/^this\./.test(n.text())) return dotted;
        return { k: 'attr', obj: this.exprOr(n.field('object'), l), name: n.field('property')?.text() ?? '', line: l };
      }
      case 'subscript_expression': {
        const idx = n.field('index');
        return { k: 'index', obj: this.exprOr(n.field('object'), l), index: idx ? this.expr(idx) : null, line: l };
      }
      case 'call_expression':
      case 'new_expression':
        return this.call(n);
      case 'string':
        return { k: 'const', v: stringValue(n), line: l };
      case 'template_string':
        return this.template(n);
      case 'number': {
        const v = Number(n.text().replace(/_/g, ''));
        return Number.isFinite(v) ? { k: 'const', v, line: l } : UNKNOWN(l);
      }
      case 'true':
      case 'false':
        return { k: 'const', v: kind === 'true', line: l };
      case 'null':
      case 'undefined':
        return { k: 'const', v: null, line: l };
      case 'regex':
        return { k: 'const', v: n.text(), line: l };
      case 'binary_expression':
        return this.binary(n);
      case 'unary_expression':
        return { k: 'unary', op: n.field('operator')?.text() ?? '!', arg: this.exprOr(n.field('argument'), l), line: l };
      case 'update_expression':
        return UNKNOWN(l);
      case 'ternary_expression':
        return { k: 'cond', test: this.exprOr(n.field('condition'), l), then: this.exprOr(n.field('consequence'), l), else: this.exprOr(n.field('alternative'), l), line: l };
      case 'assignment_expression':
        return this.exprOr(n.field('right'), l);
      case 'array':
        return { k: 'list', elems: named(n).map((c) => this.expr(c)), line: l };
      case 'object':
        return this.object(n);
      case 'sequence_expression':
        return this.exprOr(named(n).at(-1), l);
      default:
        // jsx, class expressions, tagged/other forms: keep the taint of every part
        return UNKNOWN(l, named(n).filter((c) => !String(c.kind()).startsWith('type')).map((c) => this.expr(c)));
    }
  }

  private binary(n: SgNode): Expr {
    const l = this.cur;
    const op = n.field('operator')?.text() ?? '+';
    const left = this.exprOr(n.field('left'), l);
    const right = this.exprOr(n.field('right'), l);
    if (op === '&&' || op === '||') return { k: 'logic', op: op === '&&' ? 'and' : 'or', left, right, line: l };
    if (op === '??') return { k: 'logic', op: 'coalesce', left, right, line: l };
    if (/^(===?|!==?|<=?|>=?|instanceof)$/.test(op)) return { k: 'compare', op, left, right, line: l };
    // `k in TYPES` holds only for a key of that object: an own key or an inherited one (constructor, __proto__),
    // identifier-like either way, so where it holds k carries nothing a sink interprets (guards.ts, as Python's `in`)
    if (op === 'in') return { k: 'compare', op: 'in', left, right, line: l };
    return { k: 'bin', op, left, right, line: l };
  }

  private object(n: SgNode): Expr {
    const l = this.cur;
    const entries: { key: Expr | null; value: Expr }[] = [];
    for (const c of named(n)) {
      if (c.kind() === 'pair') {
        const keyNode = c.field('key');
        const key: Expr = keyNode?.kind() === 'computed_property_name' ? this.exprOr(named(keyNode)[0], l) : { k: 'const', v: propName(keyNode), line: l };
        entries.push({ key, value: this.exprOr(c.field('value'), l) });
      } else if (c.kind() === 'shorthand_property_identifier') entries.push({ key: { k: 'const', v: c.text(), line: l }, value: { k: 'name', id: c.text(), line: l } });
      else if (c.kind() === 'method_definition') entries.push({ key: { k: 'const', v: propName(c.field('name')), line: l }, value: { k: 'func', fn: this.func(c), line: l } });
      else if (c.kind() === 'spread_element') entries.push({ key: null, value: this.exprOr(named(c)[0], l) });
    }
    return { k: 'dict', entries, line: l };
  }

  private call(n: SgNode): Expr {
    const l = line(n);
    const saved = this.cur;
    this.cur = l;
    try {
      return this.callAt(n, l);
    } finally {
      this.cur = saved;
    }
  }

  private callAt(n: SgNode, l: number): Expr {
    const isNew = n.kind() === 'new_expression';
    const callee = this.exprOr(n.field(isNew ? 'constructor' : 'function'), l);
    const argNode = n.field('arguments');
    const text = n.text();
    const short = text.length > 120 ? `${text.slice(0, 117)}...` : text;
    if (argNode?.kind() === 'template_string') {
      // tagged template (sql`...${x}`): the tag receives values separately, like a parameterized query
      return { k: 'call', callee, args: [{ k: 'const', v: '', line: l }], kwargs: [], line: l, text: short, isNew };
    }
    const argNodes = argNode ? namedNoComments(argNode) : [];
    const args = argNodes.map((a) => this.expr(a));
    // `f(a, ...rest)`: the interpreter spreads an array of known positions into arguments (spreadLast)
    const spreadLast = argNodes.at(-1)?.kind() === 'spread_element' ? { spreadLast: true as const } : {};
    return { k: 'call', callee, args, kwargs: [], isNew, line: l, text: short, ...spreadLast };
  }

  private template(n: SgNode): Expr {
    const l = this.cur;
    const parts: Expr[] = [];
    let dynamic = false;
    for (const c of n.children()) {
      if (c.kind() === 'string_fragment' || c.kind() === 'escape_sequence') parts.push({ k: 'const', v: c.text(), line: l });
      else if (c.kind() === 'template_substitution') {
        dynamic = true;
        parts.push(this.exprOr(named(c)[0], l));
      }
    }
    if (!dynamic) return { k: 'const', v: parts.map((p) => (p.k === 'const' ? String(p.v) : '')).join(''), line: l };
    return { k: 'concat', parts, line: l };
  }
}

function propName(n: SgNode | null): string {
  if (!n) return '';
  return n.kind() === 'string' ? stringValue(n) : n.text();
}

/** A string literal's value from its text (one native call instead of a child walk). */
function stringValue(n: SgNode): string {
  const text = n.text();
  const body = /^(['"])([\s\S]*)\1$/.exec(text)?.[2] ?? text;
  return body.replace(/\\(.)/g, (_all, c: string) => ({ n: '\n', t: '\t', r: '\r', '0': '\0' })[c] ?? c);
}
