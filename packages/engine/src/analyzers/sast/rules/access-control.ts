// Access-control pack: mass assignment from request payloads, CSRF protection switched off, prototype pollution.
import type { SgNode } from '@ast-grep/napi';
import { callArgs, enclosingScope, isConstant, resolveLocal } from '../patterns/nodes';
import { OWASP, cheatSheet, cweRef, defineRules, jsCall, jsNew, owaspRef, withText } from './meta';

const REQ_HINT = '\\b(req|request|ctx)\\.';

const PY_PAYLOAD = /^request\.(POST|GET|data|json|form|args|values|query_params|get_json\(\s*\)|dict\(\))(\.dict\(\)|\.to_dict\(\)|\.copy\(\))?$/;
const JS_PAYLOAD = /^(req|request|ctx\.request)\.(body|query)$/;
const massRefs = [cweRef(915, 'Improperly Controlled Modification of Dynamically-Determined Object Attributes'), owaspRef('A08'), cheatSheet('Mass_Assignment')];
const protoRefs = [cweRef(1321, "Improperly Controlled Modification of Object Prototype Attributes ('Prototype Pollution')"), owaspRef('A08'), cheatSheet('Prototype_Pollution_Prevention')];

/**
 * The payload itself, spread into an object literal, or a local bound once to it (`const data = req.body;
 * new User(data)`, also an undeclared `data = req.body`): the alias carries every key the client sent.
 */
const isPayload = (a: SgNode): boolean =>
  JS_PAYLOAD.test(a.text()) || ((a.kind() as string) === 'identifier' && JS_PAYLOAD.test(resolveLocal(a)?.text() ?? ''));
const jsPayloadArg = (n: SgNode) =>
  callArgs(n).some((a) => isPayload(a) || (a.kind() as string === 'object' && a.children().some((c) => c.kind() as string === 'spread_element' && isPayload(c.children().find((x) => (x.kind() as string) !== '...') ?? c))));

/** `o[a][b] = v` with computed keys and no visible guard against __proto__/constructor in the function. */
const MERGE_LIBRARIES = String.raw`lodash(\.\w+|\/\w+|-es)?|deepmerge|@hapi\/hoek|hoek|jquery|merge-deep`;

/** `_.merge(...)`, `lodash.merge(...)`, `$.extend(...)` or a `merge` imported from one of those libraries. */
function libraryMerge(callee: string, n: SgNode): boolean {
  if (/^(_|lodash|\$|jQuery|Hoek|hoek)\./.test(callee)) return true;
  if (!/^\w+$/.test(callee)) return false;
  const text = n.getRoot().root().text();
  const named = new RegExp(String.raw`import\s*\{[^}]*\b${callee}\b[^}]*\}\s*from\s*['"](${MERGE_LIBRARIES})['"]|import\s+${callee}\s+from\s*['"](${MERGE_LIBRARIES})['"]|\b${callee}\s*=\s*require\(\s*['"](${MERGE_LIBRARIES})['"]\s*\)|\{[^}]*\b${callee}\b[^}]*\}\s*=\s*require\(\s*['"](${MERGE_LIBRARIES})['"]\s*\)`);
  return named.test(text);
}

/**
 * The call the payload is unpacked into builds, changes or queries a record: a class (`User(**data)`), an ORM
 * write or a query filter. Keyword options of other functions (`to_activity(**request.GET)`, a paginator) set no
 * field.
 */
function modelCall(splat: SgNode): boolean {
  const callee = splat.parent()?.parent()?.field('function')?.text() ?? '';
  const last = callee.split('.').pop() ?? '';
  return /^([A-Z]\w*|create|update|update_or_create|get_or_create|bulk_create|insert|insert_one|update_one|save|set|patch|put|add|filter|filter_by|exclude|get|order_by|values)$/.test(last);
}

function unguardedNestedWrite(n: SgNode): boolean {
  const left = n.field('left');
  if (!left || (left.kind() as string) !== 'subscript_expression') return false;
  const inner = left.field('object');
  if (!inner || (inner.kind() as string) !== 'subscript_expression') return false;
  const keys = [left.field('index'), inner.field('index')];
  if (keys.some((k) => !k || isConstant(k) || k.kind() as string === 'number')) return false;
  // Keys must come from walking an object or a path (for-in, Object.keys/entries, split), not counters.
  const scope = enclosingScope(n).text();
  if (!/for\s*\(\s*(const|let|var)\s+\w+\s+in\b|Object\.(keys|entries)\(|\.split\(/.test(scope)) return false;
  if (keys.some((k) => new RegExp(`\\b(let|var)\\s+${k!.text().replace(/[^\w]/g, '')}\\s*=\\s*\\d`).test(scope))) return false;
  // Guards are string comparisons or own-property checks (not the words in a comment).
  return !/(['"`](__proto__|constructor|prototype)['"`]|hasOwnProperty|Object\.hasOwn|Object\.create\(null\)|new Map\b)/.test(scope);
}

export const accessControlRules = defineRules([
  {
    id: 'py.access.mass-assignment',
    title: 'Mass assignment from request data',
    pack: 'access-control',
    languages: ['python'],
    severity: 'medium',
    confidence: 'medium',
    cwe: ['CWE-915'],
    owasp: [OWASP.A08, OWASP.A01],
    message: 'The whole request payload is unpacked into a model or update call (**request.data / **request.json).',
    impact: 'Attackers can set fields they should not control, such as is_admin, role, owner or price.',
    fix: { guidance: 'Copy an explicit allow-list of fields, or validate through a serializer/schema with declared fields.', example: "User.objects.create(name=data['name'], email=data['email'])" },
    references: massRefs,
    tree: {
      python: [
        {
          keywords: ['**request'],
          rule: { kind: 'dictionary_splat', inside: { kind: 'argument_list' } },
          where: (n) => PY_PAYLOAD.test(n.text().slice(2).trim()) && modelCall(n),
        },
      ],
    },
  },
  {
    id: 'js.access.mass-assignment',
    signal: 'weak',
    title: 'Mass assignment from request data',
    pack: 'access-control',
    languages: ['javascript', 'typescript'],
    severity: 'medium',
    confidence: 'medium',
    cwe: ['CWE-915'],
    owasp: [OWASP.A08, OWASP.A01],
    message: 'The raw request body is passed to a model create/update call or merged into an object.',
    impact: 'Attackers can set fields they should not control, such as isAdmin, role, ownerId or price.',
    fix: { guidance: 'Pick the allowed fields explicitly (or validate with a schema that strips unknown keys).', example: 'await User.create({ name: req.body.name, email: req.body.email });' },
    references: massRefs,
    tree: {
      js: [
        jsCall(
          ['req.body', 'request.body', 'req.query'],
          '[\\w.]+\\.(create|insert|insertOne|insertMany|update|updateOne|updateMany|findOneAndUpdate|findByIdAndUpdate|upsert|build|bulkCreate|save)|Object\\.assign',
          jsPayloadArg,
        ),
        jsNew(['req.body', 'request.body'], '[A-Z]\\w*', jsPayloadArg),
      ],
    },
  },
  {
    id: 'py.access.csrf-exempt',
    signal: 'weak',
    title: 'CSRF protection disabled for a view',
    pack: 'access-control',
    languages: ['python'],
    severity: 'medium',
    confidence: 'medium',
    cwe: ['CWE-352'],
    owasp: [OWASP.A01],
    message: 'A view is decorated with @csrf_exempt (or CSRF is disabled), so state-changing requests are not protected.',
    impact: 'Another site can make a logged-in user perform actions (change e-mail, transfer funds) without consent.',
    fix: { guidance: 'Keep CSRF protection; for APIs use token auth that is not sent automatically by browsers.', example: '@require_POST\ndef update_email(request): ...' },
    references: [cweRef(352, 'Cross-Site Request Forgery'), owaspRef('A01'), cheatSheet('Cross-Site_Request_Forgery_Prevention')],
    tree: {
      python: [
        { keywords: ['csrf_exempt', 'csrf.exempt'], rule: { kind: 'decorator', regex: '^@\\s*(\\w+\\.)*(csrf_exempt|csrf\\.exempt)\\b' } },
        { keywords: ['WTF_CSRF_ENABLED'], rule: { kind: 'assignment', all: [{ has: { field: 'left', regex: 'WTF_CSRF_ENABLED' } }, { has: { field: 'right', kind: 'false' } }] } },
      ],
    },
  },
  {
    id: 'js.access.prototype-pollution-assignment',
    signal: 'weak',
    title: 'Prototype pollution through computed nested keys',
    pack: 'access-control',
    languages: ['javascript', 'typescript'],
    severity: 'medium',
    confidence: 'low',
    cwe: ['CWE-1321'],
    owasp: [OWASP.A08],
    message: 'A nested property is written with two computed keys (obj[a][b] = v) and no guard against __proto__ / constructor.',
    impact: 'If keys come from user input, "__proto__" pollutes Object.prototype: auth bypasses, crashes or code execution.',
    fix: { guidance: "Reject '__proto__', 'constructor' and 'prototype' keys, or use Map / Object.create(null).", example: "if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;" },
    references: protoRefs,
    tree: { js: [{ keywords: [']['], rule: { kind: 'assignment_expression', has: { field: 'left', kind: 'subscript_expression' } }, where: unguardedNestedWrite }] },
  },
  {
    id: 'js.access.prototype-pollution-merge',
    evidence: 'input',
    title: 'Deep merge of request data (prototype pollution)',
    pack: 'access-control',
    languages: ['javascript', 'typescript'],
    severity: 'high',
    confidence: 'medium',
    cwe: ['CWE-1321'],
    owasp: [OWASP.A08],
    message: 'Request data is deep-merged into an object (lodash merge/defaultsDeep/set, jQuery extend(true)).',
    impact: 'A payload with "__proto__" keys pollutes Object.prototype for the whole process.',
    fix: { guidance: 'Validate the payload with a schema and copy known fields; use a merge that skips prototype keys.', example: 'const settings = { theme: String(req.body.theme ?? "light") };' },
    references: protoRefs,
    tree: {
      js: [
        withText(jsCall(
          ['merge', 'defaultsDeep', 'extend', 'set', 'zipObjectDeep'],
          '(_|lodash|\\$|jQuery|angular|Hoek|hoek)\\.(merge|mergeWith|defaultsDeep|set|setWith|zipObjectDeep|extend)|merge|deepmerge|defaultsDeep|mergeDeep|deepExtend',
          (n) => {
            const fromRequest = (a: SgNode | undefined) => !!a && (/^(req|request|ctx\.request)\.(body|query|params)\b/.test(a.text()) || /JSON\.parse\(\s*(req|request)\./.test(a.text()));
            const callee = n.field('function')?.text() ?? '';
            // A library's merge (lodash, jQuery, deepmerge, Hoek) skips prototype keys in every release of the last
            // years: whether the installed one predates that is the dependency analyzer's advisory finding, not this rule's.
            if (libraryMerge(callee, n)) return false;
            // set(obj, path, value) pollutes only through a request-chosen path; a request value at a constant path is data
            if (/(^|\.)(set|setWith)$/.test(callee)) return fromRequest(callArgs(n)[1]);
            if (/(^|\.)zipObjectDeep$/.test(callee)) return fromRequest(callArgs(n)[0]);
            return callArgs(n).some(fromRequest);
          },
        ), REQ_HINT),
      ],
    },
  },
]);
