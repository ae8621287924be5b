// The standard library's HTTP server: a request handler class (http.server.BaseHTTPRequestHandler and its
// Simple/CGI subclasses, Python 2's BaseHTTPServer) gets the request on `self`: the request line and path
// (`self.path`, with the query string), the headers, and the body stream (`self.rfile`). Its do_GET/do_POST methods
// are the routes.
import type { ModelHost } from '../model';
import type { ClassInfo, Value } from '../value';

const HANDLER_BASE = /^(http\.server|BaseHTTPServer|SimpleHTTPServer|CGIHTTPServer)\.(Base|Simple|CGI)HTTPRequestHandler$/;
const REQUEST_ATTRS = new Set(['path', 'headers', 'rfile', 'requestline', 'raw_requestline']);

/** The response body stream of a handler (python-sinks.ts reports what is written to it). */
export const HANDLER_WFILE = 'http.server.BaseHTTPRequestHandler().wfile';

export function isHttpHandler(cls: ClassInfo, depth = 0): boolean {
  return depth < 6 && cls.bases.some((b) => (b.qn !== undefined && HANDLER_BASE.test(b.qn)) || (b.cls ? isHttpHandler(b.cls, depth + 1) : false));
}

/** `self.path`, `self.headers`, `self.rfile` of a request handler, and its response stream `self.wfile`. */
export function httpHandlerAttr(recv: Value, name: string, line: number, host: ModelHost): Value | undefined {
  if (!recv.inst || !(REQUEST_ATTRS.has(name) || name === 'wfile') || !isHttpHandler(recv.inst)) return undefined;
  if (name === 'wfile') return { qn: HANDLER_WFILE };
  return host.source('high', line, `self.${name} of request handler ${recv.inst.name}`);
}
