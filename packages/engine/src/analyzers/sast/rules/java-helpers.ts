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

/** The argument reads request data, directly or through a local assigned from the request in this method. */
export function javaRequestDerived(arg: SgNode | undefined): boolean {
  if (!arg) return false;
  if (REQUEST_READ.test(arg.text())) return true;
  const names = new Set(arg.kind() as string === 'identifier' ? [arg.text()] : arg.findAll({ rule: { kind: 'identifier' } }).map((i) => i.text()));
  if (names.size === 0) return false;
  const scope = enclosingScope(arg);
  for (const d of scope.findAll({ rule: { kind: 'variable_declarator' } })) {
    if (names.has(d.field('name')?.text() ?? '') && REQUEST_READ.test(d.field('value')?.text() ?? '')) return true;
  }
  for (const a of scope.findAll({ rule: { kind: 'assignment_expression' } })) {
    if (names.has(a.field('left')?.text() ?? '') && REQUEST_READ.test(a.field('right')?.text() ?? '')) return true;
  }
  return false;
}
