// What the access-control analysis knows about one HTTP route, whatever the framework it was declared with.
import type { SgNode } from '@ast-grep/napi';

export type Framework = 'express' | 'koa' | 'fastify' | 'nest' | 'flask' | 'fastapi' | 'django' | 'graphql';

export interface Route {
  framework: Framework;
  /** Upper-case HTTP methods; ['ANY'] when the handler answers every method (Django function views, app.all). */
  methods: string[];
  /** The path as declared (prefixes from a mount in another file are not joined); '' when unknown (Django views). */
  path: string;
  file: string;
  /** 1-based line of the declaration. */
  line: number;
  /** Source text of every middleware, decorator, guard, dependency or permission class on the route's chain. */
  guards: string[];
  /** The handler's body when it is declared inline or in the same file; null when it is a reference we did not resolve. */
  handler: SgNode | null;
  /** Source text of a handler given by reference (`users.update`), resolved later against the project's handlers. */
  handlerRef?: string;
  /** File of the handler when it was resolved in another module (findings inside the handler point there). */
  handlerFile?: string;
  /** Names of the handler's parameters that carry URL captures (Flask/Django/FastAPI view arguments). */
  urlParams: string[];
  /** FastAPI: the prefix of the APIRouter the route is declared on (`APIRouter(prefix="/users/{user_id}")`). */
  routerPrefix?: string;
  /** NestJS: the controller class, which a module's `consumer.apply(mw).forRoutes(Controller)` may guard. */
  controller?: string;
}

/** Routes of a project plus what tells us the project authenticates at all. */
export interface RouteSet {
  routes: Route[];
  /** True when auth appears somewhere other than on a listed route (global middleware, a settings default). */
  authElsewhere: boolean;
}

export const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const line = (n: SgNode) => n.range().start.line + 1;

/** A node's code without whole-line comments: a comment saying "authenticated" checks nothing. */
export const withoutCommentLines = (text: string): string => text.replace(/^\s*(#|\/\/|\*|\/\*).*$/gm, '');
export const codeText = (n: SgNode | null | undefined): string => withoutCommentLines(n?.text() ?? '');
