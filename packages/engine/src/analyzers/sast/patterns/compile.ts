// Compiles a matcher's ast-grep rule object once into a JS predicate. Why: @ast-grep/napi has no handle for a
// compiled rule, so every findAll/matches call re-parses the rule object and recompiles its regexes in native
// code; per file (and per candidate node) that dominated the analyzer's time. The rules we write use a small
// subset of the rule language (kind, regex, has/inside with field and stopBy, all, any, not), which evaluates
// cheaply on nodes we already hold. A rule outside that subset falls back to ast-grep's own matcher.
import type { NapiConfig, SgNode } from '@ast-grep/napi';

type Rule = NapiConfig['rule'];
type Predicate = (node: SgNode, memo: NodeMemo) => boolean;

/**
 * Answers of native calls for one candidate node and its relatives, so matchers that look at the same field
 * (thirty Python call rules read `function`) cross into native code once. Valid for one candidate only.
 */
export class NodeMemo {
  private readonly texts = new Map<SgNode, string>();
  private readonly fields = new Map<SgNode, Map<string, SgNode[]>>();
  private readonly kinds = new Map<SgNode, string>();
  text(n: SgNode): string {
    let t = this.texts.get(n);
    if (t === undefined) this.texts.set(n, (t = n.text()));
    return t;
  }
  kind(n: SgNode): string {
    let k = this.kinds.get(n);
    if (k === undefined) this.kinds.set(n, (k = n.kind() as string));
    return k;
  }
  children(n: SgNode, field: unknown): SgNode[] {
    const key = typeof field === 'string' ? field : '';
    let byField = this.fields.get(n);
    if (!byField) this.fields.set(n, (byField = new Map()));
    let c = byField.get(key);
    if (!c) byField.set(key, (c = key ? n.fieldChildren(key as never) : n.children()));
    return c;
  }
}

export interface CompiledMatcher {
  /** Node kinds the rule can match; null when any kind can. */
  kinds: ReadonlySet<string> | null;
  test: Predicate;
  /** True when evaluated in JS (false: the rule used a feature we do not interpret and ast-grep evaluates it). */
  native: boolean;
  /**
   * A regex the text of every matching node matches, usable on the whole file: the rule's top-level `regex` when it
   * looks at nothing outside the text it matches (no anchor, word boundary or lookaround). A node's text is a slice
   * of the file's text, so a file whose text does not match it has no matching node, and its tree need not be
   * searched for candidates (one rule alone collected every string literal of BenchmarkPython: 21,700 nodes).
   */
  textGate: RegExp | null;
}

class Unsupported extends Error {}

/** Rust's regex crate takes a leading inline flag group `(?i)`; JavaScript takes flags separately. */
function toRegExp(source: string): RegExp {
  const m = /^\(\?([imsx]+)\)/.exec(source);
  if (!m) return new RegExp(source, 'u');
  const flags = m[1] ?? '';
  if (flags.includes('x')) throw new Unsupported('verbose regex flag');
  return new RegExp(source.slice(m[0].length), `u${flags}`);
}

const KNOWN = new Set(['kind', 'regex', 'has', 'inside', 'all', 'any', 'not', 'stopBy', 'field']);

/**
 * True when a regex source only constrains the characters it matches: outside character classes no `^`, `$`, `\b`,
 * `\B` and no group other than `(?:` (lookarounds, named groups, inline flags). Conservative: anything else is false.
 */
export function contextFree(source: string): boolean {
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      const next = source[i + 1];
      if (!inClass && (next === 'b' || next === 'B')) return false;
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === '^' || c === '$') return false;
    else if (c === '(' && source[i + 1] === '?' && source[i + 2] !== ':') return false;
  }
  return true;
}

/** The file-level gate of a rule compiled in JS (see CompiledMatcher.textGate). */
function textGateOf(rule: Rule): RegExp | null {
  const r = rule as Record<string, unknown>;
  if (typeof r.regex !== 'string') return null;
  const re = toRegExp(r.regex);
  return contextFree(re.source) ? re : null;
}

function compileRule(rule: Rule, relational = false): Predicate {
  const r = rule as Record<string, unknown>;
  for (const key of Object.keys(r)) if (!KNOWN.has(key)) throw new Unsupported(key);
  if (!relational && ('stopBy' in r || 'field' in r)) throw new Unsupported('stopBy/field outside has/inside');
  const tests: Predicate[] = [];
  if (typeof r.kind === 'string') {
    const kind = r.kind;
    tests.push((n, m) => m.kind(n) === kind);
  }
  if (typeof r.regex === 'string') {
    const re = toRegExp(r.regex);
    tests.push((n, m) => re.test(m.text(n)));
  }
  if (r.has) tests.push(compileHas(r.has as Rule));
  if (r.inside) tests.push(compileInside(r.inside as Rule));
  if (Array.isArray(r.all)) {
    const parts = r.all.map((x: Rule) => compileRule(x));
    tests.push((n, m) => parts.every((p) => p(n, m)));
  }
  if (Array.isArray(r.any)) {
    const parts = r.any.map((x: Rule) => compileRule(x));
    tests.push((n, m) => parts.some((p) => p(n, m)));
  }
  if (r.not) {
    const inner = compileRule(r.not as Rule);
    tests.push((n, m) => !inner(n, m));
  }
  if (tests.length === 0) throw new Unsupported('empty rule');
  return tests.length === 1 ? (tests[0] as Predicate) : (n, m) => tests.every((t) => t(n, m));
}

/** `has`: a direct child (in `field` when given) matches; stopBy end searches all descendants. */
function compileHas(rule: Rule): Predicate {
  const r = rule as Record<string, unknown>;
  const inner = compileRule(rule, true);
  const stopBy = r.stopBy ?? 'neighbor';
  if (stopBy === 'neighbor') return (n, m) => m.children(n, r.field).some((c) => inner(c, m));
  if (stopBy === 'end' && r.field === undefined) {
    const deep = (n: SgNode, m: NodeMemo): boolean => n.children().some((c) => inner(c, m) || deep(c, m));
    return deep;
  }
  throw new Unsupported(`has stopBy ${JSON.stringify(stopBy)}`);
}

/** `inside`: the parent matches; stopBy end tries every ancestor. */
function compileInside(rule: Rule): Predicate {
  const r = rule as Record<string, unknown>;
  if (r.field !== undefined) throw new Unsupported('inside with field');
  const inner = compileRule(rule, true);
  const stopBy = r.stopBy ?? 'neighbor';
  if (stopBy === 'neighbor') {
    return (n, m) => {
      const p = n.parent();
      return p !== null && inner(p, m);
    };
  }
  if (stopBy === 'end') return (n, m) => n.ancestors().some((a) => inner(a, m));
  throw new Unsupported(`inside stopBy ${JSON.stringify(stopBy)}`);
}

/** Kinds a rule can match, read from its top-level kind (or the kinds of every `any` branch). */
function possibleKinds(rule: Rule): Set<string> | null {
  const r = rule as Record<string, unknown>;
  if (typeof r.kind === 'string') return new Set([r.kind]);
  if (Array.isArray(r.any)) {
    const out = new Set<string>();
    for (const branch of r.any as Rule[]) {
      const k = possibleKinds(branch);
      if (!k) return null;
      for (const x of k) out.add(x);
    }
    return out;
  }
  if (Array.isArray(r.all)) {
    for (const part of r.all as Rule[]) {
      const k = possibleKinds(part);
      if (k) return k;
    }
  }
  return null;
}

const cache = new WeakMap<object, CompiledMatcher>();

/** Compiled form of a rule object, memoized on the object (rules are module-level data). */
export function compileMatcher(rule: Rule): CompiledMatcher {
  const hit = cache.get(rule as object);
  if (hit) return hit;
  let compiled: CompiledMatcher;
  try {
    compiled = { kinds: possibleKinds(rule), test: compileRule(rule), native: false, textGate: textGateOf(rule) };
  } catch (e) {
    if (!(e instanceof Unsupported)) throw e;
    // ast-grep evaluates the rule with its own (Rust) regex engine: no JS gate
    compiled = { kinds: possibleKinds(rule), test: (n) => n.matches({ rule }), native: true, textGate: null };
  }
  cache.set(rule as object, compiled);
  return compiled;
}
