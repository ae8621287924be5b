// GraphQL resolvers guarded in the schema: a schema-first API declares who may call a field with a directive on the
// field or its type (`export(path: String!): Response @auth(requires: ["manage:system"])`), and the resolver map
// (`SystemMutation: { async export (obj, args, context) {...} }`) carries no guard of its own. Each resolver of a
// field the schema guards becomes a Route (framework 'graphql', path `Type.field`) whose guards are the directives.
// They are listed apart from the HTTP routes: the access rules judge HTTP routes only.
import type { SgNode, SgRoot } from '@ast-grep/napi';
import { type Route, line } from './route';

/** `type X @dir {`, `extend type X {`, `type X implements Y {`: the type's name, its own directives and its body. */
const TYPE_BLOCK = /(?:^|\n)\s*(?:extend\s+)?type\s+(\w+)([^{]*)\{([^}]*)\}/g;
const DIRECTIVE = /@\w+(?:\s*\([^)]*\))?/g;

/** A schema in a file of its own, or in a JS/TS template (`gql\`...\``, `typeDefs`, `buildSchema`). */
export const SCHEMA_FILE = /\.(graphql|gql|graphqls)$/;
export const SCHEMA_IN_CODE = /\bgql\s*`|\btypeDefs\b|\bbuildSchema\s*\(/;

/**
 * Directives on each field of the schema text, by `Type.field` (the type's own directives first). A field declared in
 * several schemas keeps the directives of each (an empty list where one declares it unguarded).
 */
export function schemaFieldDirectives(text: string, into: Map<string, string[][]> = new Map()): Map<string, string[][]> {
  if (!/\btype\s+\w+/.test(text)) return into;
  for (const m of text.matchAll(TYPE_BLOCK)) {
    const [, type, head, body] = m as unknown as [string, string, string, string];
    const own = head.match(DIRECTIVE) ?? [];
    // fields start at depth 0 of the arguments' parentheses; a field's text runs to the next one
    let depth = 0;
    let current: { name: string; text: string } | null = null;
    const fields: { name: string; text: string }[] = [];
    for (const raw of body.split('\n')) {
      const l = raw.replace(/#.*$/, '');
      const start = depth === 0 ? /^\s*(\w+)\s*[(:]/.exec(l) : null;
      if (start) fields.push((current = { name: start[1]!, text: l }));
      else if (current) current.text += `\n${l}`;
      for (const ch of l) depth += ch === '(' ? 1 : ch === ')' ? -1 : 0;
      if (depth < 0) depth = 0;
    }
    for (const f of fields) {
      const key = `${type}.${f.name}`;
      into.set(key, [...(into.get(key) ?? []), [...own, ...(f.text.match(DIRECTIVE) ?? [])]]);
    }
  }
  return into;
}

const FUNCTION_VALUE = new Set(['arrow_function', 'function_expression', 'function']);
const keyText = (n: SgNode | null | undefined) => (n?.text() ?? '').replace(/^['"`]|['"`]$/g, '');

/**
 * Resolvers in a resolver map (`Type: { field(obj, args) {...}, other: async (obj, args) => ... }`) for fields whose
 * every schema declaration carries a directive `guarded` accepts; each becomes a Route with those directives.
 */
export function guardedResolvers(tree: SgRoot, file: string, fields: ReadonlyMap<string, string[][]>, guarded: (directive: string) => boolean): Route[] {
  const types = new Set([...fields.keys()].map((k) => k.split('.')[0]!));
  const out: Route[] = [];
  for (const pair of tree.root().findAll({ rule: { kind: 'pair' } })) {
    const type = keyText(pair.field('key'));
    const value = pair.field('value');
    if (!types.has(type) || !value || (value.kind() as string) !== 'object') continue;
    for (const member of value.children()) {
      const kind = member.kind() as string;
      const name = keyText(kind === 'method_definition' ? member.field('name') : kind === 'pair' ? member.field('key') : null);
      const fn = kind === 'method_definition' ? member : kind === 'pair' ? member.field('value') : null;
      if (!name || !fn || (kind === 'pair' && !FUNCTION_VALUE.has(fn.kind() as string))) continue;
      const declared = fields.get(`${type}.${name}`);
      if (!declared?.length) continue;
      // declared alike wherever it is declared (two apps' schemas that disagree leave the field unknown)
      const guards = declared.map((dirs) => dirs.filter(guarded));
      if (guards[0]!.length === 0 || guards.some((g) => g.join('\n') !== guards[0]!.join('\n'))) continue;
      out.push({ framework: 'graphql', methods: ['POST'], path: `${type}.${name}`, file, line: line(member), guards: guards[0]!, handler: fn, urlParams: [] });
    }
  }
  return out;
}
