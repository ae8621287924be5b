// SSRF/redirect pack, pattern level: request data passed straight into a redirect or an outbound request in the
// same expression. Flows through variables are the taint engine's (Python, JS); Java uses a local heuristic.
import type { SgNode } from '@ast-grep/napi';
import { callArgs, kwarg, positionalArgs } from '../patterns/nodes';
import { javaRequestDerived } from './java-helpers';
import { OWASP, cheatSheet, cweRef, defineRules, javaCall, javaNew, jsCall, owaspRef, pyCall, withText } from './meta';

const PY_REQ = /\brequest\.(args|form|values|GET|POST|query_params|json|data|headers|cookies|get_json)\b/;
const JS_REQ = /\b(req|request|ctx\.request|ctx)\.(query|body|params|headers|cookies)\b|\breq\.(get|header|param)\(/;
/** A literal start that pins a redirect to this site's path or to a fixed host. */
const PINNED_START = /^[`'"](\/[^/\\`'"$]|https?:\/\/[^/`'"$]+\/)/;
const pyFirstFromRequest = (n: SgNode) => PY_REQ.test((positionalArgs(n)[0] ?? kwarg(n, 'url'))?.text() ?? '');
/**
 * Request data that reaches a redirect only as an argument of another call (`url_for('index', next=...)`,
 * `safe_next(request.args)`) is that call's business: the call builds the target (the taint engine follows it).
 */
const builtByCall = (arg: SgNode | undefined, req: RegExp): boolean => {
  const kind = arg?.kind() as string | undefined;
  if (kind !== 'call' && kind !== 'call_expression') return false;
  return !req.test(`${arg!.field('function')?.text() ?? ''}(`);
};
/** A Python f-string or string concatenation whose literal start pins the path ('/users/' + x, f"/items/{x}"). */
const PY_PINNED_START = /^[rbuf]*['"](\/[^/\\'"{]|https?:\/\/[^/'"{]+\/)/i;
const pyRedirectFromRequest = (n: SgNode): boolean => {
  const arg = positionalArgs(n)[0] ?? kwarg(n, 'url');
  if (!arg || !pyFirstFromRequest(n) || builtByCall(arg, PY_REQ)) return false;
  const first = (arg.kind() as string) === 'binary_operator' ? arg.field('left') : arg;
  return !PY_PINNED_START.test(first?.text() ?? '');
};
/** Options object fields that choose where the request goes (method and headers do not). */
const DESTINATION_KEYS = /^['"]?(url|uri|host|hostname|href|baseURL|baseUrl|path|origin)['"]?$/;
const jsFirstFromRequest = (n: SgNode) => {
  const first = positionalArgs(n)[0];
  if (!first) return false;
  if ((first.kind() as string) !== 'object') return JS_REQ.test(first.text());
  // http.request({ host: ip, method: req.method, headers: req.headers }): only the destination fields count
  return first.children().some((p) => (p.kind() as string) === 'pair' && DESTINATION_KEYS.test(p.field('key')?.text() ?? '') && JS_REQ.test(p.field('value')?.text() ?? ''));
};

const redirectRefs = [cweRef(601, 'Open Redirect'), owaspRef('A01'), cheatSheet('Unvalidated_Redirects_and_Forwards')];
const ssrfRefs = [cweRef(918, 'Server-Side Request Forgery'), owaspRef('A10'), cheatSheet('Server_Side_Request_Forgery_Prevention')];
const redirectBase = {
  title: 'Open redirect from request data',
  pack: 'ssrf-redirect' as const,
  severity: 'medium' as const,
  confidence: 'medium' as const,
  cwe: ['CWE-601'],
  owasp: [OWASP.A01],
  message: 'A redirect target is taken directly from request data.',
  impact: 'Attackers craft links on your domain that forward victims to phishing or malware sites.',
  references: redirectRefs,
};
const ssrfBase = {
  title: 'Server-side request to a URL from request data',
  pack: 'ssrf-redirect' as const,
  severity: 'high' as const,
  confidence: 'medium' as const,
  cwe: ['CWE-918'],
  owasp: [OWASP.A10],
  message: 'An outbound HTTP request is made to a URL taken directly from request data.',
  impact: 'Attackers can make the server call internal services or cloud metadata endpoints (credential theft).',
  references: ssrfRefs,
};

export const ssrfRedirectRules = defineRules([
  {
    ...redirectBase,
    id: 'py.redirect.open-redirect',
    languages: ['python'],
    fix: { guidance: 'Redirect only to relative paths or an allow-list of hosts (url_has_allowed_host_and_scheme).', example: "target = nxt if url_has_allowed_host_and_scheme(nxt, {request.get_host()}) else '/'" },
    tree: { python: [pyCall(['redirect', 'Redirect'], '(\\w+\\.)*(redirect|HttpResponseRedirect|HttpResponsePermanentRedirect|RedirectResponse)', pyRedirectFromRequest)] },
  },
  {
    ...redirectBase,
    id: 'js.redirect.open-redirect',
    languages: ['javascript', 'typescript'],
    fix: { guidance: 'Redirect only to relative paths or to hosts on an allow-list.', example: "res.redirect(ALLOWED.has(next) ? next : '/');" },
    // Redirecting "back" to the Referer is a common, low-risk idiom, and a target whose literal start fixes the path
    // ('/users/' + id, `/items/${id}`) or the host ('https://site.example/' + p) cannot leave the site: not reported.
    // (the target is the argument that is not a status code: Express's res.redirect(301, url), Fastify 5's
    // reply.redirect(url, 303))
    tree: { js: [jsCall(['redirect'], '[\\w.]+\\.redirect', (n) => { const t = positionalArgs(n).map((a) => a.text()).join(' '); const target = positionalArgs(n).filter((a) => (a.kind() as string) !== 'number').at(-1); return JS_REQ.test(t) && !/referr?er/i.test(t) && !PINNED_START.test(target?.text() ?? '') && !builtByCall(target, JS_REQ); })] },
  },
  {
    ...redirectBase,
    id: 'java.redirect.open-redirect',
    languages: ['java'],
    fix: { guidance: 'Redirect only to relative paths or to hosts on an allow-list.', example: 'response.sendRedirect(ALLOWED.contains(target) ? target : "/");' },
    tree: { java: [javaCall(['sendRedirect'], 'sendRedirect', (n) => javaRequestDerived(positionalArgs(n)[0]))] },
  },
  {
    ...ssrfBase,
    id: 'py.ssrf.request-url',
    evidence: 'input',
    languages: ['python'],
    fix: { guidance: 'Allow-list destination hosts; resolve and reject private/link-local addresses.', example: "if urlparse(url).hostname not in ALLOWED_HOSTS: abort(400)" },
    tree: {
      python: [
        pyCall(['requests', 'httpx', 'urlopen', 'urllib'], '(requests|httpx|session|client)\\.(get|post|put|delete|patch|head|request)|(urllib\\.request\\.)?urlopen|urllib\\.request\\.Request', (n) =>
          pyFirstFromRequest(n) || PY_REQ.test(positionalArgs(n)[1]?.text() ?? '') && /\.request$/.test(n.field('function')?.text() ?? ''),
        ),
      ],
    },
  },
  {
    ...ssrfBase,
    id: 'js.ssrf.request-url',
    evidence: 'input',
    languages: ['javascript', 'typescript'],
    fix: { guidance: 'Allow-list destination hosts; resolve and reject private/link-local addresses.', example: 'if (!ALLOWED_HOSTS.has(new URL(url).hostname)) return res.sendStatus(400);' },
    tree: { js: [withText(jsCall(['fetch', 'axios', 'got', 'request', 'http'], 'fetch|axios|got|needle|superagent|request|(axios|got|needle|superagent|https?|request)\\.(get|post|put|delete|patch|head|request)', jsFirstFromRequest), '\\b(req|request|ctx)\\.')] },
  },
  {
    ...ssrfBase,
    id: 'java.ssrf.request-url',
    evidence: 'input',
    languages: ['java'],
    fix: { guidance: 'Allow-list destination hosts; resolve and reject private/link-local addresses.', example: 'if (!ALLOWED_HOSTS.contains(uri.getHost())) throw new IllegalArgumentException();' },
    tree: { java: [javaNew(['URL', 'URI'], '(java\\.net\\.)?(URL|URI)', (n) => callArgs(n).length === 1 && javaRequestDerived(positionalArgs(n)[0]))] },
  },
]);
