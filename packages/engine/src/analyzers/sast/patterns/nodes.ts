// Small, language-aware questions about ast-grep nodes that rule predicates share.
import type { SgNode } from '@ast-grep/napi';

const STRING_KINDS = new Set(['string', 'string_literal', 'template_string', 'concatenated_string']);

/** A string literal with no interpolation (f-string fields, template substitutions). */
export function isStaticString(node: SgNode | null | undefined): boolean {
  if (!node) return false;
  const kind = node.kind() as string;
  if (kind === 'concatenated_string') return node.children().every((c) => !c.isNamed() || isStaticString(c));
  if (kind === 'parenthesized_expression') return node.children().some((c) => c.isNamed() && isStaticString(c));
  if (!STRING_KINDS.has(kind)) return false;
  return !node.children().some((c) => c.kind() as string === 'interpolation' || c.kind() as string === 'template_substitution');
}

/** Literal constants: static strings, numbers, booleans, None/null. */
export function isConstant(node: SgNode | null | undefined): boolean {
  if (!node) return false;
  if (isStaticString(node)) return true;
  return /^(integer|float|number|decimal_integer_literal|decimal_floating_point_literal|true|false|none|null|null_literal|undefined)$/.test(
    node.kind() as string,
  );
}

/** The text inside a static string literal, with escapes of non-raw strings folded (good enough for regexes). */
export function stringValue(node: SgNode): string {
  const text = node.text();
  if (node.kind() as string === 'concatenated_string') {
    return node
      .children()
      .filter((c) => c.isNamed())
      .map(stringValue)
      .join('');
  }
  const m = /^([rRbBuU]{0,2})("""|'''|"|'|`)([\s\S]*)\2$/.exec(text);
  if (!m) return text;
  const raw = /r/i.test(m[1] ?? '');
  const body = m[3] ?? '';
  return raw ? body : body.replace(/\\(.)/g, (_, c: string) => (c === '\\' ? '\\' : c === 'n' ? '\n' : c === 't' ? '\t' : `\\${c}`));
}

/** Named argument nodes of a call (Python argument_list, JS arguments, Java argument_list). */
export function callArgs(call: SgNode): SgNode[] {
  const args = call.field('arguments');
  if (!args) return [];
  return args.children().filter((c) => c.isNamed() && c.kind() as string !== 'comment');
}

/** Positional arguments (no keyword arguments or splats). */
export function positionalArgs(call: SgNode): SgNode[] {
  return callArgs(call).filter((a) => !/^(keyword_argument|list_splat|dictionary_splat)$/.test(a.kind() as string));
}

/** Python keyword argument value by name. */
export function kwarg(call: SgNode, name: string): SgNode | null {
  for (const a of callArgs(call)) {
    if (a.kind() as string === 'keyword_argument' && a.field('name')?.text() === name) return a.field('value');
  }
  return null;
}

/** True when the call passes `**something` (keyword values we cannot see). */
export function hasKwSplat(call: SgNode): boolean {
  return callArgs(call).some((a) => a.kind() as string === 'dictionary_splat');
}

/** Value of a property in a JS object literal, by key name. */
export function objectProp(obj: SgNode | null | undefined, name: string): SgNode | null {
  if (!obj || obj.kind() as string !== 'object') return null;
  for (const p of obj.children()) {
    if (p.kind() as string === 'shorthand_property_identifier' && p.text() === name) return p;
    if (p.kind() as string !== 'pair') continue;
    const key = p.field('key');
    const k = key ? key.text().replace(/^['"`]|['"`]$/g, '') : '';
    if (k === name) return p.field('value');
  }
  return null;
}

/** The innermost enclosing function (or the whole file) — the scope our "nearby" heuristics read. */
export function enclosingScope(node: SgNode): SgNode {
  let last = node;
  for (const a of node.ancestors()) {
    if (/^(function_definition|function_declaration|function_expression|arrow_function|method_definition|method_declaration|constructor_declaration|lambda_expression)$/.test(a.kind() as string)) {
      return a;
    }
    last = a;
  }
  return last;
}

/** The whole file the node belongs to (its outermost ancestor). */
export function fileNode(node: SgNode): SgNode {
  let last = node;
  for (const a of node.ancestors()) last = a;
  return last;
}

/** The enclosing class (Java) or the file. */
export function enclosingClass(node: SgNode): SgNode {
  let last = node;
  for (const a of node.ancestors()) {
    if (a.kind() as string === 'class_declaration' || a.kind() as string === 'class_definition') return a;
    last = a;
  }
  return last;
}

export function lowerText(node: SgNode | null | undefined): string {
  return node ? node.text().toLowerCase() : '';
}

/** Descendants (and the node itself) whose kind is in `kinds`; a plain walk, so kinds need not exist in every grammar. */
export function descendantsOfKind(node: SgNode, kinds: ReadonlySet<string>): SgNode[] {
  const out: SgNode[] = [];
  const stack = [node];
  while (stack.length) {
    const n = stack.pop()!;
    if (kinds.has(n.kind() as string)) out.push(n);
    stack.push(...n.children());
  }
  return out;
}

const BINDINGS = new Set(['variable_declarator', 'assignment', 'assignment_expression']);

/**
 * The value an identifier was given in the enclosing function when it is bound exactly once there
 * (`String alg = "DES"; Cipher.getInstance(alg)`); otherwise the node itself.
 */
export function resolveLocal(node: SgNode | null | undefined): SgNode | null | undefined {
  if (!node || (node.kind() as string) !== 'identifier') return node;
  const name = node.text();
  const values: (SgNode | null)[] = [];
  for (const b of descendantsOfKind(enclosingScope(node), BINDINGS)) {
    const target = b.field('name') ?? b.field('left');
    if (target?.text() === name) values.push(b.field('value') ?? b.field('right'));
  }
  return values.length === 1 && values[0] ? values[0] : node;
}

/** A Python string built from parts: an f-string with interpolations, `+`/`%` of non-constants, or `.format(...)`. */
export function pyBuilt(node: SgNode | null | undefined): boolean {
  if (!node) return false;
  const k = node.kind() as string;
  // `q = ("SELECT ..." % (a, b))`: a statement wrapped over several lines
  if (k === 'parenthesized_expression') return pyBuilt(node.children().find((c) => c.isNamed()));
  if (k === 'string') return node.children().some((c) => (c.kind() as string) === 'interpolation');
  if (k === 'binary_operator') return /^(\+|%)$/.test(node.field('operator')?.text() ?? '') && !isConstant(node);
  if (k === 'call') return /\.format$/.test(node.field('function')?.text() ?? '');
  return false;
}

/** Source text of a node without its comments (a commented-out call or a comment naming a fix is not code). */
export function codeText(node: SgNode): string {
  let text = node.text();
  for (const c of node.findAll({ rule: { kind: 'comment' } })) text = text.replace(c.text(), '');
  return text;
}

/** A test that holds only in development: Vite's import.meta.env.DEV, `NODE_ENV !== 'production'`, an isDev flag. */
const DEV_TEST = /import\.meta\.env\.DEV\b|\b__DEV__\b|\bis_?dev(elopment)?(_?mode)?\b|NODE_ENV\s*(===?\s*['"`](development|dev|test)['"`]|!==?\s*['"`]production['"`])|['"`](development|dev)['"`]\s*===?\s*process\.env\.NODE_ENV|\bapp\.get\(\s*['"]env['"]\s*\)\s*===?\s*['"]development['"]|^\s*\(?\s*(\w+\.)*debug\s*\)?\s*$/i;
/** A test that holds only in production (its else branch is development). */
const PROD_TEST = /import\.meta\.env\.PROD\b|\bis_?prod(uction)?\b|NODE_ENV\s*===?\s*['"`]production['"`]|['"`]production['"`]\s*===?\s*process\.env\.NODE_ENV/i;

/**
 * The node runs only in development: inside the branch of an if statement, a conditional expression or an `&&` that a
 * development test guards (or the else of a production test), within its function. Code that ships to production
 * under such a guard never runs there.
 */
export function developmentBranch(node: SgNode): boolean {
  const at = node.range().start.index;
  const inside = (n: SgNode | null | undefined) => !!n && n.range().start.index <= at && at < n.range().end.index;
  for (const a of node.ancestors()) {
    const k = a.kind() as string;
    if (/^(function_declaration|function_expression|arrow_function|method_definition|function_definition)$/.test(k)) break;
    const test = a.field('condition')?.text() ?? (k === 'binary_expression' && a.field('operator')?.text() === '&&' ? a.field('left')?.text() : undefined);
    if (test === undefined) continue;
    const taken = k === 'binary_expression' ? inside(a.field('right')) : inside(a.field('consequence')) || inside(a.field('body'));
    const other = inside(a.field('alternative'));
    if (taken && DEV_TEST.test(test)) return true;
    if (other && PROD_TEST.test(test) && !DEV_TEST.test(test)) return true;
  }
  return false;
}
