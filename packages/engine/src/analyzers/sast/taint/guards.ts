// Validation guards: which variables a condition proves safe on the branch where it has a given truth value.
// `if x not in ALLOWED: return` cleans x after the if; `if x.startswith(BASE):` cleans x inside it;
// `if '..' in x: return` makes x safe for paths only. A deny-list (`if x in BLOCKED: return`) proves nothing.
import type { Expr } from './ir';
import type { SinkKind } from './value';

export interface Validated {
  name: string;
  kinds: 'all' | SinkKind[];
}

const TRAVERSAL = /^(\.\.|\.\.\/|\.\.\\|\/\.\.)$/;
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

const isConstLike = (e: Expr): boolean => e.k === 'const' || (e.k === 'name' && /^[A-Z][A-Z0-9_]*$/.test(e.id));

export function validatedBy(
  e: Expr,
  polarity: boolean,
  validatorOf: (call: CallExpr) => Expr | undefined,
  isTainted: (e: Expr) => boolean,
): Validated[] {
  switch (e.k) {
    case 'unary':
      return e.op === 'not' || e.op === '!' ? validatedBy(e.arg, !polarity, validatorOf, isTainted) : [];
    case 'logic':
      if (e.op === 'and' && polarity) return [...validatedBy(e.left, true, validatorOf, isTainted), ...validatedBy(e.right, true, validatorOf, isTainted)];
      if (e.op === 'or' && !polarity) return [...validatedBy(e.left, false, validatorOf, isTainted), ...validatedBy(e.right, false, validatorOf, isTainted)];
      return [];
    case 'compare':
      return compareGuard(e, polarity, isTainted);
    case 'call': {
      if (!polarity) return [];
      const subject = validatorOf(e);
      const name = subject ? subjectOf(subject) : undefined;
      return name ? [{ name, kinds: 'all' }] : [];
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
      const name = subjectOf(right);
      return !holds && name ? [{ name, kinds: ['path'] }] : [];
    }
    // "'" in x -> when it does NOT hold, x cannot close a quoted XPath literal
    if (left.k === 'const' && (left.v === "'" || left.v === '"')) {
      const name = subjectOf(right);
      return !holds && name ? [{ name, kinds: ['xpath'] }] : [];
    }
    // x in ALLOWED -> when it holds, x is one of the allowed values
    const name = subjectOf(left);
    return holds && name && !isTainted(right) && left.k !== 'const' ? [{ name, kinds: 'all' }] : [];
  }
  const eq = op === '==' || op === '===' || op === 'is';
  const ne = op === '!=' || op === '!==' || op === 'is not';
  if ((eq && polarity) || (ne && !polarity)) {
    const typed = typeofGuard(left, right) ?? typeofGuard(right, left);
    if (typed) return typed;
    if (isConstLike(right) && !isConstLike(left)) {
      const name = subjectOf(left);
      return name ? [{ name, kinds: 'all' }] : [];
    }
    if (isConstLike(left) && !isConstLike(right)) {
      const name = subjectOf(right);
      return name ? [{ name, kinds: 'all' }] : [];
    }
    // x equal to a value the server computed (a MAC, an expected path): x is that value
    if (!isTainted(right) && isTainted(left)) {
      const name = subjectOf(left);
      return name ? [{ name, kinds: 'all' }] : [];
    }
    if (!isTainted(left) && isTainted(right)) {
      const name = subjectOf(right);
      return name ? [{ name, kinds: 'all' }] : [];
    }
  }
  return [];
}

/** `typeof x === 'string'` proves x is no object (no query operators); 'number' and 'boolean' prove it clean. */
function typeofGuard(typeOf: Expr, type: Expr): Validated[] | undefined {
  if (typeOf.k !== 'unary' || typeOf.op !== 'typeof' || type.k !== 'const') return undefined;
  const name = subjectOf(typeOf.arg);
  if (!name) return [];
  if (type.v === 'string') return [{ name, kinds: ['nosql'] }];
  return type.v === 'number' || type.v === 'boolean' ? [{ name, kinds: 'all' }] : [];
}
