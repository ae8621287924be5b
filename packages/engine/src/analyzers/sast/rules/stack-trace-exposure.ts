// A formatted stack trace put into what the client receives: returned, passed to a response builder, or stored
// under an error/debug/exception/stack key of the response body. Traces name files, library versions and code
// paths (CWE-209). Logging a trace (logger.error(traceback.format_exc())) is the right thing and not matched.
import type { SgNode } from '@ast-grep/napi';
import { developmentBranch, fileNode } from '../patterns/nodes';
import { OWASP, cweRef, defineRules, owaspRef, pyCall } from './meta';

/** `res.json(...)`, `res.status(500).send(...)`, `reply.send(...)`, `ctx.throw(...)`: what the client receives. */
const JS_RESPONSE_CALL = /^(res|response|reply|resp)(\.status\([^)]*\)|\.code\([^)]*\))?\.(json|jsonp|send|end|write|render)$|^(NextResponse|Response)\.json$/;

/** A NestJS route handler (`@Get()`, `@Post(':id')` on a controller method): what it returns is the response body. */
function nestRouteHandler(method: SgNode): boolean {
  for (let d = method.prev(); d && (d.kind() as string) === 'decorator'; d = d.prev()) {
    if (/^@(Get|Post|Put|Patch|Delete|All|Head|Options)\s*\(/.test(d.text())) return true;
  }
  return false;
}

/** `err.stack` of a caught error inside what a JS handler sends back. */
function jsStackReachesClient(member: SgNode): boolean {
  const obj = member.field('object');
  return !!obj && (obj.kind() as string) === 'identifier' && jsSentToClient(member);
}

/**
 * A JS expression inside what a handler sends back (a response call's arguments, or `ctx.body = ...`), not under a
 * development-only condition and not in a log call on the way.
 */
export function jsSentToClient(node: SgNode): boolean {
  if (developmentBranch(node)) return false;
  let sent = false;
  // the object is built in a local first (`const info = { ... }; res.json(info)`): the local is what is sent
  let local: string | undefined;
  let returned = false;
  let viaCall = false;
  for (const a of node.ancestors()) {
    const k = a.kind() as string;
    if (!sent && k === 'call_expression') {
      const fn = a.field('function')?.text() ?? '';
      if (/(^|\.)(log|info|warn|error|debug|trace|fatal|captureException)$|logger|console/i.test(fn)) return false;
      if (JS_RESPONSE_CALL.test(fn)) sent = true;
      // (an argument of another call first, `jwt.sign({ secret })`: what that call returns is something else)
      else viaCall = true;
    }
    if (!sent && k === 'assignment_expression' && /^(ctx|context)\.body$/.test(a.field('left')?.text() ?? '')) sent = true;
    if (!sent && !viaCall && local === undefined && k === 'variable_declarator' && (a.field('name')?.kind() as string) === 'identifier') local = a.field('name')!.text();
    if (!sent && !viaCall && local === undefined && k === 'return_statement') returned = true;
    if (k === 'method_definition' && returned && nestRouteHandler(a)) return true;
    if (/^(function_declaration|function_expression|arrow_function|method_definition)$/.test(k)) return sent || (local !== undefined && localSent(a, local));
  }
  return sent;
}

/** `res.json(info)` or `ctx.body = info` somewhere in the function that declared `info`. */
function localSent(fn: SgNode, name: string): boolean {
  const sentAs = (arg: SgNode | null | undefined) => arg?.text() === name;
  for (const call of fn.findAll({ rule: { kind: 'call_expression' } })) {
    if (JS_RESPONSE_CALL.test(call.field('function')?.text() ?? '') && call.field('arguments')?.children().some(sentAs)) return true;
  }
  return fn.findAll({ rule: { kind: 'assignment_expression' } }).some((x) => /^(ctx|context)\.body$/.test(x.field('left')?.text() ?? '') && sentAs(x.field('right')));
}

const RESPONSE_CALL = /^(\w+\.)*(jsonify|Response|make_response|HttpResponse|JsonResponse|JSONResponse|PlainTextResponse|HTMLResponse|render_template|render|abort)$/;
/** The last key of a subscript target: `body['extensions']['exception']['debug']`. */
const ERROR_KEY = /\[\s*['"](debug|exception|stack\w*|trace\w*|error|detail)['"]\s*\]$/;

/**
 * A function whose return value is the response: a view or route (decorated as one, or given the request), or an
 * error hook of a framework handler class (write_error, handle_exception, an error handler). A helper that returns
 * the trace hands it to its caller, which usually logs or stores it.
 */
const VIEW_DECORATOR = /^@\s*[\w.]*(route|get|post|put|patch|delete|api_view|view|errorhandler|exception_handler|app_errorhandler|action)\b/;
const HANDLER_NAME = /^(write_error|handle_exception|handle_error|custom_?\d{3}|handler\d{3}|\w*_view|\w*error_handler)$/;
function returnsResponse(fn: SgNode): boolean {
  const decorated = fn.parent();
  if ((decorated?.kind() as string) === 'decorated_definition' && decorated!.children().some((c) => (c.kind() as string) === 'decorator' && VIEW_DECORATOR.test(c.text()))) return true;
  if (HANDLER_NAME.test(fn.field('name')?.text() ?? '')) return true;
  return /^\(\s*(self\s*,\s*)?(request|req|environ)\b/.test(fn.field('parameters')?.text() ?? '');
}

/** A bare format_exc() is traceback's only when the module imports it by name (a project helper may share the name). */
function isTracebackCall(call: SgNode): boolean {
  const fn = call.field('function')?.text() ?? '';
  if (fn.startsWith('traceback.')) return true;
  return new RegExp(`^\\s*from\\s+traceback\\s+import\\s+[^\\n]*\\b${fn}\\b`, 'm').test(fileNode(call).text());
}

/** Calls that only wrap what they are given into the body: `dict(...)`, `json.dumps(...)`. */
const PY_CONTAINER_CALL = /^(dict|list|tuple|json\.dumps|str)$/;
const PY_LOG_CALL = /(^|\.)(log|logger|logging|debug|info|warning|warn|error|exception|critical|print|write)$|log/i;

/**
 * A Python expression inside what a view sends back: a response builder's argument, a view's return value, or a dict
 * bound to a local that one of those sends (`info = {...}; return jsonify(info)`).
 */
export function pySentToClient(node: SgNode): boolean {
  if (developmentBranch(node)) return false;
  let local: string | undefined;
  for (const a of node.ancestors()) {
    const k = a.kind() as string;
    if (k === 'call') {
      const fn = a.field('function')?.text() ?? '';
      if (PY_LOG_CALL.test(fn)) return false;
      if (RESPONSE_CALL.test(fn)) return true;
      // handed to another call (signed, hashed, a subprocess's env): what comes out is something else
      if (!PY_CONTAINER_CALL.test(fn)) return false;
    }
    if (k === 'return_statement') {
      const fn = a.ancestors().find((x) => (x.kind() as string) === 'function_definition');
      return !!fn && returnsResponse(fn);
    }
    if (k === 'assignment' && local === undefined) {
      const left = a.field('left');
      if ((left?.kind() as string) !== 'identifier') return false;
      local = left!.text();
    }
    if (k === 'function_definition') return local !== undefined && pyLocalSent(a, local);
    if (/^(class_definition|module)$/.test(k)) return false;
  }
  return false;
}

/** `return jsonify(info)`, `return info` (in a view) or `Response(json.dumps(info))` in the function that bound `info`. */
function pyLocalSent(fn: SgNode, name: string): boolean {
  const named = (x: SgNode) => x.text() === name;
  for (const call of fn.findAll({ rule: { kind: 'call' } })) {
    const callee = call.field('function')?.text() ?? '';
    if (!RESPONSE_CALL.test(callee)) continue;
    const args = call.field('arguments')?.children() ?? [];
    if (args.some((x) => named(x) || ((x.kind() as string) === 'call' && (x.field('arguments')?.children() ?? []).some(named)))) return true;
  }
  return returnsResponse(fn) && fn.findAll({ rule: { kind: 'return_statement' } }).some((r) => r.children().some(named));
}

function reachesClient(call: SgNode): boolean {
  if (!isTracebackCall(call)) return false;
  for (const a of call.ancestors()) {
    const k = a.kind() as string;
    if (k === 'return_statement') {
      const fn = a.ancestors().find((x) => (x.kind() as string) === 'function_definition');
      return !fn || returnsResponse(fn);
    }
    if (k === 'call') {
      const fn = a.field('function')?.text() ?? '';
      if (/(^|\.)(log|logger|logging|debug|info|warning|warn|error|exception|critical|print|write)$/.test(fn) || /log/i.test(fn)) return false;
      if (RESPONSE_CALL.test(fn)) return true;
    }
    if (k === 'assignment') {
      const left = a.field('left');
      return !!left && (left.kind() as string) === 'subscript' && ERROR_KEY.test(left.text());
    }
    if (/^(function_definition|class_definition|module)$/.test(k)) return false;
  }
  return false;
}

export const stackTraceExposureRules = defineRules([
  {
    id: 'py.logging.stack-trace-in-response',
    title: 'Stack trace sent to the client',
    pack: 'logging-privacy',
    languages: ['python'],
    severity: 'medium',
    confidence: 'medium',
    cwe: ['CWE-209'],
    owasp: [OWASP.A05],
    message: 'traceback.format_exc()/format_stack() is returned or put into the response body.',
    impact: 'Attackers learn file paths, library versions and code structure, and sometimes data, from provoked errors.',
    fix: { guidance: 'Log the trace on the server and return a generic error with a correlation id.', example: "logger.exception('query failed'); return jsonify(error='internal error', id=request_id), 500" },
    references: [cweRef(209, 'Generation of Error Message Containing Sensitive Information'), owaspRef('A05')],
    tree: { python: [pyCall(['format_exc', 'format_stack', 'format_exception'], '(traceback\\.)?(format_exc|format_stack|format_exception)', reachesClient)] },
  },
  {
    id: 'js.logging.stack-trace-in-response',
    title: 'Stack trace sent to the client',
    pack: 'logging-privacy',
    languages: ['javascript', 'typescript'],
    severity: 'medium',
    confidence: 'medium',
    cwe: ['CWE-209'],
    owasp: [OWASP.A05],
    message: "An error's stack (err.stack) is put into the response body outside a development-only branch.",
    impact: 'Attackers learn file paths, library versions and code structure, and sometimes data, from provoked errors.',
    fix: { guidance: 'Log the stack on the server and return a generic error with a correlation id.', example: "logger.error(err); res.status(500).json({ error: 'internal error', id: req.id });" },
    references: [cweRef(209, 'Generation of Error Message Containing Sensitive Information'), owaspRef('A05')],
    tree: { js: [{ keywords: ['.stack'], rule: { kind: 'member_expression', has: { field: 'property', regex: '^stack$' } }, where: jsStackReachesClient }] },
  },
]);
