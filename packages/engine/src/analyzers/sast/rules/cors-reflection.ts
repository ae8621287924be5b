// CORS set by hand to echo the caller's Origin while allowing credentials: every website can make a logged-in
// visitor's browser call the API and read the answer. (The cors package's `origin: true` + `credentials: true`
// is misconfiguration.ts's js.misconfig.cors-credentials-any-origin.) Reflection without credentials is the
// same as '*' and not reported here.
import type { SgNode } from '@ast-grep/napi';
import { enclosingScope, positionalArgs } from '../patterns/nodes';
import { OWASP, cheatSheet, cweRef, defineRules, jsCall, owaspRef } from './meta';

const REQUEST_ORIGIN = /\b(req|request|ctx)\.(get|header)\(\s*['"]origin['"]\s*\)|\b(req|request|ctx(\.request)?)\.headers(\.origin\b|\[\s*['"]origin['"]\s*\])/i;
const ALLOW_CREDENTIALS = /Access-Control-Allow-Credentials['"]\s*,\s*(true|['"]true['"])/i;

function reflectsOriginWithCredentials(call: SgNode): boolean {
  const [name, value] = positionalArgs(call);
  if (!name || !/^['"]Access-Control-Allow-Origin['"]$/i.test(name.text()) || !value || !REQUEST_ORIGIN.test(value.text())) return false;
  return ALLOW_CREDENTIALS.test(enclosingScope(call).text());
}

export const corsReflectionRules = defineRules([
  {
    id: 'js.misconfig.cors-origin-reflected-with-credentials',
    title: 'CORS header echoes the request Origin and allows credentials',
    pack: 'misconfiguration',
    languages: ['javascript', 'typescript'],
    severity: 'high',
    confidence: 'medium',
    cwe: ['CWE-942'],
    owasp: [OWASP.A05],
    message: "Access-Control-Allow-Origin is set to the request's Origin header in a handler that also allows credentials.",
    impact: "Any website a logged-in user visits can call this API with the user's cookies and read the responses.",
    fix: { guidance: 'Check the Origin against an explicit list of trusted origins before echoing it.', example: "if (ALLOWED_ORIGINS.includes(req.get('origin'))) res.header('Access-Control-Allow-Origin', req.get('origin'));" },
    references: [cweRef(942, 'Permissive Cross-domain Policy with Untrusted Domains'), owaspRef('A05'), cheatSheet('HTML5_Security')],
    tree: { js: [jsCall(['Access-Control-Allow-Origin'], '[\\w.]+\\.(header|setHeader|set)', reflectsOriginWithCredentials)] },
  },
]);
