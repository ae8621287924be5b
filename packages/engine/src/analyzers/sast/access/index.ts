// Route-level access-control analysis: lists the routes of Express/Koa/Fastify/NestJS and Flask/FastAPI/Django
// applications with the guards on each, then reports state-changing or admin routes without authentication
// (in applications that authenticate elsewhere) and object lookups by a request id without an owner check.
import type { AnalyzerContext, Finding, SourceFile } from '../../../types';
import { toFinding } from '../patterns/finding';
import { jsIdor, pyIdor, type IdorHit } from './idor';
import { type HandlerIndex, indexHandlers, resolveHandler } from './js-handlers';
import { jsRoutes, nestGlobalGuards, nestMiddleware, relativeModule, type Mount } from './js-routes';
import { aliasCandidates, readPathAliases, type PathAlias } from '../taint/ts-paths';
import { SCHEMA_FILE, SCHEMA_IN_CODE, guardedResolvers, schemaFieldDirectives } from './graphql-resolvers';
import { guardedClasses } from './py-guarded-classes';
import { type PyModelIndex, pyModelIndex } from './py-models';
import { ADMIN_URL_CALL, djangoProject, pyRoutes } from './py-routes';
import { type Route, STATE_CHANGING, codeText, line } from './route';
import { ruleById } from './rules';
import { ADMIN_PATH, CONFIG_GATED, INLINE_AUTH_CHECK, WRITE_CALL, isAdminGuard, isAuthGuard, publicByDesign } from './vocabulary';

export { ACCESS_RULES } from './rules';
export type { Route } from './route';

const JS_LANGS = new Set(['javascript', 'typescript', 'tsx']);
const HANDLER_TEXT = /\(\s*(req|request|ctx)\b/;
const ROUTE_TEXT = /\.(get|post|put|patch|delete|all|route|use)\s*\(|@(Controller|Post|Put|Patch|Delete)\b|def \w+\(\s*request\b|View\b/;

/** `resolvers`: GraphQL resolvers of fields the schema guards with a directive (graphql-resolvers.ts), apart from the HTTP routes. */
type ProjectRoutes = { routes: Route[]; usesAuth: { js: boolean; py: boolean }; handlers: HandlerIndex; models: PyModelIndex; resolvers: Route[]; csrf: CsrfExposure };
const extracted = new WeakMap<AnalyzerContext, ProjectRoutes>();

/**
 * extractRoutes once per scan: the taint pass reads the same routes (admin-input.ts). The engine runs the taint and
 * access passes with a context each, so the list is shared through the thread's trees (`ctx.derived`) as well.
 */
export function routesOf(ctx: AnalyzerContext): ProjectRoutes {
  let hit = extracted.get(ctx);
  if (!hit) extracted.set(ctx, (hit = ctx.derived ? ctx.derived('sast.routes', () => extractRoutes(ctx)) : extractRoutes(ctx)));
  return hit;
}

/** Every route of the project, with guards from mounts in other files joined in. */
export function extractRoutes(ctx: AnalyzerContext): ProjectRoutes {
  const code = ctx.files.filter((f) => !f.isTest && (JS_LANGS.has(f.language ?? '') || f.language === 'python'));
  const py = code.filter((f) => f.language === 'python');
  const guarded = guardedClasses(py.filter((f) => /\bclass\s/.test(f.text()) && /Depends|Security/.test(f.text())).map((f) => f.text()));
  const django = djangoProject(py.filter((f) => /settings|urls\.py$/.test(f.path) || ADMIN_URL_CALL.test(f.text())).map((f) => ({ path: f.path, text: f.text() })), guarded, ninjaApiAuth(py));
  const routes: Route[] = [];
  const usesAuth = { js: false, py: false };
  const mounts: Mount[] = [];
  const nestApplied: ReturnType<typeof nestMiddleware> = [];
  const nestGlobal: string[] = [];
  const handlers: HandlerIndex = new Map();
  const csrf = csrfReader();
  for (const file of code) {
    const text = file.text();
    csrf.read(file.language, text);
    if (JS_LANGS.has(file.language ?? '') && HANDLER_TEXT.test(text)) {
      const tree = ctx.parse(file);
      if (tree) indexHandlers(handlers, tree, file.path);
    }
    if (JS_LANGS.has(file.language ?? '') && /\.forRoutes\(/.test(text)) nestApplied.push(...nestMiddleware(text));
    if (JS_LANGS.has(file.language ?? '') && /APP_GUARD|useGlobalGuards/.test(text)) nestGlobal.push(...nestGlobalGuards(text));
    if (!ROUTE_TEXT.test(text)) continue;
    const tree = ctx.parse(file);
    if (!tree) continue;
    if (file.language === 'python') {
      const r = pyRoutes(tree, file.path, text, django);
      routes.push(...r.routes);
      usesAuth.py ||= r.usesAuth;
    } else {
      const r = jsRoutes(tree, file.path, text);
      routes.push(...r.routes);
      mounts.push(...r.mounts);
      usesAuth.js ||= r.usesAuth;
    }
  }
  if (nestApplied.length) usesAuth.js = true;
  // (a route marked public, `@Public()` / `@SkipAuth()`, is let through by the global guard: it stays unguarded)
  if (nestGlobal.length) for (const r of routes) if (r.framework === 'nest' && !r.guards.some((g) => NEST_PUBLIC.test(g))) r.guards.push(...nestGlobal);
  for (const { guards, controllers } of nestApplied) {
    for (const r of routes) if (r.framework === 'nest' && (controllers === '*' || (r.controller && controllers.includes(r.controller)))) r.guards.push(...guards);
  }
  const inherited = mountedGuards(mounts, readPathAliases(ctx.files));
  for (const r of routes) r.guards.push(...(inherited.get(moduleKey(r.file)) ?? []));
  for (const r of routes) {
    const found = !r.handler && r.handlerRef ? resolveHandler(handlers, r.handlerRef) : null;
    if (found) Object.assign(r, { handler: found.node, handlerFile: found.file });
  }
  usesAuth.py ||= django.drfDefault !== null || django.loginMiddleware || django.urlGuards.size > 0 || django.ninjaAuth !== null;
  return { routes, usesAuth, handlers, models: pyModelIndex(py.map((f) => ({ text: f.text() }))), resolvers: schemaGuardedResolvers(ctx, code), csrf: csrf.exposure() };
}

/** A directive that guards a GraphQL field (`@auth(requires: [...])`, `@hasRole(role: ADMIN)`, `@isAuthenticated`). */
const guardDirective = (d: string) => /^@auth\b/i.test(d) || isAuthGuard(d);

/** Resolvers of GraphQL fields whose schema (a .graphql file or an SDL template in code) guards them with a directive. */
function schemaGuardedResolvers(ctx: AnalyzerContext, code: readonly SourceFile[]): Route[] {
  const fields = new Map<string, string[][]>();
  for (const f of ctx.files) {
    if (f.isTest || !(SCHEMA_FILE.test(f.path) || (JS_LANGS.has(f.language ?? '') && SCHEMA_IN_CODE.test(f.text())))) continue;
    if (f.text().includes('@')) schemaFieldDirectives(f.text(), fields);
  }
  if (![...fields.values()].some((decls) => decls.some((dirs) => dirs.some(guardDirective)))) return [];
  const types = new RegExp(`\\b(${[...new Set([...fields.keys()].map((k) => k.split('.')[0]))].join('|')})\\s*:\\s*\\{`);
  const out: Route[] = [];
  for (const file of code) {
    if (!JS_LANGS.has(file.language ?? '') || !types.test(file.text())) continue;
    const tree = ctx.parse(file);
    if (tree) out.push(...guardedResolvers(tree, file.path, fields, guardDirective));
  }
  return out;
}

/** `NinjaAPI(..., auth=...)` anywhere in the project: the auth every django-ninja router added to it inherits. */
function ninjaApiAuth(py: readonly SourceFile[]): string | null {
  for (const f of py) {
    const text = f.text();
    if (!text.includes('NinjaAPI(') && !text.includes('NinjaExtraAPI(')) continue;
    const auth = /Ninja(?:Extra)?API\(([^)]*?)\bauth\s*=\s*([^,)\n]+)/.exec(text)?.[2]?.trim();
    if (auth && auth !== 'None') return `NinjaAPI(auth=${auth}) in ${f.path}`;
  }
  return null;
}

const moduleKey = (path: string): string => path.replace(/(\/index)?\.[jt]sx?$/, '');

/**
 * Guards every router module inherits from where it is mounted, through any depth of mounts: `app.use('/settings',
 * requireAdmin, settings)` guards the routes of settings/index.ts and of the routers it mounts in turn
 * (`settings.use('/hooks', hooks)`). Aliased specifiers (`@server/routes/settings`) resolve through tsconfig paths.
 */
function mountedGuards(mounts: readonly Mount[], aliases: PathAlias[]): Map<string, string[]> {
  const edges = mounts.flatMap((m) => {
    const relative = relativeModule(m.from, m.spec);
    const targets = relative ? [relative] : aliasCandidates(aliases, m.from, m.spec);
    return targets.map((t) => ({ from: moduleKey(m.from), to: moduleKey(t), guards: m.guards }));
  });
  const out = new Map<string, string[]>();
  // a few rounds reach every depth a real app has; a mount cycle stops there too
  for (let round = 0; round < 6; round++) {
    let changed = false;
    for (const e of edges) {
      const have = out.get(e.to) ?? [];
      const add = [...e.guards, ...(out.get(e.from) ?? [])].filter((g) => !have.includes(g));
      if (add.length === 0) continue;
      out.set(e.to, [...have, ...new Set(add)]);
      changed = true;
    }
    if (!changed) break;
  }
  return out;
}

/** The handler, or a helper it hands the request to (`uploadAsImage(req, file)`), checks the caller itself. */
function checksInline(r: Route, handlers: HandlerIndex): boolean {
  if (!r.handler) return false;
  const body = codeText(r.handler);
  if (INLINE_AUTH_CHECK.test(body)) return true;
  for (const m of body.matchAll(/\b(\w+)\(\s*(req|request|ctx)\s*[,)]/g)) {
    const helper = handlers.get(m[1]!);
    if (helper && helper.node !== r.handler && INLINE_AUTH_CHECK.test(codeText(helper.node))) return true;
  }
  return false;
}

const authenticated = (r: Route, handlers: HandlerIndex) => r.guards.some(isAuthGuard) || checksInline(r, handlers);
/** The handler's body without its signature (a def named toggle_x is no write). */
const bodyText = (r: Route) => codeText(r.handler?.field('body') ?? r.handler);
const handlerName = (r: Route) => (r.handler?.field('name')?.text() ?? '');

function finding(ruleId: string, route: Route, file: string, startLine: number, key: string, snippet: string, message: string): Finding {
  const base = toFinding(ruleById(ruleId), file, { startLine, endLine: startLine, key, snippet: snippet.length > 240 ? `${snippet.slice(0, 237)}...` : snippet });
  return {
    ...base,
    message,
    properties: { framework: route.framework, methods: route.methods, ...(route.path ? { path: route.path } : {}), guards: route.guards.slice(0, 5) },
  };
}

function describe(r: Route): string {
  return `${r.methods.join('/')} ${r.path || handlerName(r) || '(view)'} (${r.framework})`;
}

/**
 * A handler that only dispatches to another guarded view of the same file (`if request.method == "POST": return
 * create(request)`) is as guarded as the view it calls. `sameFile`: the routes of the handler's file, in route
 * order (scanning every route of the project for each one cost ~100 ms on BenchmarkPython's 1,200 routes).
 */
function delegatesToGuarded(r: Route, sameFile: readonly Route[], handlers: HandlerIndex): boolean {
  if (!r.handler || sameFile.length < 2) return false;
  const body = r.handler.text();
  return sameFile.some((o) => o !== r && authenticated(o, handlers) && handlerName(o) !== '' && new RegExp(`\\b${handlerName(o)}\\s*\\(`).test(body));
}

/** Routes grouped by the file that declares them, each group in route order. */
function routesByFile(routes: readonly Route[]): Map<string, Route[]> {
  const out = new Map<string, Route[]>();
  for (const r of routes) {
    const group = out.get(r.file);
    if (group) group.push(r);
    else out.set(r.file, [r]);
  }
  return out;
}

const NEST_PUBLIC = /^@(Public|IsPublic|AllowAnonymous|Anonymous|SkipAuth\w*|NoAuth|Unauthenticated|PublicRoute)\b/i;

/** Middleware we cannot read (a spread or array from elsewhere, `...middlewares`) may authenticate. */
const UNKNOWN_GUARD = /\.\.\.\s*\w|^\w*middlewares?$/i;

/** Per language: the project signs users in with a server or cookie session and protects no request against CSRF. */
export interface CsrfExposure {
  js: boolean;
  py: boolean;
}

const JS_COOKIE_SESSION = /require\(\s*['"](express-session|cookie-session|koa-session)['"]\s*\)|from\s+['"](express-session|cookie-session|koa-session)['"]/;
const JS_CSRF = /\b(csurf|csrf-csrf|csrf-sync|lusca|tiny-csrf|koa-csrf|@fastify\/csrf-protection|doubleCsrf|csrfSync|csrfToken|_csrf|x-csrf-token|x-xsrf-token|sameSite)\b/i;
const PY_COOKIE_SESSION = /\b(aiohttp_session|flask_login|flask_session)\b|from flask import [^\n]*\bsession\b/;
const PY_CSRF = /\b(CSRFProtect|flask_wtf|FlaskForm|aiohttp_csrf|csrf_protect|csrf_token|SESSION_COOKIE_SAMESITE|samesite|django)\b/i;

/**
 * Reads each code file once, beside route extraction, for cookie sessions and any CSRF defence. A file is stripped of
 * its comments only when the raw text mentions one (a commented-out `app.use(csrf())` protects nothing).
 */
function csrfReader(): { read(language: string | null, text: string): void; exposure(): CsrfExposure } {
  const seen = { jsSession: false, jsCsrf: false, pySession: false, pyCsrf: false };
  const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*(\/\/|#).*$/gm, '');
  const found = (re: RegExp, text: string) => re.test(text) && re.test(code(text));
  return {
    read(language, text) {
      if (JS_LANGS.has(language ?? '')) {
        seen.jsSession ||= found(JS_COOKIE_SESSION, text);
        seen.jsCsrf ||= found(JS_CSRF, text);
      } else if (language === 'python') {
        seen.pySession ||= found(PY_COOKIE_SESSION, text);
        seen.pyCsrf ||= found(PY_CSRF, text);
      }
    },
    exposure: () => ({ js: seen.jsSession && !seen.jsCsrf, py: seen.pySession && !seen.pyCsrf }),
  };
}

/** A guard that restricts by role, group or permission (beyond being signed in). */
const ROLE_GUARD = /admin|staff|superuser|role|permission|group|owner_?only|privilege|scope/i;
/**
 * A role, permission or ownership check inside a handler. (401 and "Unauthorized" answer a caller who is not signed
 * in: that is the sign-in check; a role check is a condition on the role or admin flag, or a 403.)
 */
const ROLE_CHECK = /is_?admin|is_?staff|is_?superuser|superuser|super_?admin|\b(assert|require|ensure|check|verify)_?\w*admin\w*\s*\(|has_?perm|permission|\brole|privilege|admin_?required|\b403\b|Forbidden|PermissionDenied|abort\(\s*403|\b(if|elif|unless)\b[^\n]*\badmin/i;
/** String literals with a space in them: SQL text (`SELECT id, role FROM users`) and messages, which check nothing. */
const STRING_LITERAL = /("""|''')[\s\S]*?\1|(["'`])(?:(?!\2)[^\\\n]|\\.)*\2/g;
const checksRole = (r: Route) => ROLE_CHECK.test(bodyText(r).replace(STRING_LITERAL, (lit) => (/\s/.test(lit) ? '""' : lit)));

/**
 * An administrative function: an admin path, a handler named admin_*, or a handler in an admin/ views folder
 * (`views/admin/views.py`; Django's admin.py registers ModelAdmins, which Django's own admin site guards).
 */
function adminFunction(r: Route): boolean {
  return ADMIN_PATH.test(r.path) || /^admin_?[A-Za-z]/.test(handlerName(r)) || /(^|\/)admin\/[\w.-]+\.(py|js|ts)$/.test(r.handlerFile ?? r.file);
}

/** Findings for one route list; `usesAuth` says per language whether the application authenticates anywhere. */
export function accessFindings(
  routes: Route[],
  usesAuth: { js: boolean; py: boolean },
  handlers: HandlerIndex = new Map(),
  models: PyModelIndex = new Map(),
  csrf: CsrfExposure = { js: false, py: false },
): Finding[] {
  const out: Finding[] = [];
  const byFile = routesByFile(routes);
  for (const r of routes) {
    const lang = r.framework === 'flask' || r.framework === 'fastapi' || r.framework === 'django' ? 'py' : 'js';
    const isAuthed = authenticated(r, handlers) || delegatesToGuarded(r, byFile.get(r.file)!, handlers);
    // A POST handler that writes nothing (a preview, a search) changes no state.
    const changesState = r.methods.some((m) => STATE_CHANGING.has(m)) && r.handler !== null && WRITE_CALL.test(bodyText(r));
    const admin = ADMIN_PATH.test(r.path);
    const appAuthenticates = lang === 'py' ? usesAuth.py : usesAuth.js;
    // A handler we could not read may check the caller itself: only routes whose code we see are judged.
    const gated = CONFIG_GATED.test(bodyText(r).replace(/^\s*(\{|(["'`]{1,3})[\s\S]*?\2)\s*/, ''));
    if (!isAuthed && !gated && r.handler && appAuthenticates && (changesState || admin) && !publicByDesign(r.path, handlerName(r), r.methods) && !r.guards.some((g) => /AllowAny|@Public\b|public/i.test(g) || UNKNOWN_GUARD.test(g))) {
      const snippet = (r.handler?.text() ?? '').split('\n')[0] ?? '';
      out.push(finding(`${lang}.access.missing-authentication`, r, r.file, r.line, `${r.methods.join(',')} ${r.path} ${handlerName(r)}`, snippet,
        `${describe(r)} ${admin ? 'serves an admin-looking path' : 'changes state'} with no authentication on its chain (guards seen: ${r.guards.length ? r.guards.map((g) => g.split('\n')[0]).join(', ').slice(0, 160) : 'none'}), while other routes of this application are authenticated.`));
    }
    // A signed-in user's browser sends the session cookie with a forged cross-site form post. Only a POST can be
    // forged by a plain form (PUT, PATCH and DELETE from another origin need a CORS preflight); sign-in and public
    // endpoints hold no session worth riding; Django checks CSRF by default, and FastAPI and Fastify apps are API
    // servers reading tokens from headers.
    if (changesState && r.methods.includes('POST') && csrf[lang] && (r.framework === 'express' || r.framework === 'koa' || r.framework === 'flask') && !publicByDesign(r.path, handlerName(r))) {
      const snippet = (r.handler?.text() ?? '').split('\n')[0] ?? '';
      out.push(finding(`${lang}.access.csrf-unprotected`, r, r.file, r.line, `${r.methods.join(',')} ${r.path} ${handlerName(r)}`, snippet,
        `${describe(r)} changes state in an application that signs users in with a session cookie and sets up no CSRF protection (no token middleware, no SameSite session cookie).`));
    }
    // An admin function that only asks for a signed-in user: any account can use it
    if (isAuthed && r.handler && adminFunction(r) && !r.guards.some((g) => isAdminGuard(g) || ROLE_GUARD.test(g)) && !checksRole(r)) {
      const snippet = (r.handler?.text() ?? '').split('\n')[0] ?? '';
      out.push(finding(`${lang}.access.missing-authorization`, r, r.file, r.line, `${r.methods.join(',')} ${r.path} ${handlerName(r)}`, snippet,
        `${describe(r)} is an administrative function that requires only a signed-in user: no role, permission or admin check on its chain (guards seen: ${r.guards.map((g) => g.split('\n')[0]).join(', ').slice(0, 160)}) or in its handler.`));
    }
    // An administrator, or a role granted a permission on every object of a kind, may load any record: IDOR is
    // about ordinary users reaching each other's objects.
    const adminOnly = admin || r.guards.some((g) => /admin|staff|superuser|owner_?only|permission_required|roles?_required|PermissionRequired/i.test(g));
    if (isAuthed && !adminOnly && !publicByDesign(r.path, handlerName(r))) {
      const hit: IdorHit | null = lang === 'js' ? jsIdor(r) : pyIdor(r, models);
      if (hit) {
        out.push(finding(`${lang}.access.idor`, r, r.handlerFile ?? r.file, line(hit.node), `${r.path} ${hit.lookup}`, hit.lookup,
          hit.why ? `${describe(r)} ${hit.why}.` : `${describe(r)} loads a record by a request id (${hit.lookup.slice(0, 100)}) with no owner/tenant condition and no permission check in the handler.`));
      }
    }
  }
  return out;
}

export function runAccessControl(ctx: AnalyzerContext): Finding[] {
  const { routes, usesAuth, handlers, models, csrf } = routesOf(ctx);
  return accessFindings(routes, usesAuth, handlers, models, csrf);
}
