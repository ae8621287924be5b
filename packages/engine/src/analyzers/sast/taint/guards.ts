// Validation guards: which variables a condition proves safe on the branch where it has a given truth value.
// `if x not in ALLOWED: return` cleans x after the if; `if x.startswith(BASE):` cleans x inside it;
// `if '..' in x: return` makes x safe for paths only. A deny-list (`if x in BLOCKED: return`) proves nothing.
import type { Expr } from './ir';
import type { SinkKind } from './value';

export interface Validated {
  name: string;
  kinds: 'all' | SinkKind[];
  /**
   * The attribute path the test was about (`req.params.theme`), when it was one: the interpreter refines that
   * path, since cleaning the base variable (`req`, a request object that carries no taint itself) proves nothing.
   */
  path?: Expr;
}

// a name without a separator is one path component: it cannot leave the folder it is joined to
const TRAVERSAL = /^(\.\.|\.\.\/|\.\.\\|\/\.\.|\/|\\)$/;
type CallExpr = Extract<Expr, { k: 'call' }>;

/** The variable a tested expression is about: `x`, `x.lower()`, `str(x)`, `url.netloc`, `len(x)`. */
export function subjectOf(e: Expr): string | undefined {
  switch (e.k) {
    case 'name':
      return e.id;
    case 'attr':
    case 'index':
      return subjectOf(e.obj);
    case 'call':
      if (e.callee.k === 'attr') return subjectOf(e.callee.obj);
      return e.args.length === 1 ? subjectOf(e.args[0] as Expr) : undefined;
    default:
      return undefined;
  }
}

/** Separator of attribute-path keys in an environment; no identifier contains it. */
const PATH_SEP = '\u0001';
/**
 * Environment key set on the branch where the request proved it carries the operator's secret
 * (`if (token !== process.env.INTERNAL_API_KEY) return 401`): request data read there is the operator's input.
 */
export const TRUSTED_REQUEST = `${PATH_SEP}trusted-request`;

/** Key of a pure attribute path rooted at a variable (`req.params.theme`, `request.form['name']`), else undefined. */
export function pathKey(e: Expr): string | undefined {
  if (e.k === 'attr') {
    const base = e.obj.k === 'name' ? e.obj.id : pathKey(e.obj);
    return base === undefined ? undefined : `${base}${PATH_SEP}${e.name}`;
  }
  if (e.k === 'index' && e.index?.k === 'const' && typeof e.index.v === 'string' && !e.slice) {
    const base = e.obj.k === 'name' ? e.obj.id : pathKey(e.obj);
    return base === undefined ? undefined : `${base}${PATH_SEP}${e.index.v}`;
  }
  return undefined;
}

export const isPathKey = (k: string): boolean => k.includes(PATH_SEP);
/** Prefix of every path key rooted at a variable: assigning the variable invalidates them. */
export const pathPrefix = (name: string): string => `${name}${PATH_SEP}`;

/** The innermost attribute path a tested expression is about (`req.params.theme.trim()` -> `req.params.theme`). */
function subjectPath(e: Expr): Expr | undefined {
  switch (e.k) {
    case 'attr':
    case 'index':
      return pathKey(e) ? e : subjectPath(e.obj);
    case 'call':
      if (e.callee.k === 'attr') return subjectPath(e.callee.obj);
      return e.args.length === 1 ? subjectPath(e.args[0] as Expr) : undefined;
    default:
      return undefined;
  }
}

/** What a guard proves about its subject expression: the variable and, when there is one, the attribute path. */
function about(e: Expr, kinds: Validated['kinds']): Validated[] {
  const name = subjectOf(e);
  if (!name) return [];
  const path = subjectPath(e);
  return [path ? { name, kinds, path } : { name, kinds }];
}

const isConstLike = (e: Expr): boolean => e.k === 'const' || (e.k === 'name' && /^[A-Z][A-Z0-9_]*$/.test(e.id));

export function validatedBy(
  e: Expr,
  polarity: boolean,
  validatorOf: (call: CallExpr) => Expr | undefined,
  isTainted: (e: Expr) => boolean,
  isOperatorSecret: (e: Expr) => boolean = () => false,
): Validated[] {
  switch (e.k) {
    case 'unary':
      return e.op === 'not' || e.op === '!' ? validatedBy(e.arg, !polarity, validatorOf, isTainted, isOperatorSecret) : [];
    case 'logic':
      if (e.op === 'and' && polarity) return [...validatedBy(e.left, true, validatorOf, isTainted, isOperatorSecret), ...validatedBy(e.right, true, validatorOf, isTainted, isOperatorSecret)];
      if (e.op === 'or' && !polarity) return [...validatedBy(e.left, false, validatorOf, isTainted, isOperatorSecret), ...validatedBy(e.right, false, validatorOf, isTainted, isOperatorSecret)];
      return [];
    case 'compare': {
      const eq = e.op === '==' || e.op === '===';
      const ne = e.op === '!=' || e.op === '!==';
      // the request's token equals the operator's secret: the caller is the operator's own service
      const secret = (eq && polarity) || (ne && !polarity) ? (isOperatorSecret(e.right) && isTainted(e.left)) || (isOperatorSecret(e.left) && isTainted(e.right)) : false;
      return [...compareGuard(e, polarity, isTainted), ...(secret ? [{ name: TRUSTED_REQUEST, kinds: 'all' as const }] : [])];
    }
    case 'call': {
      if (!polarity) return [];
      const subject = validatorOf(e);
      return subject ? about(subject, 'all') : [];
    }
    default:
      return [];
  }
}

function compareGuard(e: Extract<Expr, { k: 'compare' }>, polarity: boolean, isTainted: (e: Expr) => boolean): Validated[] {
  const { op, left, right } = e;
  if (op === 'in' || op === 'not in') {
    const holds = (op === 'in') === polarity;
    // '..' in x  -> when it does NOT hold, x has no traversal sequence
    if (left.k === 'const' && typeof left.v === 'string' && TRAVERSAL.test(left.v)) {
      return !holds ? about(right, ['path']) : [];
    }
    // "'" in x -> when it does NOT hold, x cannot close a quoted XPath literal
    if (left.k === 'const' && (left.v === "'" || left.v === '"')) {
      return !holds ? about(right, ['xpath']) : [];
    }
    // x in ALLOWED -> when it holds, x is one of the allowed values
    return holds && !isTainted(right) && left.k !== 'const' ? about(left, 'all') : [];
  }
  const eq = op === '==' || op === '===' || op === 'is';
  const ne = op === '!=' || op === '!==' || op === 'is not';
  if ((eq && polarity) || (ne && !polarity)) {
    const typed = typeofGuard(left, right) ?? typeofGuard(right, left);
    if (typed) return typed;
    if (isConstLike(right) && !isConstLike(left)) return about(left, 'all');
    if (isConstLike(left) && !isConstLike(right)) return about(right, 'all');
    // x equal to a value the server computed (a MAC, an expected path): x is that value
    if (!isTainted(right) && isTainted(left)) return about(left, 'all');
    if (!isTainted(left) && isTainted(right)) return about(right, 'all');
  }
  return [];
}

/** `typeof x === 'string'` proves x is no object (no query operators); 'number' and 'boolean' prove it clean. */
function typeofGuard(typeOf: Expr, type: Expr): Validated[] | undefined {
  if (typeOf.k !== 'unary' || typeOf.op !== 'typeof' || type.k !== 'const') return undefined;
  if (!subjectOf(typeOf.arg)) return [];
  if (type.v === 'string') return about(typeOf.arg, ['nosql']);
  return type.v === 'number' || type.v === 'boolean' ? about(typeOf.arg, 'all') : [];
}
