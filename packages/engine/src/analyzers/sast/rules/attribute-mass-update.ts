// Python mass assignment by attribute: `obj.__dict__.update(data)` or `setattr(obj, key, value)` in a loop over
// a mapping. Every key the caller sends becomes an attribute (is_admin, balance, owner_id) unless the keys are
// restricted to a fixed list first. Only mappings read from the request (request.json/form/args/values/data,
// Django's POST/GET, a WTForms form.data) are reported: service code that applies validated kwargs or defaults
// this way is ordinary. Model constructors fed `**request.json` are access-control.ts's rule.

/** Request data as a mapping (serializer validated_data and Django cleaned_data are already field-restricted). */
const REQUEST_MAPPING = /\b(request|req)\.(json|form|args|values|data|POST|GET|body|get_json\(\))|\bform\.data\b/;
import type { SgNode } from '@ast-grep/napi';
import { isConstant, positionalArgs, resolveLocal } from '../patterns/nodes';
import { OWASP, cheatSheet, cweRef, defineRules, owaspRef, pyCall } from './meta';

/** A `for k, v in <mapping>.items()` loop around a setattr(obj, k, v) whose key is the loop variable. */
function setattrFromMapping(call: SgNode): boolean {
  const [, key] = positionalArgs(call);
  if (!key || isConstant(key) || (key.kind() as string) !== 'identifier') return false;
  const loop = call.ancestors().find((a) => (a.kind() as string) === 'for_statement');
  if (!loop) return false;
  const left = loop.field('left')?.text() ?? '';
  const right = loop.field('right')?.text() ?? '';
  if (!new RegExp(`(^|[\\s(,])${key.text()}\\b`).test(left) || !REQUEST_MAPPING.test(resolveLocal(loop.field('right'))?.text() ?? right)) return false;
  // a fixed allow-list of keys checked inside the loop makes it explicit assignment
  const body = loop.field('body')?.text() ?? '';
  return !new RegExp(`\\b${key.text()}\\s+(not\\s+)?in\\s+[\\w.]*(allowed|fields|permitted|whitelist|allowlist|editable|updatable|ALLOWED|FIELDS)`, 'i').test(body);
}

export const attributeMassUpdateRules = defineRules([
  {
    id: 'py.access.attribute-mass-update',
    title: 'Object attributes set from an unrestricted mapping',
    pack: 'access-control',
    languages: ['python'],
    severity: 'medium',
    confidence: 'medium',
    cwe: ['CWE-915'],
    owasp: [OWASP.A01, OWASP.A08],
    message: 'obj.__dict__.update(mapping) or setattr(obj, key, value) over a mapping sets whatever attributes the mapping names.',
    impact: 'If the mapping comes from a form or JSON body, a user can set fields they must not (is_admin, role, owner).',
    fix: { guidance: 'Copy only an explicit list of editable fields.', example: "for field in ('name', 'bio'):\n    setattr(user, field, data[field])" },
    references: [cweRef(915, 'Improperly Controlled Modification of Dynamically-Determined Object Attributes'), owaspRef('A01'), cheatSheet('Mass_Assignment')],
    tree: {
      python: [
        pyCall(['__dict__'], '[\\w.]+\\.__dict__\\.update', (n) => {
          const arg = positionalArgs(n)[0];
          return !!arg && (arg.kind() as string) !== 'dictionary' && REQUEST_MAPPING.test(resolveLocal(arg)?.text() ?? '');
        }),
        pyCall(['setattr'], 'setattr', setattrFromMapping),
      ],
    },
  },
]);
