// Routes declared in JavaScript/TypeScript: Express and Koa routers (`app.post(path, ...middleware, handler)`),
// Fastify (`fastify.post(path, { preHandler }, handler)`), and NestJS controllers (`@Post()` under `@Controller`).
// Middleware applied with `use` (on the same router, or on a mount of a router imported from another file)
// becomes part of each route's guard chain.
import { dirname, join, normalize } from 'node:path';
import type { SgNode, SgRoot } from '@ast-grep/napi';
import { type Framework, type Route, line } from './route';
import { isAuthGuard } from './vocabulary';

const VERBS = /^(get|post|put|patch|delete|del|all)$/;
/** A server module, or a route module handed the router/app by its caller (`module.exports = (router) => ...`). */
const SERVER_FILE = /(require\(\s*|from\s+)['"](express|koa|@koa\/router|koa-router|fastify|express-promise-router)['"]|\bRouter\(|express\(\)|\(\s*(router|app)\s*\)\s*=>|function\s*\w*\s*\(\s*(router|app)\s*[,)]|\.route\(\s*['"]\//;
/** HTTP clients and test agents share the verb names: their calls are requests, not routes. */
const CLIENT_RECEIVER = /^(axios|https?|client|request|superagent|supertest|agent|fetch|\$|jQuery|ky|got|needle|instance|this\.http|\$http|wrapper|mock\w*)$/i;
const FUNCTION_KINDS = new Set(['arrow_function', 'function_expression', 'function']);

/**
 * The function inside a handler wrapper (`asyncHandler(async (req, res) => ...)`, `catchAsync(fn)`,
 * `error_catcher(async (req, res) => ...)`): the wrapper only forwards errors to next(), the function is the handler.
 */
function unwrapHandler(node: SgNode | null | undefined): SgNode | null | undefined {
  if (!node || (node.kind() as string) !== 'call_expression') return node;
  const args = (node.field('arguments')?.children() ?? []).filter((c) => c.isNamed());
  const last = args[args.length - 1];
  return args.length === 1 && last && FUNCTION_KINDS.has(last.kind() as string) ? last : node;
}

export interface JsFileRoutes {
  routes: Route[];
  /**
   * `X.use('/p', auth, router)`-style mounts of a router imported from another file, with the auth guards applied
   * there (none for a plain mount: the mounted router still inherits what guards this file's router).
   */
  mounts: Mount[];
  /** The file authenticates somewhere (a guard on a route or on `use`). */
  usesAuth: boolean;
}

/** A router imported from `spec` (relative to `from`, or a tsconfig path alias) mounted behind `guards`. */
export interface Mount { from: string; spec: string; guards: string[] }

function frameworkOf(text: string): Framework {
  if (/['"](koa|@koa\/router|koa-router)['"]/.test(text)) return 'koa';
  if (/['"]fastify['"]/.test(text)) return 'fastify';
  return 'express';
}

const staticPath = (n: SgNode | undefined): string | null =>
  n && /^(string|template_string)$/.test(n.kind() as string) && !n.text().includes('${') ? n.text().slice(1, -1) : null;

const args = (call: SgNode): SgNode[] => (call.field('arguments')?.children() ?? []).filter((c) => c.isNamed() && (c.kind() as string) !== 'comment');

/** The module specifier of an import/require bound to `name` (`./settings`, `@server/routes/settings`). */
function importSpec(text: string, name: string): string | null {
  const re = new RegExp(`(?:\\b${name}\\s*=\\s*require\\(\\s*['"]([^'"]+)['"]|import\\s+${name}\\s+from\\s+['"]([^'"]+)['"])`);
  const m = re.exec(text);
  return m?.[1] ?? m?.[2] ?? null;
}

/** A relative specifier resolved to a repo path (extension and /index left as written). */
export function relativeModule(from: string, spec: string): string | null {
  return spec.startsWith('.') ? normalize(join(dirname(from), spec)).replace(/\\/g, '/') : null;
}

/** `router.route('/x').get(h).post(h)`: the path and the router of a verb call on a route chain. */
function routeChain(callee: SgNode): { path: string; receiver: string } | null {
  let obj = callee.field('object');
  while (obj && (obj.kind() as string) === 'call_expression') {
    const fn = obj.field('function');
    if (!fn || (fn.kind() as string) !== 'member_expression') return null;
    if (fn.field('property')?.text() === 'route') {
      const path = staticPath(args(obj)[0]);
      return path === null ? null : { path, receiver: fn.field('object')?.text() ?? '' };
    }
    obj = fn.field('object');
  }
  return null;
}

/**
 * Middleware passed as a named array (`postMiddlewares`, `...middlewares`) is replaced by the array's contents
 * when the file defines it; otherwise it stays as is and the route's guards are unknown (see UNKNOWN_GUARD).
 */
function inlineArrays(guard: string, text: string): string {
  return guard.replace(/(?:\.\.\.)?\b([A-Za-z_$][\w$]*)\b(?![.(\w])/g, (whole, name: string) => {
    const m = new RegExp(`(?:const|let|var)\\s+${name}\\s*=\\s*\\[([^\\]]*)\\]`).exec(text);
    return m ? m[1]!.trim() : whole;
  });
}

const NEST_APPLY = /\.apply\(([^()]*(?:\([^()]*\)[^()]*)*)\)(?:\s*\.exclude\([^)]*\))?\s*\.forRoutes\(([^)]*)\)/g;

/**
 * NestJS modules' `consumer.apply(AuthMiddleware).forRoutes(UsersController, ...authenticated)`: the middleware
 * guards every route of the controllers named (an array spread is read from the same file); '*' guards them all.
 */
export function nestMiddleware(text: string): { guards: string[]; controllers: string[] | '*' }[] {
  const out: { guards: string[]; controllers: string[] | '*' }[] = [];
  for (const m of text.matchAll(NEST_APPLY)) {
    const guards = m[1]!.split(',').map((g) => g.trim()).filter(isAuthGuard);
    if (!guards.length) continue;
    const targets = inlineArrays(m[2]!, text).replace(/\.\.\./g, '').split(',').map((t) => t.trim()).filter(Boolean);
    out.push({ guards, controllers: targets.some((t) => /^['"`]\*|path:\s*['"`]\*/.test(t)) ? '*' : targets.filter((t) => /^[A-Z]\w*$/.test(t)) });
  }
  return out;
}

/** Guards from a `use` call per receiver: global ones (no path) from a line on, and path-scoped ones. */
interface UseGuard { receiver: string; from: number; prefix: string | null; guards: string[] }

/**
 * Decorators of a Nest route that route, render or document it: `@ApiTags('Admin')`, `@ApiBearerAuth()` (nestjs/swagger)
 * describe the API for its docs and enforce nothing.
 */
const NEST_NOT_GUARD = /^@(Controller|Get|Post|Put|Patch|Delete|All|HttpCode|Header|Redirect|Render|Version|Sse|Api[A-Z]\w*)\b/;

/**
 * Guards a Nest application installs for every route (`{ provide: APP_GUARD, useClass: JwtAuthGuard }`,
 * `app.useGlobalGuards(new RolesGuard())`) that authenticate: rate limits and CSRF checks sign nobody in.
 */
export function nestGlobalGuards(text: string): string[] {
  const names = [
    ...[...text.matchAll(/provide\s*:\s*APP_GUARD\s*,\s*useClass\s*:\s*(\w+)/g)].map((m) => m[1]!),
    ...[...text.matchAll(/useGlobalGuards\(([^;]*)\)/g)].flatMap((m) => [...m[1]!.matchAll(/new\s+(\w+)|(?:get|resolve)\(\s*(\w+)/g)].map((x) => (x[1] ?? x[2])!)),
  ];
  return names.filter((n) => /auth|jwt|session|passport|login|role|permission|polic|access|acl|user|token|account/i.test(n) && !/throttl|csrf|rate/i.test(n)).map((n) => `${n} (global guard)`);
}

function nestRoutes(root: SgNode, file: string): Route[] {
  const routes: Route[] = [];
  for (const cls of root.findAll({ rule: { kind: 'class_declaration' } })) {
    const parent = cls.parent();
    const classDecorators = [...cls.children(), ...(parent && (parent.kind() as string) === 'export_statement' ? parent.children() : [])]
      .filter((c) => (c.kind() as string) === 'decorator')
      .map((d) => d.text());
    const controller = classDecorators.find((d) => /^@Controller\b/.test(d));
    if (!controller) continue;
    const className = cls.field('name')?.text();
    const prefix = /['"`]([^'"`]*)['"`]/.exec(controller)?.[1] ?? '';
    let pending: string[] = [];
    for (const member of cls.field('body')?.children() ?? []) {
      const kind = member.kind() as string;
      if (kind === 'decorator') { pending.push(member.text()); continue; }
      if (kind !== 'method_definition') { pending = []; continue; }
      const verb = pending.map((d) => /^@(Get|Post|Put|Patch|Delete|All)\b\s*(?:\(\s*['"`]?([^'"`)]*)['"`]?\s*\))?/.exec(d)).find(Boolean);
      if (verb) {
        const sub = verb[2] ?? '';
        routes.push({
          framework: 'nest',
          methods: [verb[1]!.toUpperCase() === 'ALL' ? 'ANY' : verb[1]!.toUpperCase()],
          path: `/${[prefix, sub].filter(Boolean).join('/')}`.replace(/\/+/g, '/'),
          file,
          line: line(member),
          guards: [...classDecorators, ...pending].filter((d) => !NEST_NOT_GUARD.test(d)),
          handler: member.field('body'),
          urlParams: [],
          ...(className ? { controller: className } : {}),
        });
      }
      pending = [];
    }
  }
  return routes;
}

export function jsRoutes(tree: SgRoot, file: string, text: string): JsFileRoutes {
  const root = tree.root();
  const routes = /@Controller\b/.test(text) ? nestRoutes(root, file) : [];
  const mounts: Mount[] = [];
  if (!SERVER_FILE.test(text)) return { routes, mounts, usesAuth: routes.some((r) => r.guards.some(isAuthGuard)) || /useGlobalGuards|APP_GUARD/.test(text) };
  const framework = frameworkOf(text);
  const uses: UseGuard[] = [];
  const declared: { route: Route; receiver: string }[] = [];
  let usesAuth = false;
  for (const call of root.findAll({ rule: { kind: 'call_expression', has: { field: 'function', kind: 'member_expression' } } })) {
    const callee = call.field('function')!;
    const verb = callee.field('property')?.text() ?? '';
    const chain = VERBS.test(verb) ? routeChain(callee) : null;
    const receiver = chain?.receiver ?? callee.field('object')?.text() ?? '';
    if (CLIENT_RECEIVER.test(receiver)) continue;
    // On a route chain the path was given to .route(); the verb call takes only middleware and the handler.
    const nodes = args(call);
    const list: (SgNode | null)[] = chain ? [null, ...nodes] : nodes;
    if (!chain && (verb === 'use' || verb === 'register' || (verb === 'addHook' && /^['"](onRequest|preHandler|preValidation)['"]$/.test(nodes[0]?.text() ?? '')))) {
      const prefix = verb === 'use' ? staticPath(nodes[0]) : null;
      const rest = nodes.slice(prefix !== null || verb === 'addHook' ? 1 : 0);
      const guards = rest.map((a) => a.text()).filter(isAuthGuard);
      // A router imported from another file and mounted here: its routes get these guards and whatever guards
      // this file's router where it is mounted in turn.
      const mounted = rest[rest.length - 1];
      const name = mounted && (/^(\w+)(\.routes\(\))?$/.exec(mounted.text())?.[1] ?? null);
      const spec = name ? importSpec(text, name) : null;
      if (spec) mounts.push({ from: file, spec, guards });
      if (guards.length === 0) continue;
      usesAuth = true;
      uses.push({ receiver, from: line(call), prefix, guards });
      continue;
    }
    if (!VERBS.test(verb)) continue;
    const path = chain ? chain.path : staticPath(list[0] ?? undefined);
    // Express runs every function in order: a guard placed after the handler runs after the response, so the
    // handler is the last argument that is not a guard, and only what precedes it guards it.
    // (a wrapped function, `error_catcher(async (req, res) => ...)`, is the handler whatever words its body holds)
    let at = list.length - 1;
    while (at > 1 && !FUNCTION_KINDS.has(unwrapHandler(list[at])?.kind() as string) && isAuthGuard(list[at]?.text() ?? '')) at--;
    const handler = unwrapHandler(list[at]);
    if (path === null || list.length < 2 || !handler) continue;
    const handlerKind = handler.kind() as string;
    if (!FUNCTION_KINDS.has(handlerKind) && !/^(identifier|member_expression|call_expression)$/.test(handlerKind)) continue;
    const middle = list.slice(1, at) as SgNode[];
    // Fastify's options object carries its hooks (preHandler/onRequest) and schema; only hooks are guards.
    const guards = middle
      .map((m) => ((m.kind() as string) === 'object' ? (/(preHandler|onRequest|preValidation|preParsing)\s*:[^,}]+/.exec(m.text())?.[0] ?? '') : m.text()))
      .filter(Boolean)
      .map((g) => inlineArrays(g, text));
    if (guards.some(isAuthGuard)) usesAuth = true;
    const route: Route = {
      framework,
      methods: [verb === 'all' ? 'ANY' : verb === 'del' ? 'DELETE' : verb.toUpperCase()],
      path,
      file,
      line: line(call),
      guards,
      handler: FUNCTION_KINDS.has(handlerKind) ? handler : null,
      ...(FUNCTION_KINDS.has(handlerKind) ? {} : { handlerRef: handler.text() }),
      urlParams: [],
    };
    declared.push({ route, receiver });
  }
  for (const { route, receiver } of declared) {
    for (const u of uses) {
      if (u.receiver !== receiver && !/^(app|server|fastify)$/.test(u.receiver)) continue;
      if (u.prefix === null ? u.from < route.line : route.path.startsWith(u.prefix)) route.guards.push(...u.guards);
    }
    routes.push(route);
  }
  return { routes, mounts, usesAuth: usesAuth || routes.some((r) => r.guards.some(isAuthGuard)) };
}
