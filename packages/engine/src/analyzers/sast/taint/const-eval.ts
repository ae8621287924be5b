// Constant folding for the interpreter: arithmetic, string building and comparisons on known constants, so
// conditions such as `7 * 18 + num > 200` decide which branch runs. Taint flows through every operator.
import type { ConstValue } from './ir';
import type { Taint, Value } from './value';
import { CLEAN, constant, deepTaint, endsInQuery, gluedBefore, gluedTaint, inQuery, joinTaint, leadingText, serverChosenStart, startFacts } from './value';

function fold(op: string, a: ConstValue, b: ConstValue): ConstValue | undefined {
  if (typeof a === 'number' && typeof b === 'number') {
    switch (op) {
      case '+':
        return a + b;
      case '-':
        return a - b;
      case '*':
        return a * b;
      case '/':
        return b === 0 ? undefined : a / b;
      case '//':
        return b === 0 ? undefined : Math.floor(a / b);
      case '%':
        return b === 0 ? undefined : ((a % b) + b) % b;
      case '**':
        return a ** b;
      case '&':
        return a & b;
      case '|':
        return a | b;
      case '^':
        return a ^ b;
      case '<<':
        return a << b;
      case '>>':
        return a >> b;
      default:
        return undefined;
    }
  }
  if (op === '+' && (typeof a === 'string' || typeof b === 'string')) return `${String(a)}${String(b)}`;
  if (op === '*' && typeof a === 'string' && typeof b === 'number' && b >= 0 && b < 1000) return a.repeat(b);
  return undefined;
}

/**
 * Taint of the arguments of `'%s?%s' % (url, query)`: an argument whose conversion comes after a `?`, `#` or `&` in
 * the constant format lands in the query string or fragment (see Value.query), like text appended after one.
 */
function formatArgsTaint(format: Value, args: Value): Taint | undefined {
  // a named mapping (`%(q)s`) has no position to go by
  if (!format.hasC || typeof format.c !== 'string' || !args.elems || format.c.includes('%(')) return deepTaint(args);
  const parts = format.c.split(/%[-#0 +]*\d*(?:\.\d+)?[sdirfx]/);
  if (parts.length - 1 !== args.elems.length) return deepTaint(args);
  let t: Taint | undefined;
  let inQueryPart = false;
  args.elems.forEach((arg, i) => {
    inQueryPart ||= /[?#&]/.test(parts[i]!);
    t = joinTaint(t, inQueryPart ? inQuery(deepTaint(arg)) : deepTaint(arg));
  });
  return joinTaint(t, args.t);
}

/** A value that starts with a constant scheme and host whose authority is still open, and carries no input. */
function authorityOpen(v: Value): boolean {
  const t = deepTaint(v);
  return !v.hasC && (!t || !!t.local) && /^https?:\/\/[^/?#\\@]+$/i.test(v.prefix ?? '');
}

/** A constant (or a value with a constant start) that begins a path, query or fragment. */
function pathStart(v: Value): boolean {
  const text = v.hasC ? (typeof v.c === 'string' ? v.c : '') : (v.prefix ?? '');
  return /^[/?#]/.test(text);
}

export function evalBinary(op: string, l: Value, r: Value, python = false): Value {
  if (l.hasC && r.hasC) {
    const c = fold(op, l.c as ConstValue, r.c as ConstValue);
    if (c !== undefined) return constant(c);
  }
  const query = op === '+' && endsInQuery(l);
  const right = op === '+' && python ? gluedTaint(l, deepTaint(r)) : deepTaint(r);
  const t = joinTaint(deepTaint(l), query ? inQuery(right) : op === '%' ? formatArgsTaint(l, r) : right);
  const out: Value = t ? { t } : {};
  if (op === '+' && python && gluedBefore(r) && !r.t) out.gluedEnd = true;
  if (op === '+' && (query || endsInQuery(r))) out.query = true;
  // Path objects keep their type through `/` joins (pathlib)
  if (l.qn && op === '/') out.qn = l.qn;
  if (l.origin || r.origin) out.origin = [...(l.origin ?? []), ...(r.origin ?? [])];
  if (op === '+' && l.elems && r.elems) return { ...out, elems: [...l.elems, ...r.elems] };
  // '/users/' + id and '/users/%s' % id keep the constant start (what the input cannot change)
  const prefix = op === '+' || op === '%' ? (leadingText(l) ?? (op === '+' ? serverChosenStart(l, r.prefix !== undefined && !r.hasC ? { hasC: true, c: r.prefix } : r) : undefined)) : undefined;
  if (prefix && !(op === '%' && prefix.includes('%'))) out.prefix = prefix;
  else if (prefix && op === '%') out.prefix = prefix.slice(0, prefix.indexOf('%'));
  if (out.prefix === '') delete out.prefix;
  // only a join of starts or a pinned host is carried (most operands have neither: no copy then)
  if (op === '+' && !l.hasC && (l.starts || l.hostPinned)) Object.assign(out, startFacts(l));
  // 'http://localhost:' + port + '/api/': a scheme and host, then server-side values (a configured port), then a path:
  // the host ended before any input
  else if (op === '+' && authorityOpen(l) && pathStart(r)) out.hostPinned = true;
  return out;
}

export function evalCompare(op: string, l: Value, r: Value): Value {
  if (op === 'in' || op === 'not in') {
    const found = contains(r, l);
    return found === undefined ? CLEAN : constant(op === 'in' ? found : !found);
  }
  if (!l.hasC || !r.hasC) return CLEAN;
  const a = l.c as ConstValue;
  const b = r.c as ConstValue;
  switch (op) {
    case '==':
    case '===':
    case 'is':
      return constant(a === b);
    case '!=':
    case '!==':
    case 'is not':
      return constant(a !== b);
    case '<':
      return a !== null && b !== null ? constant(a < b) : CLEAN;
    case '>':
      return a !== null && b !== null ? constant(a > b) : CLEAN;
    case '<=':
      return a !== null && b !== null ? constant(a <= b) : CLEAN;
    case '>=':
      return a !== null && b !== null ? constant(a >= b) : CLEAN;
    default:
      return CLEAN;
  }
}

function contains(container: Value, item: Value): boolean | undefined {
  if (!item.hasC) return undefined;
  if (container.hasC && typeof container.c === 'string') return container.c.includes(String(item.c));
  if (container.elems && container.elems.every((e) => e.hasC)) return container.elems.some((e) => e.c === item.c);
  return undefined;
}
