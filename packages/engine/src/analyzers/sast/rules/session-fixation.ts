// Session fixation at sign-in (CWE-384): the code marks a server-side session as signed in (`req.session.userId =
// user.id`, aiohttp-session's `session['user_id'] = ...`) without first issuing a new session id. A session id the
// attacker planted before sign-in (a cookie set through a sibling subdomain or an earlier XSS) then becomes a signed-in
// one. express-session's `req.session.regenerate()` and aiohttp-session's `new_session()` are the fix; Passport's
// `req.login()` regenerates by itself (0.6 and later) and is not matched. Django's `login()` and Flask's signed-cookie
// session rotate or hold no server-side id, so only these two stores are read.
import type { SgNode } from '@ast-grep/napi';
import { codeText, fileNode } from '../patterns/nodes';
import { OWASP, cweRef, defineRules, owaspRef } from './meta';

/** Session keys that say who is signed in. */
const IDENTITY_KEY = /^(user|userId|user_id|uid|userID|username|user_name|account|accountId|account_id|logged|loggedIn|logged_in|isLoggedIn|is_logged_in|authenticated|isAuthenticated|is_authenticated)$/;
const FUNCTION = /^(function_definition|function_declaration|function_expression|arrow_function|method_definition|function)$/;

/** Some function around the node (callbacks included) issues a new session id first. */
function regenerates(n: SgNode, call: RegExp): boolean {
  return n.ancestors().some((a) => FUNCTION.test(a.kind() as string) && call.test(codeText(a)));
}

function jsSignIn(n: SgNode): boolean {
  const left = n.field('left');
  if ((left?.kind() as string) !== 'member_expression') return false;
  const session = left!.field('object')?.text() ?? '';
  if (!/^(req|request|ctx)\.session$/.test(session) || !IDENTITY_KEY.test(left!.field('property')?.text() ?? '')) return false;
  // (the session store is usually set up in another file than the sign-in handler, so none is looked for here)
  return !regenerates(n, /\.session\.regenerate\s*\(/);
}

function pySignIn(n: SgNode): boolean {
  const left = n.field('left');
  if ((left?.kind() as string) !== 'subscript') return false;
  const key = left!.field('subscript')?.text().replace(/^['"]|['"]$/g, '') ?? '';
  if (!IDENTITY_KEY.test(key) || !/^session$/.test(left!.field('value')?.text() ?? '')) return false;
  if (!/\baiohttp_session\b/.test(codeText(fileNode(n)))) return false;
  return !regenerates(n, /\bnew_session\s*\(/);
}

const meta = {
  title: 'Session id kept across sign-in (session fixation)',
  pack: 'auth-session' as const,
  severity: 'low' as const,
  confidence: 'medium' as const,
  cwe: ['CWE-384'],
  owasp: [OWASP.A07],
  message: 'The sign-in stores the user in the existing server-side session without issuing a new session id first.',
  impact: 'A session id an attacker planted before sign-in becomes a signed-in session they can use.',
  references: [cweRef(384, 'Session Fixation'), owaspRef('A07')],
};

export const sessionFixationRules = defineRules([
  {
    ...meta,
    id: 'js.auth.session-fixation',
    languages: ['javascript', 'typescript'],
    fix: { guidance: 'Call req.session.regenerate() and set the user inside its callback.', example: 'req.session.regenerate((err) => { if (err) return next(err); req.session.userId = user.id; res.redirect("/"); });' },
    tree: { js: [{ keywords: ['session.'], rule: { kind: 'assignment_expression' }, where: jsSignIn }] },
  },
  {
    ...meta,
    id: 'py.auth.session-fixation',
    languages: ['python'],
    fix: { guidance: "Start a new session at sign-in with aiohttp_session.new_session(request), then store the user in it.", example: "session = await new_session(request)\nsession['user_id'] = user.id" },
    tree: { python: [{ keywords: ['session['], rule: { kind: 'assignment' }, where: pySignIn }] },
  },
]);
