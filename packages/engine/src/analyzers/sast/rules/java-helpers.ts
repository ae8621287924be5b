// Java has no taint engine in the beta ("Java basic"), so Java rules use two local, intra-method signals:
// a string built by concatenation/format with non-constant parts, and a value read straight from the request.
import type { SgNode } from '@ast-grep/napi';
import { descendantsOfKind, enclosingScope, isConstant } from '../patterns/nodes';

const BINARY = new Set(['binary_expression']);

const REQUEST_READ = /\.(getParameter|getParameterValues|getParameterMap|getHeader|getHeaders|getQueryString|getCookies|getInputStream|getReader|getRequestURI|getPathInfo)\s*\(/;
/** UPPER_CASE identifiers are constants by Java convention (table names, fixed fragments). */
const CONSTANT_NAME = /^[A-Z][A-Z0-9_]*$/;

function nonConstantOperand(node: SgNode): boolean {
  if (node.kind() as string === 'binary_expression') {
    return node.children().filter((c) => c.isNamed()).some(nonConstantOperand);
  }
  if (node.kind() as string === 'parenthesized_expression') return node.children().some((c) => c.isNamed() && nonConstantOperand(c));
  if (isConstant(node)) return false;
  if (node.kind() as string === 'identifier' && CONSTANT_NAME.test(node.text())) return false;
  if (node.kind() as string === 'field_access' && CONSTANT_NAME.test(node.field('field')?.text() ?? '')) return false;
  return true;
}

/** `"..." + x`, `String.format("...", x)`, `sb.append(x)...toString()` with a non-constant part. */
function builtExpression(node: SgNode): boolean {
  if (node.kind() as string === 'binary_expression' && node.field('operator')?.text() === '+') {
    return node.children().filter((c) => c.isNamed()).some(nonConstantOperand);
  }
  // { "sh", "-c", "ls " + dir }: an argument array with a built element.
  if (node.kind() as string === 'array_initializer' || node.kind() as string === 'array_creation_expression') {
    return descendantsOfKind(node, BINARY).some(builtExpression);
  }
  if (node.kind() as string === 'method_invocation') {
    const name = node.field('name')?.text();
    const args = node.field('arguments')?.children().filter((c) => c.isNamed()) ?? [];
    if (name === 'format' || name === 'formatted') return args.slice(1).some(nonConstantOperand) || (name === 'formatted' && args.some(nonConstantOperand));
    if (name === 'toString' && /\.append\(/.test(node.text())) return /\.append\(\s*[^")\s]/.test(node.text());
  }
  return false;
}

/** Local variables of the enclosing method that were assigned a built string (or appended to with +=). */
function builtLocals(scope: SgNode): Set<string> {
  const out = new Set<string>();
  for (const d of scope.findAll({ rule: { kind: 'variable_declarator' } })) {
    const value = d.field('value');
    if (value && builtExpression(value)) out.add(d.field('name')?.text() ?? '');
  }
  for (const a of scope.findAll({ rule: { kind: 'assignment_expression' } })) {
    const right = a.field('right');
    const op = a.field('operator')?.text();
    if (!right) continue;
    if ((op === '+=' && nonConstantOperand(right)) || (op === '=' && builtExpression(right))) out.add(a.field('left')?.text() ?? '');
  }
  return out;
}

/** The argument is a string built from non-constant parts, directly or through a local variable. */
export function javaConcatenated(arg: SgNode | undefined): boolean {
  if (!arg) return false;
  if (builtExpression(arg)) return true;
  if (arg.kind() as string === 'identifier') return builtLocals(enclosingScope(arg)).has(arg.text());
  return false;
}

/** Escaping/validation calls that make a request value safe for output or paths (checked on the assigned text). */
const CLEANSED = /(encodeFor\w+|escape\w*|htmlEscape|Encode\.for\w+|sanitize\w*|Integer\.parseInt|Long\.parseLong|UUID\.fromString|FilenameUtils\.getName)\s*\(/;

/**
 * Locals of the enclosing method that hold request data: assigned from a request read, or from another such local
 * (a fixed point over the method's assignments). A small intra-method stand-in for taint, since Java has no taint
 * engine in the beta; values passed through escaping or number parsing are not followed.
 */
function requestLocals(scope: SgNode): Set<string> {
  const bindings: { name: string; value: string }[] = [];
  for (const b of descendantsOfKind(scope, BINDINGS)) {
    const name = (b.field('name') ?? b.field('left'))?.text();
    const value = (b.field('value') ?? b.field('right'))?.text();
    if (name && value) bindings.push({ name, value });
  }
  for (const p of descendantsOfKind(scope, PARAMS)) {
    // for (String v : request.getParameterValues("x")) binds v to request data too.
    const value = p.field('value')?.text();
    const name = p.field('name')?.text();
    if (name && value) bindings.push({ name, value });
  }
  const tainted = new Set<string>();
  for (let changed = true, rounds = 0; changed && rounds < 8; rounds++) {
    changed = false;
    for (const { name, value } of bindings) {
      if (tainted.has(name) || CLEANSED.test(value)) continue;
      if (REQUEST_READ.test(value) || [...tainted].some((t) => new RegExp(`(^|[^\\w.])${t}\\b`).test(value))) {
        tainted.add(name);
        changed = true;
      }
    }
  }
  return tainted;
}

const BINDINGS = new Set(['variable_declarator', 'assignment_expression']);
const PARAMS = new Set(['enhanced_for_statement']);

/** The argument reads request data, directly or through locals assigned from it in this method. */
export function javaRequestDerived(arg: SgNode | undefined): boolean {
  if (!arg) return false;
  const text = arg.text();
  if (CLEANSED.test(text)) return false;
  if (REQUEST_READ.test(text)) return true;
  const names = new Set((arg.kind() as string) === 'identifier' ? [text] : descendantsOfKind(arg, IDENT).map((i) => i.text()));
  if (names.size === 0) return false;
  const tainted = cachedRequestLocals(enclosingScope(arg));
  return [...names].some((n) => tainted.has(n));
}

/** Several sinks in one method share the fixed point; keyed by the method text, bounded. */
const localsCache = new Map<string, Set<string>>();
function cachedRequestLocals(scope: SgNode): Set<string> {
  const key = scope.text();
  let hit = localsCache.get(key);
  if (!hit) {
    if (localsCache.size > 256) localsCache.clear();
    hit = requestLocals(scope);
    localsCache.set(key, hit);
  }
  return hit;
}

const IDENT = new Set(['identifier']);
