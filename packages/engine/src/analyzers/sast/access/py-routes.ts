// Routes declared in Python: Flask/FastAPI decorators (`@bp.route(path, methods=[...])`, `@router.post(path)`),
// Django function views and class-based views (with DRF permission classes). Django views are listed per view
// (URLconf paths are not joined); the methods of a function view come from its decorators or its
// `request.method == "POST"` test.
import type { SgNode, SgRoot } from '@ast-grep/napi';
import { type Route, line } from './route';
import { INLINE_AUTH_CHECK, isAuthGuard } from './vocabulary';

const ROUTE_DECORATOR = /^@\s*([\w.]+)\.(route|get|post|put|patch|delete|api_route)\s*\(\s*(?:rule\s*=\s*|path\s*=\s*)?[rfbu]?(['"])([^'"]*)\3/;
const DJANGO_VIEW_FILE = /(^|\/)(views?|api|viewsets?)(\.py$|\/)/;
const DRF_VIEW_BASE = /APIView|ViewSet|GenericAPIView|CreateAPIView|UpdateAPIView|DestroyAPIView|ListCreateAPIView|RetrieveUpdate\w*APIView|\w*Mixin/;
const DJANGO_VIEW_BASE = /\bView\b|FormView|CreateView|UpdateView|DeleteView|TemplateView|RedirectView|DetailView|ListView|APIView|ViewSet/;
const CBV_METHODS: Record<string, string> = { post: 'POST', put: 'PUT', patch: 'PATCH', delete: 'DELETE', create: 'POST', update: 'PUT', partial_update: 'PATCH', destroy: 'DELETE', form_valid: 'POST' };

export interface PyFileRoutes {
  routes: Route[];
  usesAuth: boolean;
}

function params(fn: SgNode): string[] {
  return (fn.field('parameters')?.children() ?? [])
    // Dependency-injected parameters (`user=Depends(get_current_user)`) are not URL captures.
    .filter((p) => p.isNamed() && !/\b(Depends|Security)\(/.test(p.text()))
    .map((p) => ((p.kind() as string) === 'identifier' ? p.text() : (p.field('name')?.text() ?? p.children()[0]?.text() ?? '')).split(':')[0]!.trim())
    .filter((n) => n && !/^(self|cls|request|req|\*.*)$/.test(n));
}

/** `@bp.before_request` functions that check the user guard every route on that blueprint/app in the file. */
function beforeRequestGuards(root: SgNode, text: string): Map<string, string> {
  const guarded = new Map<string, string>();
  // the text test first: reading every decorated function's text through the parser binding costs more
  if (!/\.before_(app_)?request\b/.test(text)) return guarded;
  for (const d of root.findAll({ rule: { kind: 'decorated_definition' } })) {
    const m = /@\s*(\w+)\.before_(app_)?request\b/.exec(d.text());
    if (m && INLINE_AUTH_CHECK.test(d.field('definition')?.text() ?? '')) guarded.set(m[1]!, `${m[1]}.before_request (checks the user)`);
  }
  return guarded;
}

function flaskLikeRoutes(root: SgNode, file: string, text: string, guardedClasses: Map<string, string>, ninjaAuth: string | null): Route[] {
  const framework = /\bfrom\s+fastapi\b|\bimport\s+fastapi\b/.test(text) ? 'fastapi' : 'flask';
  const before = beforeRequestGuards(root, text);
  // FastAPI routers built with dependencies=[Depends(auth)] guard every route declared on them.
  const routerDeps = new Map<string, string>();
  if (text.includes('dependencies')) for (const m of text.matchAll(/(\w+)\s*=\s*(?:APIRouter|FastAPI)\(([^)]*dependencies\s*=[^\n]*)/g)) routerDeps.set(m[1]!, m[2]!);
  if (guardedClasses.size > 0) for (const m of text.matchAll(/(\w+)\s*=\s*(\w+)\(/g)) if (guardedClasses.has(m[2]!)) routerDeps.set(m[1]!, guardedClasses.get(m[2]!)!);
  // django-ninja: a Router or NinjaAPI built with auth=... guards its routes; a plain Router inherits the auth of the
  // project's NinjaAPI (routers are added to it with add_router); a route's own auth=None opts out
  if (/\bfrom\s+ninja(_extra)?\b|\bimport\s+ninja\b/.test(text)) {
    for (const m of text.matchAll(/(\w+)\s*=\s*(?:NinjaAPI|NinjaExtraAPI|Router)\(([^)]*)\)/g)) {
      const own = /\bauth\s*=\s*([^,)\n]+)/.exec(m[2]!)?.[1]?.trim();
      const auth = own ?? ninjaAuth;
      if (auth && auth !== 'None') routerDeps.set(m[1]!, own ? `auth=${own}` : auth);
    }
  }
  // `APIRouter(prefix="/users/{user_id}/orders")`: the router's own prefix, part of each of its routes' paths
  const routerPrefix = new Map<string, string>();
  if (text.includes('prefix')) for (const m of text.matchAll(/(\w+)\s*=\s*APIRouter\(\s*(?:[^)]*?[,(\s])?prefix\s*=\s*[rf]?(['"])([^'"]*)\2/g)) routerPrefix.set(m[1]!, m[3]!);
  const routes: Route[] = [];
  for (const d of root.findAll({ rule: { kind: 'decorated_definition' } })) {
    const fn = d.field('definition');
    if (!fn || (fn.kind() as string) !== 'function_definition') continue;
    const decorators = d.children().filter((c) => (c.kind() as string) === 'decorator').map((c) => c.text());
    const routeDec = decorators.map((t) => ({ t, m: ROUTE_DECORATOR.exec(t) })).find((x) => x.m);
    if (!routeDec?.m) continue;
    const [, receiver, verb, , path] = routeDec.m;
    const declared = /methods\s*=\s*[[(]([^\])]*)/.exec(routeDec.t)?.[1];
    const methods = verb === 'route' || verb === 'api_route'
      ? (declared ? [...declared.matchAll(/['"](\w+)['"]/g)].map((x) => x[1]!.toUpperCase()) : ['GET'])
      : [verb!.toUpperCase()];
    const paramText = fn.field('parameters')?.text() ?? '';
    // A route method of a controller class inherits the class's guards (class attributes with Depends, base classes).
    const owner = d.parent()?.parent();
    const ownerBases = owner && (owner.kind() as string) === 'class_definition' ? (owner.field('superclasses')?.text() ?? '') : '';
    const classGuards = [...ownerBases.matchAll(/\w+/g)].map((b) => guardedClasses.get(b[0])).filter((g): g is string => !!g);
    const optOut = /\bauth\s*=\s*None\b/.test(routeDec.t);
    const guards = [
      ...decorators.filter((t) => t !== routeDec.t),
      ...(/dependencies\s*=/.test(routeDec.t) ? [routeDec.t] : []),
      ...[...paramText.matchAll(/(?:Depends|Security)\([^)]*\)/g)].map((x) => x[0]),
      ...(before.has(receiver!) ? [before.get(receiver!)!] : []),
      ...(routerDeps.has(receiver!) && !optOut ? [routerDeps.get(receiver!)!] : []),
      ...classGuards,
    ];
    // Flask passes a view its rule's captures (`<int:report_id>`); other parameters come from its decorators (an
    // authenticated user injected by `@require_auth`), not from the request. FastAPI reads every undeclared one from it.
    const captures = new Set([...path!.matchAll(/<(?:[^:<>]+:)?(\w+)>/g)].map((c) => c[1]!));
    const urlParams = framework === 'flask' ? params(fn).filter((p) => captures.has(p)) : params(fn);
    const prefix = routerPrefix.get(receiver!);
    routes.push({ framework, methods, path: path!, file, line: line(d), guards, handler: fn, urlParams, ...(prefix ? { routerPrefix: prefix } : {}) });
  }
  return routes;
}

function functionMethods(decorators: string[], body: string): string[] {
  const all = decorators.join('\n');
  if (/require_POST/.test(all)) return ['POST'];
  const listed = /(?:require_http_methods|api_view)\(\s*\[([^\]]*)\]/.exec(all)?.[1];
  if (listed) return [...listed.matchAll(/['"](\w+)['"]/g)].map((x) => x[1]!.toUpperCase());
  if (/require_GET|require_safe/.test(all)) return ['GET'];
  const tested = [...body.matchAll(/request\.method\s*(?:==|in)\s*[([]?\s*['"](POST|PUT|PATCH|DELETE)['"]/g)].map((x) => x[1]!);
  return tested.length > 0 ? [...new Set(tested)] : ['GET'];
}

/**
 * Authentication the handler methods of a class-based view all require (`@jwt_auth_required def get(...)`,
 * `@method_decorator(login_required) def dispatch(...)`): the view's own, as a class decorator would be.
 */
function cbvMethodAuth(body: SgNode | null): string[] {
  const handlers = (body?.children() ?? [])
    .filter((c) => (c.kind() as string) === 'decorated_definition' || (c.kind() as string) === 'function_definition')
    .map((c) => ({ fn: (c.kind() as string) === 'decorated_definition' ? c.field('definition') : c, decorators: c.children().filter((d) => (d.kind() as string) === 'decorator').map((d) => d.text()) }))
    .filter(({ fn }) => { const n = fn?.field('name')?.text() ?? ''; return n === 'dispatch' || n === 'get' || Object.hasOwn(CBV_METHODS, n); });
  const dispatch = handlers.find(({ fn }) => fn?.field('name')?.text() === 'dispatch');
  if (dispatch?.decorators.some(isAuthGuard)) return dispatch.decorators.filter(isAuthGuard);
  return handlers.length > 0 && handlers.every((h) => h.decorators.some(isAuthGuard)) ? handlers[0]!.decorators.filter(isAuthGuard) : [];
}

function djangoRoutes(root: SgNode, file: string, django: DjangoProject): Route[] {
  const { drfDefault, urlGuards } = django;
  const routes: Route[] = [];
  for (const node of root.children()) {
    const decorated = (node.kind() as string) === 'decorated_definition';
    const def = decorated ? node.field('definition') : node;
    if (!def) continue;
    const decorators = decorated ? node.children().filter((c) => (c.kind() as string) === 'decorator').map((c) => c.text()) : [];
    const name = def.field('name')?.text() ?? '';
    if (django.routed && !django.routed.has(name)) continue;
    const fromUrls = urlGuards.get(name);
    if ((def.kind() as string) === 'function_definition') {
      const first = (def.field('parameters')?.children() ?? []).find((p) => p.isNamed())?.text().split(':')[0]?.trim();
      if (first !== 'request') continue;
      const drf = decorators.some((d) => /@api_view/.test(d));
      const guards = [...decorators, ...(fromUrls ? [fromUrls] : []), ...(drf && drfDefault && !decorators.some((d) => /permission_classes/.test(d)) ? [drfDefault] : [])];
      routes.push({ framework: 'django', methods: functionMethods(decorators, def.text()), path: '', file, line: line(node), guards, handler: def, urlParams: params(def) });
    } else if ((def.kind() as string) === 'class_definition') {
      const bases = def.field('superclasses')?.text() ?? '';
      if (!DJANGO_VIEW_BASE.test(bases)) continue;
      const body = def.field('body');
      const own = (body?.children() ?? []).filter((c) => /permission_classes|permission_required|login_url|raise_exception|get_permissions/.test(c.text())).map((c) => c.text().split('\n')[0]!);
      const methods = new Set<string>();
      for (const m of body?.findAll({ rule: { kind: 'function_definition' } }) ?? []) {
        const verb = CBV_METHODS[m.field('name')?.text() ?? ''];
        if (verb && m.parent()?.parent()?.id() === def.id()) methods.add(verb);
      }
      const everyVerb = cbvMethodAuth(body);
      if (/ModelViewSet|CreateAPIView|UpdateAPIView|DestroyAPIView|ListCreateAPIView|RetrieveUpdate\w*APIView|DeleteView|CreateView|UpdateView|FormView/.test(bases)) {
        for (const v of /ModelViewSet/.test(bases) ? ['POST', 'PUT', 'PATCH', 'DELETE'] : /Create|Form/.test(bases) ? ['POST'] : /Destroy|Delete/.test(bases) ? ['DELETE'] : ['PUT', 'PATCH']) methods.add(v);
      }
      const drf = DRF_VIEW_BASE.test(bases);
      const guards = [...decorators, bases, ...own, ...everyVerb, ...(fromUrls ? [fromUrls] : []), ...(drf && drfDefault && own.length === 0 ? [drfDefault] : [])];
      routes.push({ framework: 'django', methods: methods.size > 0 ? [...methods] : ['GET'], path: '', file, line: line(node), guards, handler: def, urlParams: [] });
    }
  }
  return routes;
}

/**
 * A view that dispatches to a decorated function of the same file (`if request.method == "POST": return
 * create_check(request)`) carries that function's guards.
 */
function addDelegatedGuards(root: SgNode, routes: Route[]): void {
  if (routes.length === 0) return;
  const guardedFns = new Map<string, string>();
  for (const d of root.children()) {
    if ((d.kind() as string) !== 'decorated_definition') continue;
    const name = d.field('definition')?.field('name')?.text();
    const guard = d.children().filter((c) => (c.kind() as string) === 'decorator').map((c) => c.text()).find(isAuthGuard);
    if (name && guard) guardedFns.set(name, guard);
  }
  if (guardedFns.size === 0) return;
  for (const r of routes) {
    if (!r.handler || r.guards.some(isAuthGuard)) continue;
    const body = r.handler.field('body')?.text() ?? '';
    for (const [name, guard] of guardedFns) if (new RegExp(`\\b${name}\\(\\s*request\\b`).test(body)) r.guards.push(`${guard} via ${name}()`);
  }
}

export interface DjangoProject {
  /** DRF DEFAULT_PERMISSION_CLASSES when they authenticate (e.g. IsAuthenticated), else null. */
  drfDefault: string | null;
  /** A middleware in settings that requires login for every view. */
  loginMiddleware: boolean;
  /** View names wrapped in an auth decorator inside a URLconf (`path('x/', login_required(views.x))`). */
  urlGuards: Map<string, string>;
  /** Classes that authenticate their users (py-guarded-classes.ts): controller bases and router subclasses. */
  guardedClasses: Map<string, string>;
  /** Every identifier a URLconf mentions, or null when the project has no urls.py: a Django view is a route only if routed. */
  routed: Set<string> | null;
  /** The auth of the project's django-ninja API (`NinjaAPI(auth=[TokenAuth()])`), which its routers inherit. */
  ninjaAuth: string | null;
}

/** Project-wide Django facts from settings and URLconf files. */
export function djangoProject(files: { path: string; text: string }[], guardedClasses: Map<string, string> = new Map(), ninjaAuth: string | null = null): DjangoProject {
  let drfDefault: string | null = null;
  let loginMiddleware = false;
  const urlGuards = new Map<string, string>();
  let routed: Set<string> | null = null;
  for (const f of files) {
    const perms = /DEFAULT_PERMISSION_CLASSES['"]?\s*[:=]\s*[[(]([^\])]*)/.exec(f.text)?.[1];
    if (perms && isAuthGuard(perms)) drfDefault = `DEFAULT_PERMISSION_CLASSES ${perms.trim()}`;
    if (/MIDDLEWARE\s*=/.test(f.text) && /['"][\w.]*(LoginRequired|RequireLogin|LoginMiddleware|AuthRequired)\w*['"]/.test(f.text)) loginMiddleware = true;
    if (/(^|\/)urls\.py$/.test(f.path)) {
      routed ??= new Set();
      for (const m of f.text.matchAll(/\w+/g)) routed.add(m[0]);
      for (const m of f.text.matchAll(/(\w*(?:login|permission|staff|superuser|auth|admin)\w*)\(\s*([\w.]+?)(?:\.as_view\([^)]*\))?\s*[,)]/gi)) {
        const name = m[2]!.split('.').pop()!;
        if (isAuthGuard(m[1]!)) urlGuards.set(name, `${m[1]}(...) in ${f.path}`);
      }
    }
  }
  // URL helpers of an admin area, in any module (`admin_url(r"^addons/$", "app.views.AddonView", name=...)`)
  for (const f of files) {
    if (!ADMIN_URL_CALL.test(f.text)) continue;
    for (const m of f.text.matchAll(new RegExp(ADMIN_URL_CALL.source, 'g'))) {
      const call = balancedCall(f.text, m.index! + m[0].length - 1);
      if (/\b(require_?)?(auth\w*|login\w*|staff\w*)\s*=\s*False\b/.test(call)) continue;
      const view = /^\(\s*[rbu]*(['"])(?:\\.|(?!\1).)*\1\s*,\s*(?:[rbu]*['"])?([\w.]+?)(?:\.as_view\b|['"]|\s*[,)])/s.exec(call)?.[2]?.split('.').pop();
      if (!view) continue;
      urlGuards.set(view, `${m[1]}(...) in ${f.path}`);
      routed?.add(view);
    }
  }
  return { drfDefault, loginMiddleware, urlGuards, routed, guardedClasses, ninjaAuth };
}

/**
 * A call to a URL helper named for the admin area (`admin_url(...)`, `staff_url(...)`): its pattern is served by
 * the admin site, which lets only staff in (the helper's `require_authentication=False` opts a view out).
 */
export const ADMIN_URL_CALL = /\b((?:admin|staff)_(?:url|path|re_path|view))\s*\(/;

/** The text of a call's parenthesised arguments, from the opening parenthesis at `open`. */
function balancedCall(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length && i < open + 2000; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(open, i + 1);
  }
  return text.slice(open, open + 2000);
}

export function pyRoutes(tree: SgRoot, file: string, text: string, django: DjangoProject): PyFileRoutes {
  const root = tree.root();
  const routes = ROUTE_DECORATOR.test(text) || /@\s*[\w.]+\.(route|get|post|put|patch|delete)\(/.test(text) ? flaskLikeRoutes(root, file, text, django.guardedClasses, django.ninjaAuth) : [];
  if (routes.length === 0 && DJANGO_VIEW_FILE.test(file) && /\bdjango\b|rest_framework/.test(text)) {
    routes.push(...djangoRoutes(root, file, django));
    if (django.loginMiddleware) for (const r of routes) r.guards.push('login-required middleware in settings');
  }
  addDelegatedGuards(root, routes);
  const usesAuth = routes.some((r) => r.guards.some(isAuthGuard)) || /login_required|LoginRequiredMixin|permission_classes|Depends\(\s*get_current/.test(text);
  return { routes, usesAuth };
}
