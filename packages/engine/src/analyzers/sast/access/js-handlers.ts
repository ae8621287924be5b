// Request handlers defined by name anywhere in the JS/TS code (`function update(req, res)`, `exports.update =
// async (req, res) => ...`, `update: async (ctx) => ...`, class methods), so a route that references a controller
// (`router.post('/x', users.update)`) is checked against the controller's body. A name defined twice is ambiguous
// and left unresolved.
import type { SgNode, SgRoot } from '@ast-grep/napi';

const REQUEST_PARAM = /^\(?\s*(req|request|ctx|context)\b/;
const FUNCTION_VALUE = new Set(['arrow_function', 'function_expression', 'function']);

export interface Handler { node: SgNode; file: string }
export type HandlerIndex = Map<string, Handler | null>;

function add(index: HandlerIndex, file: string, name: string | undefined, fn: SgNode | null | undefined): void {
  if (!name || !fn) return;
  if (!REQUEST_PARAM.test(fn.field('parameters')?.text() ?? fn.field('parameter')?.text() ?? '')) return;
  index.set(name, index.has(name) ? null : { node: fn, file });
}

export function indexHandlers(index: HandlerIndex, tree: SgRoot, file: string): void {
  const root = tree.root();
  for (const fn of root.findAll({ rule: { any: [{ kind: 'function_declaration' }, { kind: 'method_definition' }] } })) add(index, file, fn.field('name')?.text(), fn);
  for (const decl of root.findAll({ rule: { any: [{ kind: 'variable_declarator' }, { kind: 'pair' }, { kind: 'assignment_expression' }] } })) {
    const value = decl.field('value') ?? decl.field('right');
    if (!value || !FUNCTION_VALUE.has(value.kind() as string)) continue;
    const key = decl.field('name') ?? decl.field('key') ?? decl.field('left');
    add(index, file, key?.text().split('.').pop()?.replace(/['"]/g, ''), value);
  }
}

/** The handler a route references (`users.update`, `helpers.tryRoute(controller.post)`, `update`). */
export function resolveHandler(index: HandlerIndex, reference: string): Handler | null {
  const inner = /\(\s*([\w.]+)\s*\)\s*$/.exec(reference)?.[1] ?? reference;
  const name = inner.split('.').pop() ?? '';
  return /^\w+$/.test(name) ? (index.get(name) ?? null) : null;
}
