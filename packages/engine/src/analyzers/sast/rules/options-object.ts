// The options object a call receives: written inline, or declared once as a const in the same file and passed by
// name (`const corsOptions = {...}; app.use(cors(corsOptions))`, a module-level JWT options object).
import type { SgNode } from '@ast-grep/napi';

export function optionsObject(arg: SgNode | null | undefined): SgNode | null {
  if (!arg) return null;
  if ((arg.kind() as string) === 'object') return arg;
  if ((arg.kind() as string) !== 'identifier') return null;
  const decls = arg
    .getRoot()
    .root()
    .findAll({ rule: { kind: 'variable_declarator', all: [{ has: { field: 'name', regex: `^${arg.text().replace(/\$/g, '\\$')}$` } }, { has: { field: 'value', kind: 'object' } }] } });
  // a name declared twice is ambiguous: better no answer than the wrong object
  return decls.length === 1 ? (decls[0]?.field('value') ?? null) : null;
}
