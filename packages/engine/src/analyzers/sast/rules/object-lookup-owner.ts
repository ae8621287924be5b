// Object access by an id from the request with no owner check (IDOR, CWE-639), at the level a pattern can see:
// a route handler looks one record up by a value the caller chose (a path parameter, a request field) and
// nothing in the handler mentions who is asking (current_user, request.user, req.user, an owner or tenant
// field, a permission check). Handlers that do check, in any form, are left alone; so are class-based views
// and lookups that are not routes. An audit finding (medium, low confidence): the check may live elsewhere.
import type { SgNode } from '@ast-grep/napi';
import { codeText, enclosingScope, positionalArgs, resolveLocal } from '../patterns/nodes';
import { OWASP, cheatSheet, cweRef, defineRules, jsCall, owaspRef, pyCall } from './meta';

/** Anything that identifies or authorizes the caller inside the handler. */
// (reading the Authorization header or answering 403 to a missing token is authentication, not this check; a
// `Model.user_id == user_id` filter on a user id taken from the path is the flaw itself, not an owner check)
const CALLER_CHECK = /\b(current_user|request\.user|g\.user|req\.user|ctx\.state\.user|req\.session\.user\w*|owner\w*|tenant\w*|has_perm\w*|permission\w*|authori[sz]e\w*\(|is_admin|isAdmin|admin_required|requires?_\w+|abort\(\s*403|status\(\s*403\))/;
/** Flask/FastAPI-style route decorator with a path parameter. */
const PY_ROUTE = /@\w[\w.]*\.(route|get|post|put|patch|delete)\(\s*['"]/;
/** Decorators that restrict a route to a role (admins_only, staff_member_required, permission_required...). */
const ROLE_DECORATOR = /@[\w.]*(admin|staff|superuser|role|perm)\w*/i;
const REQUEST_VALUE = /\b(request\.(json|form|args|values|get_json\(\)|data)|req\.(params|query|body))\b/;


/** The Python function a node is in, with its decorators. */
function pyHandler(node: SgNode): SgNode | null {
  const fn = enclosingScope(node);
  if ((fn.kind() as string) !== 'function_definition') return null;
  const decorated = fn.parent();
  return decorated && (decorated.kind() as string) === 'decorated_definition' ? decorated : null;
}

function pyParams(fn: SgNode): Set<string> {
  const params = fn.field('parameters');
  return new Set(params ? params.findAll({ rule: { kind: 'identifier' } }).map((p) => p.text()) : []);
}

/** The lookup key is a route parameter or a value read from the request (following up to two local steps). */
function pyCallerChosen(key: SgNode | null | undefined, fn: SgNode): boolean {
  if (!key) return false;
  const inner = (key.kind() as string) === 'call' && /^(str|int)$/.test(key.field('function')?.text() ?? '') ? positionalArgs(key)[0] : key;
  if (!inner) return false;
  if ((inner.kind() as string) === 'identifier' && pyParams(fn).has(inner.text())) return true;
  let value = resolveLocal(inner);
  for (let i = 0; i < 2 && value; i++) {
    if (REQUEST_VALUE.test(value.text())) return true;
    const root = value.find({ rule: { kind: 'identifier' } });
    value = root && root.id() !== value.id() ? resolveLocal(root) : null;
  }
  return false;
}

function pyLookupKey(call: SgNode): SgNode | null {
  const fn = call.field('function')?.text() ?? '';
  const args = positionalArgs(call);
  if (/\.query\.(get|get_or_404)$/.test(fn)) return args[0] ?? null;
  if (/(^|\.)session\.get$/.test(fn)) return args[1] ?? null;
  if (/\.(filter_by|get)$/.test(fn) || /(^|\.)get_object_or_404$/.test(fn)) {
    const kw = call.field('arguments')?.children().find((a) => (a.kind() as string) === 'keyword_argument' && /(^|_)(id|pk|uuid|no|title)$/.test(a.field('name')?.text() ?? ''));
    return kw?.field('value') ?? null;
  }
  if (/\.filter$/.test(fn)) {
    const cmp = args[0];
    if (cmp && (cmp.kind() as string) === 'comparison_operator' && /\.(\w*_)?id\s*==/.test(cmp.text())) return cmp.children().filter((c) => c.isNamed()).at(-1) ?? null;
  }
  return null;
}

function pyUnownedLookup(call: SgNode): boolean {
  const handler = pyHandler(call);
  const code = handler ? codeText(handler) : '';
  if (!handler || !PY_ROUTE.test(code) || ROLE_DECORATOR.test(code) || CALLER_CHECK.test(code)) return false;
  const fn = handler.children().find((c) => (c.kind() as string) === 'function_definition');
  return !!fn && pyCallerChosen(pyLookupKey(call), fn);
}

/** An id-like request value: a path parameter, or an `...id` field of the query or body (not login fields). */
const JS_REQUEST_ID = /\breq\.params\.\w+|\bctx\.params\.\w+|\breq\.(query|body)\.\w*(id|Id|ID|no)\b/;

/** Express/Koa handler (has a req/ctx parameter) looking a record up by an id from the request. */
function jsUnownedLookup(call: SgNode): boolean {
  const arg = positionalArgs(call)[0];
  if (!arg || !JS_REQUEST_ID.test(arg.text())) return false;
  const fn = enclosingScope(call);
  if (!/\b(req|ctx)\b/.test(fn.field('parameters')?.text() ?? fn.field('parameter')?.text() ?? '')) return false;
  return !CALLER_CHECK.test(codeText(fn));
}

const base = {
  pack: 'access-control' as const,
  severity: 'medium' as const,
  confidence: 'low' as const,
  cwe: ['CWE-639'],
  owasp: [OWASP.A01],
  message: 'A route looks a record up by an id from the request and nothing in the handler checks that it belongs to the caller.',
  impact: "Any logged-in user can read or change another user's record by changing the id (IDOR / broken object-level authorization).",
  references: [cweRef(639, 'Authorization Bypass Through User-Controlled Key'), owaspRef('A01'), cheatSheet('Insecure_Direct_Object_Reference_Prevention')],
};

export const objectLookupOwnerRules = defineRules([
  {
    ...base,
    id: 'py.access.object-lookup-without-owner-check',
    // measured on 49 real projects: 0 of 13 sampled were real (ownership sits in querysets, permission classes and
    // decorators this pattern does not see); the route-level IDOR check (access/) is the proven form
    signal: 'weak',
    title: 'Record looked up by a request id without an owner check',
    languages: ['python'],
    fix: { guidance: "Scope the lookup to the caller (filter_by(id=note_id, user_id=current_user.id)) or check the owner before using it.", example: 'note = Note.query.filter_by(id=note_id, user_id=current_user.id).first_or_404()' },
    tree: { python: [pyCall(['get', 'filter'], '.+\\.(query\\.(get|get_or_404)|filter_by|filter|get)|([\\w.]+\\.)?session\\.get|get_object_or_404', pyUnownedLookup)] },
  },
  {
    ...base,
    id: 'js.access.object-lookup-without-owner-check',
    signal: 'weak', // 0 of 5 sampled real on the same corpus
    title: 'Record looked up by a request id without an owner check',
    languages: ['javascript', 'typescript'],
    fix: { guidance: 'Include the caller in the query (findOne({ _id: id, owner: req.user.id })) or compare the owner before answering.', example: 'const note = await Note.findOne({ _id: req.params.id, owner: req.user.id });' },
    tree: { js: [jsCall(['find'], '[\\w.]+\\.(findOne|findById|findByPk|findOneAndUpdate|findOneAndDelete|findByIdAndUpdate|findByIdAndDelete)', jsUnownedLookup)] },
  },
]);
