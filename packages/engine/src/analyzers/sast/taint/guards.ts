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
  /**
   * The subject only matched a stored record (`row = db.fetchone(..., {"id": x}); if not row: raise`): it equals a
   * value the application stored, which is safe unless such records can hold attacker-chosen text. The interpreter
   * marks its taint `matched` (capped, severity-policy.ts) instead of cleaning it.
   */
  matched?: true;
  /**
   * The check holds unless a server-side condition skips it (`ext in allowed or '' in allowed`, `if config.check and
   * not valid(x): abort`): the other side of the test reads no request data, typically a configuration switch. The
   * interpreter marks the taint `switchable` (capped, severity-policy.ts) instead of cleaning it.
   */
  switchable?: true;
}

/** What a guard needs to know about the values it tests. */
export interface GuardContext {
  /** The subject of a validator call (`re.fullmatch(p, x)` -> x), if the call is one. */
  validatorOf: (call: CallExpr) => Expr | undefined;
  isTainted: (e: Expr) => boolean;
  /** A value that is the operator's own secret (an environment variable). */
  isOperatorSecret?: (e: Expr) => boolean;
  /** What a value proves where it is truthy: a record found by a key, an element found by a predicate. */
  witnessOf?: (e: Expr) => readonly Validated[] | undefined;
  /** A value computed by `path.relative(base, p)` (normalized: a '..' can only lead it). */
  isRelativePath?: (e: Expr) => boolean;
}

/** The qualified name the taint model gives `path.relative(base, p)`'s result (its origin is p). */
export const RELATIVE_PATH = 'path.relative()';

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
    case 'logic':
      // `x or ""`, `x ?? ''`: a fallback constant for a missing value; the test is about x
      return e.op !== 'and' && e.right.k === 'const' ? subjectOf(e.left) : undefined;
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

/** `list.includes(x)`, `set.has(x)`: a membership test against a collection. */
const isMembership = (e: CallExpr): boolean => e.callee.k === 'attr' && (e.callee.name === 'includes' || e.callee.name === 'has');

const isConstLike = (e: Expr): boolean => e.k === 'const' || (e.k === 'name' && /^[A-Z][A-Z0-9_]*$/.test(e.id));

export function validatedBy(e: Expr, polarity: boolean, ctx: GuardContext): Validated[] {
  switch (e.k) {
    case 'name':
    case 'attr':
      // `if not row: raise` / `if (!user) return 404`: on the branch where the value is truthy, what it proves holds;
      // where it is falsy it is empty, zero or null (`if start: start = parse(start)` leaves only '' or None raw)
      // (said only of input: a falsy server-side switch proves nothing about the input it guards)
      return polarity ? [...(ctx.witnessOf?.(e) ?? [])] : ctx.isTainted(e) ? about(e, 'all') : [];
    case 'index':
      // `if (!TYPES[type]) return 404`: where a server object's entry for the key is truthy, the key is one of that
      // object's keys (an own or inherited name), as with `type in TYPES`
      if (polarity && e.index && !e.slice && !ctx.isTainted(e.obj) && ctx.isTainted(e.index) && e.index.k !== 'const') return about(e.index, 'all');
      return [];
    case 'unary':
      return e.op === 'not' || e.op === '!' ? validatedBy(e.arg, !polarity, ctx) : [];
    case 'logic': {
      const literal = quotedLiteral(e, polarity);
      if (literal && ctx.isTainted(literal)) return about(literal, QUOTED_LITERAL_SAFE);
      if (e.op === 'and' && polarity) return [...validatedBy(e.left, true, ctx), ...validatedBy(e.right, true, ctx)];
      if (e.op === 'or' && !polarity) return [...validatedBy(e.left, false, ctx), ...validatedBy(e.right, false, ctx)];
      // `c.isalnum() or c in "-_."`: where either holds, c passed one of two allow-lists: what both prove about it
      if (e.op === 'or' && polarity) return eitherProves(e.left, e.right, true, ctx);
      // not (A and B) is (not A) or (not B)
      if (e.op === 'and' && !polarity) return eitherProves(e.left, e.right, false, ctx);
      return [];
    }
    case 'compare': {
      const eq = e.op === '==' || e.op === '===';
      const ne = e.op === '!=' || e.op === '!==';
      const nullTest = nullTested(e);
      // `if row is None: raise` / `if (user === null) return`: where it is not null, the value is found; where it is
      // null, it holds nothing (`if code is not None: code = str(int(code))` leaves only None raw)
      if (nullTest) return polarity === (ne || e.op === 'is not') ? [...(ctx.witnessOf?.(nullTest) ?? [])] : ctx.isTainted(nullTest) ? about(nullTest, 'all') : [];
      // the request's token equals the operator's secret: the caller is the operator's own service
      const isSecret = ctx.isOperatorSecret ?? (() => false);
      const secret = (eq && polarity) || (ne && !polarity) ? (isSecret(e.right) && ctx.isTainted(e.left)) || (isSecret(e.left) && ctx.isTainted(e.right)) : false;
      return [...compareGuard(e, polarity, ctx.isTainted), ...(secret ? [{ name: TRUSTED_REQUEST, kinds: 'all' as const }] : [])];
    }
    case 'call': {
      // `rel = path.relative(base, p)` does not start with '..': p is inside base (the check validates p, rel's origin)
      if (!polarity) {
        // `if (p.includes('..')) throw`: where it does not hold, p has no traversal sequence (as Python's '..' in p)
        const scanned = searchesForTraversal(e);
        if (scanned && ctx.isTainted(scanned)) return about(scanned, ['path']);
        const rel = climbsOut(e);
        return rel && ctx.isRelativePath?.(rel) ? about(rel, ['path']) : [];
      }
      const found = predicateOf(e);
      if (found && !ctx.isTainted(found.collection)) return validatedBy(found.predicate, true, ctx);
      const subject = ctx.validatorOf(e);
      // `if store.get(uuid):` / `if (await repo.findOne({ id }))`: the lookup tested in place proves what its result would
      if (!subject) return [...(ctx.witnessOf?.(e) ?? [])];
      // `allowed.includes(`${pkg}/${file}`)`: a string built from parts is one of the listed values, so each part is
      // a piece of a listed value
      if (subject.k === 'concat' && isMembership(e)) return subject.parts.flatMap((p) => (p.k === 'const' ? [] : about(p, 'all')));
      const affix = affixKinds(e);
      return about(subject, affix ?? 'all');
    }
    default:
      return [];
  }
}

/**
 * What a prefix or suffix test proves, when the call is one (undefined otherwise): a value that starts with a URL's
 * fixed scheme and host (`https://api.example.com/`) cannot be sent to another host; one that starts with a base the
 * server chose (`p.startsWith(root + sep)`) or a fixed folder (`'/srv/'`) is a containment check of a path, as a URL
 * under a configured origin is. A prefix that ends no host or folder (`'http'`) or a suffix (`.png`) says nothing
 * of the rest: no markup, quote or shell character is excluded by it.
 */
function affixKinds(e: CallExpr): SinkKind[] | undefined {
  if (e.callee.k !== 'attr' || !/^(startsWith|startswith|endsWith|endswith)$/.test(e.callee.name) || e.args.length !== 1) return undefined;
  if (/^ends/.test(e.callee.name)) return [];
  const a = e.args[0] as Expr;
  const consts = a.k === 'const' ? [a.v] : a.k === 'list' && a.elems.every((x) => x.k === 'const') ? a.elems.map((x) => (x as { v: unknown }).v) : undefined;
  if (!consts) return ['path', 'redirect', 'ssrf'];
  if (consts.every((c) => typeof c === 'string' && /^https?:\/\/[^/?#\\@]+[/?#]/i.test(c))) return ['redirect', 'ssrf'];
  // a folder (`str(p.resolve()).startswith('/srv/')`): the containment test of a resolved path
  return consts.every((c) => typeof c === 'string' && /^(\/|[A-Za-z]:[\\/]|\.{0,2}[\w.-]*\/)[^?#]*[/\\]$/.test(c) && c !== '/') ? ['path'] : [];
}

/**
 * A value checked to be one quoted string literal: it starts and ends with the same quote and holds no other
 * (`bar.startswith("'") and bar.endswith("'") and "'" not in bar[1:-1]`, or the negated `or` form then leave): code,
 * a query or a shell line that embeds it reads one literal. Markup inside the quotes is still markup.
 */
const QUOTED_LITERAL_SAFE: SinkKind[] = ['code', 'sql', 'xpath', 'ldap', 'command', 'template'];

function quotedLiteral(e: Expr, polarity: boolean): Expr | undefined {
  // the facts that hold where the test has this polarity: the conjuncts of an `and`, or the negated disjuncts of an `or`
  const facts: { e: Expr; holds: boolean }[] = [];
  const walk = (x: Expr, pol: boolean): void => {
    if (x.k === 'unary' && (x.op === 'not' || x.op === '!')) return walk(x.arg, !pol);
    if (x.k === 'logic' && ((x.op === 'and' && pol) || (x.op === 'or' && !pol))) {
      walk(x.left, pol);
      walk(x.right, pol);
      return;
    }
    facts.push({ e: x, holds: pol });
  };
  walk(e, polarity);
  const affix = (name: string) => facts.find((f) => f.holds && f.e.k === 'call' && f.e.callee.k === 'attr' && f.e.callee.name.toLowerCase() === name && f.e.args.length === 1 && f.e.args[0]?.k === 'const' && /^['"]$/.test(String(f.e.args[0].v)));
  const starts = affix('startswith');
  const ends = affix('endswith');
  if (!starts || !ends || starts.e.k !== 'call' || ends.e.k !== 'call' || starts.e.callee.k !== 'attr' || ends.e.callee.k !== 'attr') return undefined;
  const quote = (starts.e.args[0] as { v: unknown }).v;
  const subject = subjectOf(starts.e.callee.obj);
  if (!subject || subjectOf(ends.e.callee.obj) !== subject || (ends.e.args[0] as { v: unknown }).v !== quote) return undefined;
  // ... and no quote between them: `q not in x[1:-1]` (a membership test found false)
  const inner = facts.some((f) => !f.holds && f.e.k === 'compare' && f.e.op === 'in' && f.e.left.k === 'const' && f.e.left.v === quote && f.e.right.k === 'index' && f.e.right.slice && subjectOf(f.e.right.obj) === subject)
    || facts.some((f) => f.holds && f.e.k === 'compare' && f.e.op === 'not in' && f.e.left.k === 'const' && f.e.left.v === quote && f.e.right.k === 'index' && f.e.right.slice && subjectOf(f.e.right.obj) === subject);
  return inner ? starts.e.callee.obj : undefined;
}

/** `x.includes('..')` (JS) on the value itself: x, else undefined. */
function searchesForTraversal(e: CallExpr): Expr | undefined {
  if (e.callee.k !== 'attr' || e.callee.name !== 'includes' || e.args.length !== 1) return undefined;
  const a = e.args[0] as Expr;
  return a.k === 'const' && typeof a.v === 'string' && TRAVERSAL.test(a.v) ? e.callee.obj : undefined;
}

/**
 * `x.startsWith('..')` (or '../', or '..' + path.sep), the test for a relative path that climbs out of its base: x,
 * else undefined.
 */
function climbsOut(e: CallExpr): Expr | undefined {
  if (e.callee.k !== 'attr' || e.callee.name !== 'startsWith' || e.args.length !== 1) return undefined;
  const a = e.args[0] as Expr;
  const lead = a.k === 'const' ? a.v : a.k === 'concat' && a.parts[0]?.k === 'const' ? a.parts[0].v : undefined;
  return lead === '..' || lead === '../' || lead === '..\\' ? e.callee.obj : undefined;
}

/**
 * Where `left or right` holds (with the given polarity): what both sides prove; failing that, what one side proves
 * when the other reads no request data (a server-side switch that skips the check), marked switchable.
 */
function eitherProves(left: Expr, right: Expr, polarity: boolean, ctx: GuardContext): Validated[] {
  const a = validatedBy(left, polarity, ctx);
  const b = validatedBy(right, polarity, ctx);
  const both = bothProve(a, b);
  if (both.length) return both;
  const sw = (vs: Validated[]): Validated[] => vs.filter((v) => v.name !== TRUSTED_REQUEST && !v.matched).map((v) => ({ ...v, switchable: true as const }));
  if (a.length && !b.length && !readsInput(right, ctx)) return sw(a);
  if (b.length && !a.length && !readsInput(left, ctx)) return sw(b);
  return [];
}

/**
 * Whether a test reads request data anywhere in it (a boolean built from input is itself clean). Operands are
 * evaluated before a call's result, so a call is evaluated again only when nothing it is given is input.
 */
function readsInput(e: Expr, ctx: GuardContext): boolean {
  switch (e.k) {
    case 'unary':
      return readsInput(e.arg, ctx);
    case 'logic':
    case 'compare':
      return readsInput(e.left, ctx) || readsInput(e.right, ctx);
    case 'call':
      return (e.callee.k === 'attr' && readsInput(e.callee.obj, ctx)) || e.args.some((a) => readsInput(a, ctx)) || e.kwargs.some((kw) => readsInput(kw.value, ctx)) || ctx.isTainted(e);
    default:
      return ctx.isTainted(e);
  }
}

function bothProve(a: Validated[], b: Validated[]): Validated[] {
  const out: Validated[] = [];
  const key = (v: Validated) => (v.path ? pathKey(v.path) : '');
  for (const x of a) {
    if (x.matched || x.name === TRUSTED_REQUEST) continue;
    const y = b.find((v) => v.name === x.name && !v.matched && key(v) === key(x));
    if (!y) continue;
    const kinds = x.kinds === 'all' ? y.kinds : y.kinds === 'all' ? x.kinds : x.kinds.filter((k) => (y.kinds as string[]).includes(k));
    if (kinds === 'all' || kinds.length) out.push({ name: x.name, kinds, ...(x.path ? { path: x.path } : {}) });
  }
  return out;
}

/** The value a comparison tests against null/None/undefined (`x is None`, `x === null`, `x == undefined`). */
function nullTested(e: Extract<Expr, { k: 'compare' }>): Expr | undefined {
  if (!/^(==|===|!=|!==|is|is not)$/.test(e.op)) return undefined;
  const isNull = (x: Expr) => (x.k === 'const' && x.v === null) || (x.k === 'name' && x.id === 'undefined');
  const subject = isNull(e.right) ? e.left : isNull(e.left) ? e.right : undefined;
  return subject && (subject.k === 'name' || subject.k === 'attr') ? subject : undefined;
}

/**
 * A search of a collection by a predicate, whose result exists only where the predicate held for some element:
 * Python `next((r for r in rs if r.link == x), None)` and `any(r.link == x for r in rs)`, JavaScript
 * `rs.find((r) => r.link === x)` and `rs.some(...)`. The element variable is the collection's element, so the
 * predicate compares x with the collection's data.
 */
export function predicateOf(e: CallExpr): { collection: Expr; predicate: Expr } | undefined {
  const callee = e.callee;
  if (callee.k === 'name' && (callee.id === 'next' || callee.id === 'any')) {
    const comp = e.args[0];
    if (comp?.k !== 'list' || comp.elems.length !== 1) return undefined;
    // any(r.link == x for r in rs): the element itself is the test, with the filters
    const tests = [...(comp.where ?? []), ...(callee.id === 'any' ? [comp.elems[0] as Expr] : [])];
    if (!tests.length) return undefined;
    const predicate = tests.slice(1).reduce<Expr>((a, b) => ({ k: 'logic', op: 'and', left: a, right: b, line: e.line }), tests[0] as Expr);
    // any(): the collection searched is what the loop variable walks (the element is the test, which reads the input
    // itself); next(): the element is the found item
    if (callee.id === 'any') {
      const walked = loopIterable(predicate);
      return walked ? { collection: walked, predicate } : undefined;
    }
    return { collection: comp, predicate };
  }
  if (callee.k === 'attr' && /^(find|findLast|some)$/.test(callee.name)) {
    const fn = e.args[0];
    if (fn?.k !== 'func' || fn.fn.body.length !== 1 || fn.fn.body[0]?.k !== 'return' || !fn.fn.body[0].e) return undefined;
    return { collection: callee.obj, predicate: fn.fn.body[0].e };
  }
  return undefined;
}

/** What a comprehension's loop variable walks: the object of the first `iter[]` (a lowered loop variable) in `e`. */
function loopIterable(e: Expr): Expr | undefined {
  const stack: Expr[] = [e];
  while (stack.length) {
    const x = stack.pop() as Expr;
    if (x.k === 'index' && x.index === null) return x.obj;
    if (x.k === 'compare' || x.k === 'logic' || x.k === 'bin') stack.push(x.left, x.right);
    else if (x.k === 'unary') stack.push(x.arg);
    else if (x.k === 'attr') stack.push(x.obj);
    else if (x.k === 'call') stack.push(x.callee, ...x.args);
  }
  return undefined;
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
  const member = indexOfMember(e, polarity, isTainted);
  if (member) return member;
  const eq = op === '==' || op === '===' || op === 'is';
  const ne = op === '!=' || op === '!==' || op === 'is not';
  if ((eq && polarity) || (ne && !polarity)) {
    const contained = commonPathGuard(left, right, isTainted) ?? commonPathGuard(right, left, isTainted);
    if (contained) return contained;
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

/**
 * `os.path.commonpath([root, p]) == root` (or commonprefix): where it holds, p lies under the root the server chose
 * (the containment check of a normalised path, as `p.startswith(root)` is).
 */
function commonPathGuard(call: Expr, other: Expr, isTainted: (e: Expr) => boolean): Validated[] | undefined {
  if (call.k !== 'call' || call.args.length !== 1 || isTainted(other)) return undefined;
  const name = call.callee.k === 'attr' ? call.callee.name : call.callee.k === 'name' ? call.callee.id : '';
  const list = call.args[0] as Expr;
  if (!/^common(path|prefix)$/.test(name) || list.k !== 'list' || list.elems.length !== 2) return undefined;
  const subject = list.elems.find((x) => isTainted(x));
  return subject && list.elems.some((x) => x !== subject && !isTainted(x)) ? about(subject, ['path']) : undefined;
}

/** A number literal, negative ones included (`-1` is a minus applied to 1). */
function numberOf(e: Expr): number | undefined {
  if (e.k === 'const' && typeof e.v === 'number') return e.v;
  if (e.k === 'unary' && e.op === '-' && e.arg.k === 'const' && typeof e.arg.v === 'number') return -e.arg.v;
  return undefined;
}

/** Operators mirrored for a constant written on the left (`-1 !== list.indexOf(x)`). */
const MIRROR: Record<string, string> = { '<': '>', '>': '<', '<=': '>=', '>=': '<=' };

/**
 * `ALLOWED.indexOf(x) === -1` (then leave) / `!== -1`, `>= 0`, `> -1`, `< 0`: where the index is found, x is one of the
 * listed values, as with `ALLOWED.includes(x)`. Undefined when the comparison is no such test.
 */
function indexOfMember(e: Extract<Expr, { k: 'compare' }>, polarity: boolean, isTainted: (e: Expr) => boolean): Validated[] | undefined {
  const flipped = numberOf(e.left) !== undefined;
  const call = flipped ? e.right : e.left;
  const n = numberOf(flipped ? e.left : e.right);
  if (call.k !== 'call' || call.callee.k !== 'attr' || call.callee.name !== 'indexOf' || call.args.length !== 1) return undefined;
  if (n === undefined || isTainted(call.callee.obj)) return undefined;
  const op = flipped ? (MIRROR[e.op] ?? e.op) : e.op;
  let found: boolean | undefined;
  if (n === -1 && (op === '===' || op === '==')) found = !polarity;
  else if (n === -1 && (op === '!==' || op === '!=' || op === '>')) found = polarity;
  else if (n === 0 && op === '>=') found = polarity;
  else if (n === 0 && op === '<') found = !polarity;
  if (found === undefined) return undefined;
  return found ? about(call.args[0] as Expr, 'all') : [];
}

/** `typeof x === 'string'` proves x is no object (no query operators); 'number' and 'boolean' prove it clean. */
function typeofGuard(typeOf: Expr, type: Expr): Validated[] | undefined {
  if (typeOf.k !== 'unary' || typeOf.op !== 'typeof' || type.k !== 'const') return undefined;
  if (!subjectOf(typeOf.arg)) return [];
  if (type.v === 'string') return about(typeOf.arg, ['nosql']);
  return type.v === 'number' || type.v === 'boolean' ? about(typeOf.arg, 'all') : [];
}
