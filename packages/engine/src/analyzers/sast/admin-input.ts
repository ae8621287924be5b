// Input only an administrator can send. A taint flow whose source is read in a route handler guarded by an admin
// role (`isAuthenticated(Permission.ADMIN)`, `Depends(check_admin)`, `@staff_member_required`) is the operator
// configuring their own server: an outbound request to the webhook URL they typed, a redirect or page they set up.
// Those kinds are capped; code, command and SQL injection keep their severity (an application admin getting a
// shell or the whole database is still an escalation). What counts as an admin guard is `isAdminGuard`
// (access/vocabulary.ts): admin roles, role lists and administering permissions, judged by the roles a project declares
// for a permission when it declares them; a handler that opens by refusing non-admins counts too, and so do GraphQL
// resolvers whose schema directive requires such permissions (access/graphql-resolvers.ts).
import type { Finding, Severity } from '../../types';
import type { Route } from './access/route';
import { isAdminGuard } from './access/vocabulary';

/** Highest severity of a flow of admin-only input, by the taint rule's sink (the rule id's last part). */
// (file paths were medium until the real-world corpus measured them: 0 of 14 sampled admin-only path flows was true)
const ADMIN_INPUT_CAP: readonly [RegExp, Severity][] = [[/\.(ssrf-taint|open-redirect-taint|reflected-taint|header-taint|traversal-taint)$/, 'low']];

const RANK: Record<Severity, number> = { info: 0, low: 1, medium: 2, high: 3, critical: 4 };

/**
 * The cap of a flow whose input comes from someone who already controls the server (an administrator, the local user
 * of a server in local mode), when the flow's severity is above it; undefined otherwise.
 */
export function trustedInputCap(f: Finding): Severity | undefined {
  const cap = ADMIN_INPUT_CAP.find(([rule]) => rule.test(f.ruleId))?.[1];
  return cap && RANK[f.severity] > RANK[cap] ? cap : undefined;
}

export const ADMIN_INPUT_NOTE = 'Only an administrator can send this input (the route requires an admin role), so the severity is capped: the administrator already configures this server.';

interface Span { file: string; from: number; to: number }

/**
 * The default roles a project declares for a permission constant (`SETTINGS = Permission("Settings", ...,
 * default_groups=[ADMIN_GROUP])`): true when they are all administrative, false when an ordinary group holds it,
 * undefined when the project declares none (the permission's name decides).
 */
function declaredPermissions(text: (file: string) => string | undefined, files: readonly string[]): (permission: string) => boolean | undefined {
  const judged = new Map<string, boolean | undefined>();
  return (permission) => {
    if (!/^[A-Z][A-Z0-9_]*$/.test(permission)) return undefined;
    if (!judged.has(permission)) {
      let verdict: boolean | undefined;
      const decl = new RegExp(`\\b${permission}\\s*=\\s*[\\w.]+\\(([\\s\\S]{0,1200}?)\\n\\s*\\)`);
      for (const f of files) {
        const body = text(f);
        if (!body?.includes(permission)) continue;
        const groups = /\bdefault_(?:groups|roles)\s*=\s*[[(]([^\])]*)/.exec(decl.exec(body)?.[1] ?? '')?.[1];
        if (groups === undefined) continue;
        const names = groups.split(',').map((g) => g.trim()).filter(Boolean);
        verdict = names.length > 0 && names.every((g) => /admin|superuser|staff/i.test(g));
        break;
      }
      judged.set(permission, verdict);
    }
    return judged.get(permission);
  };
}

/** A check that denies the request: abort(403), a 401/403 response, raising a permission error. */
export const DENY = /\babort\(\s*40[13]\b|\bset_status\(\s*40[13]\b|\braise\s+[\w.]*(PermissionDenied|Forbidden|Unauthori[sz]ed|NotAuthorized)|\bstatus\(\s*40[13]\s*\)|\bsendStatus\(\s*40[13]\s*\)|\breturn\b[^\n]*\b40[13]\b|throw\s+new\s+\w*(Forbidden|Unauthori[sz]ed|Permission)\w*/;
/** A server setting the operator controls (`self._settings.global_get(["server", "firstRun"])`, `config.X`). */
const SETTING = /^\(?\s*[\w.]*(settings|config|conf)\b(\(\))?[\w.]*(\.(get|global_get|getBoolean)\s*\([^)]*\))?\s*\)?$/i;

/** `a and not b` / `a && !b` (or `a or b` / `a || b`) split at the top level of parentheses. */
function split(condition: string, op: 'and' | 'or'): string[] {
  const sep = op === 'and' ? /^(\s+and\s+|\s*&&\s*)/ : /^(\s+or\s+|\s*\|\|\s*)/;
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < condition.length; i++) {
    const ch = condition[i];
    if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    else if (depth === 0) {
      const m = sep.exec(condition.slice(i));
      if (m) {
        parts.push(condition.slice(from, i).trim());
        i += m[0].length - 1;
        from = i + 1;
      }
    }
  }
  parts.push(condition.slice(from).trim());
  return parts;
}

/** A condition only an admin passes: `admin and x` needs the admin part, `admin or x` needs every part admin. */
function requiresAdmin(condition: string, declared: (permission: string) => boolean | undefined): boolean {
  const inner = condition.trim().replace(/^\((.*)\)$/s, '$1');
  const alternatives = split(inner, 'or');
  if (alternatives.length > 1) return alternatives.every((a) => requiresAdmin(a, declared));
  const required = split(inner, 'and');
  return required.length > 1 ? required.some((r) => requiresAdmin(r, declared)) : isAdminGuard(inner, declared);
}

/**
 * A handler that opens by refusing whoever is not an admin: `if not (Permissions.ADMIN.can() and recent()) and not
 * settings.get(["server", "firstRun"]): abort(403)` / `if (!req.user.isAdmin) return res.status(403)...`. Every
 * alternative way past the check is the admin role or a server setting (a first-run wizard the operator controls).
 */
function opensWithAdminCheck(handler: Route['handler'], declared: (permission: string) => boolean | undefined): boolean {
  const body = handler?.field('body') ?? handler;
  const first = (body?.children() ?? []).find((c) => c.isNamed() && !/comment/.test(c.kind() as string) && !(c.kind() === 'expression_statement' && /^[rbuf]*['"]/.test(c.text())));
  if (!first || !/^if_statement$/.test(first.kind() as string)) return false;
  const condition = (first.field('condition')?.text() ?? '').replace(/^\((.*)\)$/s, '$1').trim();
  const consequence = first.field('consequence')?.text() ?? '';
  if (!DENY.test(consequence)) return false;
  // refused when every negated part holds: so past the check is whoever passes one of them
  const flat = condition.replace(/\s+/g, ' ');
  if (split(flat, 'or').length > 1) return false;
  let admin = false;
  for (const p of split(flat, 'and')) {
    const negated = /^(not\s+|!\s*)(.*)$/s.exec(p)?.[2]?.trim();
    if (!negated) return false;
    if (requiresAdmin(negated, declared)) admin = true;
    else if (!SETTING.test(negated)) return false;
  }
  return admin;
}

/** Files and line spans of handlers behind an admin guard. */
function adminHandlers(routes: readonly Route[], declared: (permission: string) => boolean | undefined): Span[] {
  const out: Span[] = [];
  for (const r of routes) {
    if (!r.handler || !(r.guards.some((g) => isAdminGuard(g, declared)) || opensWithAdminCheck(r.handler, declared))) continue;
    const { start, end } = r.handler.range();
    out.push({ file: r.handlerFile ?? r.file, from: start.line + 1, to: end.line + 1 });
  }
  return out;
}

const PY_DEF = /^(\s*)(?:async\s+)?def\s+(\w+)\s*\(/;
const JS_FN = /^(\s*)(?:export\s+)?(?:async\s+)?function\s*\*?\s*(\w+)\s*\(/;

/** The function a line sits in (by indentation), as its name and the line of its definition. */
export function enclosingFunction(lines: readonly string[], line: number): { name: string; line: number } | undefined {
  const indent = (l: string) => /^\s*/.exec(l)?.[0].length ?? 0;
  let limit = indent(lines[line - 1] ?? '');
  for (let i = line - 2; i >= 0; i--) {
    const l = lines[i] as string;
    if (!l.trim()) continue;
    const m = PY_DEF.exec(l) ?? JS_FN.exec(l);
    if (m && (m[1] as string).length < limit) return { name: m[2] as string, line: i + 1 };
    if (indent(l) < limit) limit = indent(l);
    if (limit === 0) return undefined;
  }
  return undefined;
}

/**
 * Whether a source line sits in a helper function every call of which (by name, over the project's files) is inside an
 * admin handler: `def pathchooser(): request.args...` called only from an `@admin_required` view. Files are split
 * once and each helper is judged once per scan, however many findings start in it.
 */
function adminHelpers(spans: readonly Span[], text: (file: string) => string | undefined, files: readonly string[]): (file: string, line: number) => boolean {
  const lines = new Map<string, string[] | null>();
  const linesOf = (f: string) => {
    if (!lines.has(f)) lines.set(f, text(f)?.split('\n') ?? null);
    return lines.get(f) ?? null;
  };
  const judged = new Map<string, boolean>();
  const onlyFromAdmin = (file: string, fn: { name: string; line: number }): boolean => {
    const call = new RegExp(`(^|[^\\w.])${fn.name}\\s*\\(|\\.${fn.name}\\s*\\(`);
    let calls = 0;
    for (const f of files) {
      const body = linesOf(f);
      if (!body || !text(f)?.includes(fn.name)) continue;
      for (let i = 0; i < body.length; i++) {
        if (!call.test(body[i] as string) || (f === file && i + 1 === fn.line)) continue;
        calls++;
        if (!spans.some((s) => s.file === f && i + 1 >= s.from && i + 1 <= s.to)) return false;
      }
    }
    return calls > 0;
  };
  return (file, line) => {
    const own = linesOf(file);
    // (a trace step on a function's own definition is the value bound to its parameter: that function is the helper)
    const at = own ? (PY_DEF.exec(own[line - 1] ?? '') ?? JS_FN.exec(own[line - 1] ?? '')) : null;
    const fn = at ? { name: at[2] as string, line } : own ? enclosingFunction(own, line) : undefined;
    if (!fn) return false;
    const key = `${file}:${fn.line}`;
    if (!judged.has(key)) judged.set(key, onlyFromAdmin(file, fn));
    return judged.get(key) as boolean;
  };
}

/**
 * `routes` is called only when some finding is of a capped kind above its cap (route extraction is not free); `text`
 * and `files` (the project's source files) let a source read in a helper count when only admin handlers call it.
 */
export function capAdminInput(findings: Finding[], routes: () => readonly Route[], text: (file: string) => string | undefined = () => undefined, files: readonly string[] = []): Finding[] {
  if (!findings.some((f) => trustedInputCap(f))) return findings;
  const spans = adminHandlers(routes(), declaredPermissions(text, files));
  if (spans.length === 0) return findings;
  const viaHelper = adminHelpers(spans, text, files);
  const within = (at: { file: string; line: number }) => spans.some((s) => s.file === at.file && at.line >= s.from && at.line <= s.to);
  return findings.map((f) => {
    const source = f.trace?.[0];
    const cap = trustedInputCap(f);
    if (!source || source.kind !== 'source' || !cap) return f;
    // a request reader shared by every route (reqBody(request)) is the source; the step after it is where the
    // handler took the value, so that step's handler is the route the input came through
    const entry = f.trace?.[1];
    const inHandler = within(source) || (!!entry && entry.kind === 'step' && within(entry));
    // ... and a helper only admin handlers call, whether it read the request itself or was handed what a shared
    // reader returned (`_test_url(data)` called only from an admin-only view)
    if (!inHandler && !viaHelper(source.file, source.line) && !(entry?.kind === 'step' && viaHelper(entry.file, entry.line))) return f;
    return { ...f, severity: cap, message: `${f.message} ${ADMIN_INPUT_NOTE}`, properties: { ...f.properties, adminInput: true } };
  });
}
