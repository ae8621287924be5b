// Abstract values of the taint interpreter: taint (with its trace and the sink kinds it was sanitized for),
// known constants (for dead-branch pruning), known container contents and symbolic qualified names.
import type { FormField } from './models/py-forms';
import type { Validated } from './guards';
import type { Confidence, TraceStep } from '../../../types';
import type { ConstValue, FuncIR, ModuleIR } from './ir';

export type SinkKind =
  | 'sql'
  | 'command'
  | 'code'
  | 'template'
  | 'ldap'
  | 'xpath'
  | 'xxe'
  | 'deserialization'
  | 'path'
  | 'ssrf'
  | 'redirect'
  | 'xss'
  | 'header'
  | 'trust-boundary'
  | 'regex'
  /** A query object or filter value of MongoDB/Mongoose (operator injection). */
  | 'nosql'
  /** JavaScript that MongoDB runs: $where, mapReduce, $function, $accumulator. */
  | 'nosql-code';

export interface PendingSink {
  kind: SinkKind;
  value: Value;
  line: number;
  label: string;
  /** The file of the expression that built it (a helper's module), which may not be where it leaves the route. */
  file: string;
}

export interface Taint {
  conf: Confidence;
  trace: TraceStep[];
  /** Sink kinds this value was sanitized for (e.g. html.escape -> xss). */
  safe: ReadonlySet<SinkKind>;
  /** Every source behind this value is local input (CLI argument, environment, stdin): see severity-policy.ts. */
  local?: true;
  /** Path-safe only because fixed text precedes it in its path component (gluedTaint); normalizing undoes that. */
  glued?: true;
  /** Every path to this value passes through a call the analysis could not follow (severity-policy.ts caps it). */
  unproven?: true;
  /**
   * The value first had to match a stored record (the code stops when none is found), so only a value the
   * application already stored gets further (severity-policy.ts caps it).
   */
  matched?: true;
  /** The value passed a check that a server-side condition can skip (guards.ts Validated.switchable; capped). */
  switchable?: true;
  /** Set at a sink only: the filter it reached is pinned to the caller's tenant (model.ts SinkHit.scoped; capped). */
  scoped?: true;
  /**
   * Every source behind this value is a request header: a victim's browser sends only the headers it chooses, so
   * another site cannot put a payload there (reflected XSS and open redirects need the victim's own request).
   */
  headerOnly?: true;
  /**
   * The text is a parsed URL's host name (`new URL(x).hostname`, `urlparse(x).hostname`), or was cut from one by a
   * match, a case change or a split: it holds no '/', '?', '#', '@' or '\\', so it cannot move a URL's host.
   */
  hostOnly?: true;
  /**
   * A join of values made safe for different sinks (`configured or reverse(...)`: one side escaped for HTML, the other
   * not escaped but unproven): what each side was safe for and which review flags it had, so a sink reads the flags
   * of the sides that reach it (taintFor) instead of the flags only every side shares.
   */
  alts?: readonly TaintAlt[];
}

/** Flags that lower a flow's severity; a join keeps one only where every side that reaches the sink has it. */
const REVIEW_FLAGS = ['unproven', 'matched', 'switchable', 'headerOnly'] as const;
type ReviewFlag = (typeof REVIEW_FLAGS)[number];

export interface TaintAlt {
  safe: ReadonlySet<SinkKind>;
  flags: readonly ReviewFlag[];
}

export interface ClassInfo {
  name: string;
  methods: Map<string, Closure>;
  bases: Value[];
  /** Constant class attributes and field initializers (`baseUrl = 'https://api.example/'`), what `this.x` reads. */
  consts?: Map<string, Value>;
  /** Annotated class attributes, name -> annotation text (the fields of a pydantic model or dataclass). */
  fieldTypes?: Map<string, string>;
  /** TypeScript field decorators by field (class-validator's `@IsUUID()`, `@Matches(...)` on a DTO). */
  fieldDecorators?: Map<string, readonly string[]>;
  /** Form fields declared at class level (Django forms, WTForms): models/py-forms.ts. */
  formFields?: Map<string, FormField>;
}

export interface Closure {
  fn: FuncIR;
  module: ModuleIR;
  /** Variables visible where the function was defined (enclosing function's env snapshot + globals). */
  outer: Scope;
}

export interface Scope {
  vars: Map<string, Value>;
  parent?: Scope;
}

export interface Value {
  t?: Taint;
  /** Known constant (valid only when hasC). */
  c?: ConstValue;
  hasC?: boolean;
  /**
   * Known constant text at the start of a string built by concatenation, an f-string or a template literal
   * ('/users/' + id): what the input cannot change, e.g. the host of a URL or the first character of a body.
   */
  prefix?: string;
  /** The different constant starts of a join ('https://a.example/…' or 'https://b.example/…'), at most a few. */
  starts?: readonly string[];
  /** Possible constants after a join of different constants (`'sh'` or `'cmd.exe'`), at most a few. */
  cs?: readonly ConstValue[];
  /** Symbolic name of library objects: 'os.system', 'req' (a web request), 'sqlite3.connect()'. */
  qn?: string;
  fields?: ReadonlyMap<string, Value>;
  elems?: readonly Value[];
  fn?: Closure;
  /** Bound receiver of a method value. */
  self?: Value;
  cls?: ClassInfo;
  inst?: ClassInfo;
  /** Facts about library objects, e.g. 'xxe' for an XML parser with external entities on. */
  flags?: ReadonlySet<string>;
  /** Variables this value was parsed from (urlparse(x), Path(x)): validating it validates them. */
  origin?: readonly string[];
  /** A join of values none of which is an HTML string (isObjectBody). */
  objectBody?: true;
  /**
   * Cleaned by a guard that ended the other branch (`if '/' in name: raise`), not by a new assignment: when a
   * function's parameter is still vetted at every normal exit, the function validates its argument for the caller.
   */
  vetted?: true;
  /**
   * Sinks that fire when this value leaves a function as its result: a response object whose content type may still
   * be set before it is returned (`r = make_response(x); r.mimetype = 'text/plain'; return r`).
   */
  pending?: readonly PendingSink[];
  /**
   * What holds where this value is truthy: a record looked up by a key exists only if the key matched a stored one,
   * an element found by a predicate only if the predicate held (guards.ts witnessOf).
   */
  proves?: readonly Validated[];
  /**
   * A URL built as `https://${label}.fixed.example/...` where the label is host-only text (Taint.hostOnly): the
   * request stays on a subdomain of that fixed domain.
   */
  hostPinned?: true;
  /**
   * The text so far holds a URL's `?`, `#` or a query's `&`: what is appended after it lands in the query string or
   * fragment, where it cannot change the host or path a request goes to or a redirect leads to.
   */
  query?: true;
  /**
   * The text ends with fixed characters that are not a path separator (`f"{record_id}_"`, `Date.now() + '-'`): input
   * appended to it starts inside a path component that begins with other text, so a `..` it holds cannot climb out
   * (POSIX resolves `5_../x` only through a directory named `5_..`, which nothing created).
   */
  gluedEnd?: true;
  /** Project module this value stands for (cross-file imports). */
  module?: string;
  /** `from pkg.mod import name` of a project module, resolved on first use (so imports do not cascade). */
  ref?: { module: string; name: string };
}

export const CLEAN: Value = Object.freeze({});

/** Flag of a record type (a Python namedtuple): calling it builds a value with one field per name in its `fields`. */
/**
 * Field under which an object records a key the request chose (`q[req.query.field] = v`, JS): the client names that
 * field, so it may be an operator (`$where`) or overwrite a key the server set (a tenant pin). Its value is the taint.
 */
export const CHOSEN_KEY = '\u0000chosen-key';

export const RECORD_TYPE = 'record-type';

/** An instance of a record type: positional arguments fill the fields in order, keywords by name. */
export function recordOf(type: Value, args: readonly Value[], kwargs: ReadonlyMap<string, Value>): Value {
  const names = [...(type.fields?.keys() ?? [])];
  const fields = new Map<string, Value>(names.map((n, i) => [n, args[i] ?? kwargs.get(n) ?? CLEAN]));
  return { fields, ...(type.qn ? { qn: `${type.qn}()` } : {}) };
}
export const constant = (c: ConstValue): Value => ({ c, hasC: true });

const CONF_RANK: Record<Confidence, number> = { high: 3, medium: 2, low: 1 };

export function joinTaint(a: Taint | undefined, b: Taint | undefined): Taint | undefined {
  if (!a) return b;
  if (!b) return a;
  // Local input (the operator's arguments and environment, e.g. a data folder from argv) beside request data: what
  // the request side was made safe for decides, since the operator is not the attacker
  if (a.local && !b.local) return b;
  if (b.local && !a.local) return a;
  // the side made safe for fewer sinks reaches every sink the other reaches: its trace is the one to show
  const primary = strictSubset(a.safe, b.safe) ? a : strictSubset(b.safe, a.safe) ? b : CONF_RANK[b.conf] > CONF_RANK[a.conf] || (b.conf === a.conf && b.trace.length < a.trace.length) ? b : a;
  const safe = new Set<SinkKind>();
  for (const k of a.safe) if (b.safe.has(k)) safe.add(k);
  const alts = joinAlts(a, b);
  // Local only while both sides are: one request-data source makes the joined value remotely controlled.
  return {
    ...(alts ? { alts } : {}),
    conf: primary.conf,
    trace: primary.trace,
    safe,
    ...(a.local && b.local ? { local: true as const } : {}),
    ...((a.glued || b.glued) && safe.has('path') ? { glued: true as const } : {}),
    ...(a.unproven && b.unproven ? { unproven: true as const } : {}),
    ...(a.matched && b.matched ? { matched: true as const } : {}),
    ...(a.switchable && b.switchable ? { switchable: true as const } : {}),
    ...(a.headerOnly && b.headerOnly ? { headerOnly: true as const } : {}),
    ...(a.hostOnly && b.hostOnly ? { hostOnly: true as const } : {}),
  };
}

function strictSubset(a: ReadonlySet<SinkKind>, b: ReadonlySet<SinkKind>): boolean {
  return a.size < b.size && [...a].every((k) => b.has(k));
}

/** The sides of a taint: its alternatives, each also safe and flagged for what was added to the whole since the join. */
function altsOf(t: Taint): TaintAlt[] {
  const own = REVIEW_FLAGS.filter((f) => t[f]);
  if (!t.alts) return [{ safe: t.safe, flags: own }];
  return t.alts.map((x) => ({ safe: new Set([...x.safe, ...t.safe]), flags: [...new Set([...x.flags, ...own])] }));
}

const MAX_ALTS = 8;
function joinAlts(a: Taint, b: Taint): TaintAlt[] | undefined {
  // the common join (no sides recorded, the same safe set): nothing to keep, and nothing allocated on this hot path
  if (!a.alts && !b.alts && a.safe.size === b.safe.size && [...a.safe].every((k) => b.safe.has(k))) return undefined;
  const seen = new Map<string, TaintAlt>();
  for (const x of [...altsOf(a), ...altsOf(b)]) seen.set(`${[...x.safe].sort().join('/')}|${[...x.flags].sort().join('/')}`, x);
  const all = [...seen.values()];
  const first = all[0]!;
  // one safe set for every side: the whole's flags (those all sides share) are already exact for every sink; too many
  // sides: the whole's flags, which only err towards reporting
  if (all.length > MAX_ALTS || all.every((x) => x.safe.size === first.safe.size && [...x.safe].every((k) => first.safe.has(k)))) return undefined;
  return all;
}

/**
 * The taint as a sink of `kind` sees it: a review flag holds where every side that reaches this sink (is not safe for
 * it) has it, even if a side made safe for this sink lacks it.
 */
export function taintFor(t: Taint, kind: SinkKind): Taint {
  if (!t.alts) return t;
  const reaching = altsOf(t).filter((x) => !x.safe.has(kind));
  if (!reaching.length) return t;
  const out: Taint = { ...t };
  for (const f of REVIEW_FLAGS) if (!out[f] && reaching.every((x) => x.flags.includes(f))) out[f] = true;
  return out;
}

/** Taint of a value used as a whole (a dict passed to format(), a list joined...). */
export function deepTaint(v: Value, depth = 0): Taint | undefined {
  let t = v.t;
  if (depth > 3) return t;
  if (v.fields) for (const f of v.fields.values()) t = joinTaint(t, deepTaint(f, depth + 1));
  if (v.elems) for (const e of v.elems) t = joinTaint(t, deepTaint(e, depth + 1));
  return t;
}

export function isTaintedFor(t: Taint | undefined, kind: SinkKind): t is Taint {
  return !!t && !t.safe.has(kind);
}

export function withStep(t: Taint | undefined, step: TraceStep | null): Taint | undefined {
  if (!t || !step) return t;
  const last = t.trace[t.trace.length - 1];
  if (last && last.file === step.file && last.line === step.line) return t;
  if (t.trace.length >= 12) return t; // keep traces readable
  return { ...t, trace: [...t.trace, step] };
}

export function sanitize(t: Taint | undefined, kinds: readonly SinkKind[] | 'all'): Taint | undefined {
  if (!t || kinds === 'all') return undefined;
  const safe = new Set(t.safe);
  for (const k of kinds) safe.add(k);
  return { ...t, safe };
}

function sameConst(a: Value, b: Value): boolean {
  return !!a.hasC && !!b.hasC && a.c === b.c;
}

/**
 * Modules with one API picked by a condition (`url.startsWith('https') ? https : http`): the join is either one, and a
 * call on it is modelled alike, so it keeps a name.
 */
const SAME_API: ReadonlyMap<string, string> = new Map([['http', 'node-http'], ['https', 'node-http']]);
const sameApi = (a: string, b: string | undefined): boolean => !!b && SAME_API.has(a) && SAME_API.get(a) === SAME_API.get(b);

export function joinValues(a: Value | undefined, b: Value | undefined, depth = 0): Value {
  if (!a) return b ?? CLEAN;
  if (!b || a === b) return a;
  const out: Value = {};
  const t = joinTaint(a.t, b.t);
  if (t) out.t = t;
  if (sameConst(a, b)) {
    out.c = a.c;
    out.hasC = true;
  } else {
    const oa = constOptions(a);
    const ob = constOptions(b);
    if (oa && ob) {
      const cs = [...new Set([...oa, ...ob])];
      if (cs.length <= 8) out.cs = cs;
    }
  }
  if (a.qn && (a.qn === b.qn || sameApi(a.qn, b.qn))) out.qn = a.qn;
  const pa = leadingText(a);
  const pb = leadingText(b);
  if (!out.hasC && pa !== undefined && pb !== undefined) {
    const common = commonPrefix(pa, pb);
    if (common) out.prefix = common;
    const starts = [...new Set([...(a.starts ?? [pa]), ...(b.starts ?? [pb])])];
    if (starts.length > 1 && starts.length <= 8) out.starts = starts;
  }
  // each branch keeps its host (`'http://localhost:' + port + '/x/'` or `process.env.BASE + '/x/'`): so does the join
  // (a branch with no value at all, a bare `return`, is no URL: a request to it throws, so it leaves the other's host)
  const none = (v: Value) => !!v.hasC && v.c == null;
  if (!out.hasC && (hostKept(a) || none(a)) && (hostKept(b) || none(b))) out.hostPinned = true;
  if (a.fn && a.fn === b.fn) out.fn = a.fn;
  if (a.cls && a.cls === b.cls) out.cls = a.cls;
  if (a.inst || b.inst) out.inst = a.inst ?? b.inst;
  if (a.module && a.module === b.module) out.module = a.module;
  if (a.vetted && b.vetted) out.vetted = true;
  if (a.pending || b.pending) out.pending = [...(a.pending ?? []), ...(b.pending ?? [])];
  if (a.flags || b.flags) out.flags = new Set([...(a.flags ?? []), ...(b.flags ?? [])]);
  if (depth < 3 && (a.fields || b.fields)) {
    const fields = new Map<string, Value>();
    for (const k of new Set([...(a.fields?.keys() ?? []), ...(b.fields?.keys() ?? [])])) {
      fields.set(k, joinValues(a.fields?.get(k) ?? CLEAN, b.fields?.get(k) ?? CLEAN, depth + 1));
    }
    out.fields = fields;
  }
  if (a.elems || b.elems) {
    if (a.elems && b.elems && depth < 3) {
      // position by position, also for tuples of different lengths (`return [status, type, data, headers]` beside
      // `return [500, type, error]`): what is destructured from one position stays that position's value
      const n = Math.max(a.elems.length, b.elems.length);
      out.elems = Array.from({ length: n }, (_, i) => joinValues(a.elems?.[i] ?? CLEAN, b.elems?.[i] ?? CLEAN, depth + 1));
    } else {
      // different shapes: keep only the summary taint
      out.t = joinTaint(out.t, joinTaint(a.elems ? deepTaint({ elems: a.elems }) : undefined, b.elems ? deepTaint({ elems: b.elems }) : undefined));
    }
  }
  if (a.origin || b.origin) out.origin = [...new Set([...(a.origin ?? []), ...(b.origin ?? [])])];
  // (a fixed text without markup, alone or as the body of a `("", 204)` tuple, is no HTML string either)
  const objA = isObjectBody(a);
  const objB = isObjectBody(b);
  if ((objA && objB) || (objA && fixedTextBody(b)) || (objB && fixedTextBody(a))) out.objectBody = true;
  return out;
}

/** A constant without markup, alone or first in a tuple (`("", 204)`); cheap: joins are the interpreter's hot path. */
function fixedTextBody(v: Value): boolean {
  const body = v.elems ? v.elems[0] : v;
  return !!body && body.hasC === true && !body.t && (body.c === null || !String(body.c).includes('<'));
}

/**
 * A value that, returned from a web route, is not an HTML string: a response or library object, a dict, a list of
 * dicts, or a join of only such values (a helper returning jsonify(...) on one path and [{...}] on another).
 */
export function isObjectBody(v: Value): boolean {
  const first = v.elems?.[0];
  return !!(v.objectBody || v.qn || v.fields || v.inst || (first && (first.fields || first.qn)));
}

/** Every constant a value can be, when known. */
export function constOptions(v: Value): readonly ConstValue[] | undefined {
  return v.hasC ? [v.c as ConstValue] : v.cs;
}

export function truthy(v: Value): boolean | undefined {
  if (!v.hasC) return undefined;
  const c = v.c;
  return !(c === null || c === false || c === 0 || c === '');
}

/**
 * Stand-in start of a URL whose base the server chose (a setting, the operator's environment) followed by a path:
 * `${process.env.APP_URL}/api/x?id=${id}`, `settings.base_url + '/reviews/' + x`. The input picks only the path.
 */
export const SERVER_BASE = 'https://server-configured.invalid';

/** A single value no request chose: no request data in it (the operator's environment may be), not a list or mapping. */
function chosenByServer(v: Value): boolean {
  return !(v.t && !v.t.local) && !v.elems && !v.fields;
}

/**
 * `new URL(rel, base)` with a base the server chose and a path-relative reference (`assets/x`, `./x`, `/api/x`; not
 * `//host`, `\\host` or `scheme:`): the reference cannot name another scheme or host, so the base's host stays.
 */
export function relativeToServerBase(rel: Value, base: Value): boolean {
  const start = leadingText(rel);
  return chosenByServer(base) && start !== undefined && /^([\w.~-]+\/|\/[^/\\])/.test(start);
}

/** The start the server chose when `base` is not request data and `next` is a constant path: see SERVER_BASE. */
export function serverChosenStart(base: Value, next: Value | undefined): string | undefined {
  if (base.hasC || !chosenByServer(base)) return undefined;
  if (!next?.hasC || typeof next.c !== 'string' || !/^\/[^/\\]/.test(next.c)) return undefined;
  return SERVER_BASE + next.c;
}

/**
 * What text appended to `v` keeps of its start: the alternative constant starts of a join and a host the input
 * cannot move (`(sandbox ? 'https://api.sandbox.example/' : 'https://api.example/') + path` stays on those hosts).
 */
export function startFacts(v: Value | undefined): Pick<Value, 'starts' | 'hostPinned'> {
  if (!v || v.hasC) return {};
  const pinned = v.hostPinned ?? (v.starts?.length && v.starts.every((s) => HOST_ENDED.test(s)) ? true : undefined);
  return { ...(v.starts ? { starts: v.starts } : {}), ...(pinned ? { hostPinned: pinned } : {}) };
}

/** A string value whose host its own start fixes: pinned, or every start it may have ends the host. */
function hostKept(v: Value): boolean {
  if (v.hostPinned) return true;
  const text = leadingText(v);
  const starts = v.starts ?? (text !== undefined ? [text] : []);
  return starts.length > 0 && starts.every((s) => HOST_ENDED.test(s));
}

/** The whole start of a string value, for a value that re-serializes it (a parsed URL, its toString()). */
export function startOf(v: Value | undefined): Pick<Value, 'prefix' | 'starts' | 'hostPinned'> {
  const prefix = v ? leadingText(v) : undefined;
  return { ...(prefix ? { prefix } : {}), ...startFacts(v) };
}

/** `scheme://host` followed by the start of a path, query or fragment: whatever comes next cannot move the host. */
export const HOST_ENDED = /^https?:\/\/[^/?#\\@]+[/?#]/i;

/** Constant text a string value starts with: the whole constant, or the prefix of a concatenation. */
export function leadingText(v: Value): string | undefined {
  if (v.hasC && typeof v.c === 'string') return v.c;
  return v.prefix;
}

function commonPrefix(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return a.slice(0, i);
}

/** Whether this part of a string puts what follows it in a URL's query or fragment (see Value.query). */
export function endsInQuery(v: Value): boolean {
  if (v.query) return true;
  if (v.hasC) return typeof v.c === 'string' && /[?#&]/.test(v.c);
  return !!v.cs?.length && v.cs.every((c) => typeof c === 'string' && /[?#&]/.test(c));
}

/** Taint of a part appended after a query start: it cannot pick where a request or redirect goes. */
export function inQuery(t: Taint | undefined): Taint | undefined {
  return t ? sanitize(t, ['ssrf', 'redirect']) : undefined;
}


/** Whether text appended after `v` starts inside a path component that `v` began (see Value.gluedEnd). */
export function gluedBefore(v: Value | undefined): boolean {
  if (!v) return false;
  if (v.hasC) return typeof v.c === 'string' && v.c !== '' && !/[/\\]$/.test(v.c);
  return !!v.gluedEnd;
}

/**
 * The taint of `part`, made safe for file paths when the text before it glues it to a component (gluedBefore) and
 * marked `glued`, so a lexical normalization (os.path.normpath, which drops `5_..` with the `..` after it without
 * asking the file system) takes the safety back. Python only: Node's path.join() normalizes every path it builds.
 */
export function gluedTaint(before: Value | undefined, t: Taint | undefined): Taint | undefined {
  if (!t || t.safe.has('path') || !gluedBefore(before)) return t;
  const safe = new Set(t.safe);
  safe.add('path');
  return { ...t, safe, glued: true };
}

/** The taint after a lexical path normalization: a `..` glued to fixed text climbs again (see gluedTaint). */
export function unglued(t: Taint | undefined): Taint | undefined {
  if (!t?.glued) return t;
  const safe = new Set(t.safe);
  safe.delete('path');
  const { glued: _glued, ...rest } = t;
  return { ...rest, safe };
}
