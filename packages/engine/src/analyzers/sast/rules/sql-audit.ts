// Dynamic SQL with no proven source: a query string assembled with f-strings, format, % or + (or a template
// literal) and handed to an execute/query call. When the taint engine proves a request value reaches the call
// it reports the injection (high) on the same line and this audit finding is dropped as covered; otherwise the
// query is worth a reviewer's look (medium, low confidence): the pieces may be constants, or may be data from
// a caller, a queue or a file. A string counts as SQL only when its constant text reads like a statement, and
// only when an interpolated value comes from outside the function: one of its parameters, or a local read from
// request data. Migrations and schema code that splice constants, loop variables or table names are not flagged.
import type { SgNode } from '@ast-grep/napi';
import { descendantsOfKind, enclosingScope, isConstant, positionalArgs, pyBuilt, resolveLocal } from '../patterns/nodes';
import { OWASP, cheatSheet, cweRef, defineRules, owaspRef } from './meta';

/** Constant text of a statement: a verb and the clause that goes with it. */
const SQL_TEXT = /\b(select\b[\s\S]*\bfrom|insert\s+into|update\b[\s\S]*\bset|delete\s+from|where\b[\s\S]*[=<>]|create\s+table|drop\s+table|alter\s+table)\b/i;

/** Parameters that carry framework plumbing (migration and ORM handles), not data. */
const PLUMBING = /^(self|cls|queryInterface|Sequelize|sequelize|schema_editor|apps|knex|migrator|op|batch_op|connection|conn|cursor|cur|db|trx|transaction)$/;
const REQUEST_READ = /\b(request|req|ctx\.request)\b|\b(args|form|params|body|query|get_json|POST|GET)\b/;
const PARAMETER_LISTS = new Set(['parameters', 'formal_parameters', 'lambda_parameters']);

/** Callbacks of array iteration: their parameters are elements of local data, not the function's inputs. */
const ITERATION_CALLBACK = /\.(map|forEach|filter|flatMap|reduce|some|every|find)$/;
/** Class metadata (`model.__tablename__`, `Model._meta.db_table`) names a table, not data. */
const SCHEMA_NAME = /\.(__\w+__|_meta\b[\w.]*|tablename|table_name|db_table)$/;

function parameterNames(scope: SgNode): Set<string> {
  const names = new Set<string>();
  const call = scope.parent()?.parent();
  if (call && (call.kind() as string) === 'call_expression' && ITERATION_CALLBACK.test(call.field('function')?.text() ?? '')) return names;
  const single = scope.field('parameter');
  if (single && (single.kind() as string) === 'identifier') names.add(single.text());
  for (const list of scope.children().filter((c) => PARAMETER_LISTS.has(c.kind() as string))) {
    for (const id of descendantsOfKind(list, new Set(['identifier']))) names.add(id.text());
  }
  return names;
}

/** An interpolated piece names a parameter of the function or a local read from request data. */
function outsideValue(built: SgNode): boolean {
  const scope = enclosingScope(built);
  const params = parameterNames(scope);
  for (const id of descendantsOfKind(built, new Set(['identifier']))) {
    const name = id.text();
    const parent = id.parent();
    // the property of `obj.name` is not a variable
    if (parent && /^(attribute|member_expression)$/.test(parent.kind() as string) && parent.field(parent.kind() === 'attribute' ? 'attribute' : 'property')?.id() === id.id()) continue;
    if (PLUMBING.test(name)) continue;
    const chain = parent && /^(attribute|member_expression)$/.test(parent.kind() as string) ? parent : null;
    if (chain && SCHEMA_NAME.test(chain.text())) continue;
    if (params.has(name)) return true;
    const bound = resolveLocal(id);
    if (bound && bound.id() !== id.id() && !isConstant(bound) && REQUEST_READ.test(bound.text())) return true;
  }
  return false;
}

/** The SQL string handed to the call, following one local variable (`q = f"..."; cur.execute(q)`). */
function pyDynamicSql(arg: SgNode | undefined): boolean {
  let value = resolveLocal(arg);
  // sqlalchemy text(...) holds SQL by definition, fragments (a WHERE condition) included
  const viaText = !!value && (value.kind() as string) === 'call' && /(^|\.)text$/.test(value.field('function')?.text() ?? '');
  if (viaText && value) value = resolveLocal(positionalArgs(value)[0]);
  return !!value && pyBuilt(value) && (viaText || SQL_TEXT.test(value.text())) && outsideValue(value);
}

function jsBuilt(node: SgNode | null | undefined): boolean {
  if (!node) return false;
  const k = node.kind() as string;
  if (k === 'template_string') return node.children().some((c) => (c.kind() as string) === 'template_substitution');
  if (k === 'binary_expression') return node.field('operator')?.text() === '+' && !isConstant(node);
  return false;
}

function jsDynamicSql(arg: SgNode | undefined): boolean {
  const value = resolveLocal(arg);
  return !!value && jsBuilt(value) && SQL_TEXT.test(value.text()) && outsideValue(value);
}

/** Project helpers named for running a SQL statement they are handed. */
const PY_SQL_HELPER = '(query|execute|exec|run)_(db|sql|query)|(db|sql)_(query|execute|exec)';
const JS_SQL_HELPER = '(run|execute|exec|db|sql)(Query|Sql)|query(Db|Sql)';

const refs = [cweRef(89, 'SQL Injection'), owaspRef('A03'), cheatSheet('Query_Parameterization')];
const base = {
  pack: 'injection' as const,
  severity: 'medium' as const,
  confidence: 'low' as const,
  cwe: ['CWE-89'],
  owasp: [OWASP.A03],
  impact: 'If any interpolated piece can carry user data, the query can be rewritten: data read, changed or deleted.',
  references: refs,
};

export const sqlAuditRules = defineRules([
  {
    ...base,
    id: 'py.injection.sql-built-string',
    signal: 'weak',
    title: 'SQL query assembled from strings (needs review)',
    languages: ['python'],
    message: 'A SQL statement built with an f-string, format, % or + is executed (execute/executemany/raw/text).',
    fix: { guidance: 'Pass values as bound parameters; never format them into the SQL text.', example: "cur.execute('SELECT * FROM users WHERE name = %s', (name,))" },
    tree: {
      python: [
        {
          // (and a project helper named for running SQL, `query_db(q)`, `execute_sql(q)`, `run_query(q)`: the statement is
          // built where it is called, which is where a reviewer fixes it)
          keywords: ['execute', 'raw(', 'text(', '_db(', '_sql(', '_query('],
          rule: { kind: 'call', has: { field: 'function', regex: `(^|\\.)(execute|executemany|executescript|raw|text|filter|where|${PY_SQL_HELPER})$` } },
          where: (n) => {
            const fn = n.field('function')?.text() ?? '';
            // .filter()/.where() only through text(...): a formatted string there is an ORM expression, not SQL
            if (/(^|\.)(filter|where)$/.test(fn)) return positionalArgs(n).some((a) => (a.kind() as string) === 'call' && /(^|\.)text$/.test(a.field('function')?.text() ?? '') && pyDynamicSql(a));
            if (/(^|\.)text$/.test(fn)) return false; // reported at the execute/filter that runs it
            return pyDynamicSql(positionalArgs(n)[0]);
          },
        },
      ],
    },
  },
  {
    ...base,
    id: 'js.injection.sql-built-string',
    // like the Python rule: a string shape with no traced input is a heuristic signal (0 of 19 sampled mediums on
    // the real-world corpus were injectable: sanitized identifiers, constants, bound values)
    signal: 'weak',
    title: 'SQL query assembled from strings (needs review)',
    languages: ['javascript', 'typescript'],
    message: 'A SQL statement built with + or a template literal is passed to query/execute/raw (or a pg-promise method).',
    fix: { guidance: 'Pass values as bound parameters ($1, ?) or use a tagged sql`` template that parameterizes them.', example: "db.query('SELECT * FROM products WHERE id = $1', [id])" },
    tree: {
      js: [
        {
          keywords: ['query', 'execute', 'raw', '.one', '.many', '.any', '.none', 'Unsafe', 'Query(', 'Sql('],
          rule: {
            kind: 'call_expression',
            any: [
              { has: { field: 'function', kind: 'member_expression', has: { field: 'property', regex: `^(query|execute|raw|one|many|any|none|oneOrNone|manyOrNone|result|\\$queryRawUnsafe|\\$executeRawUnsafe|${JS_SQL_HELPER})$` } } },
              { has: { field: 'function', kind: 'identifier', regex: `^(${JS_SQL_HELPER})$` } },
            ],
          },
          where: (n) => jsDynamicSql(positionalArgs(n)[0]),
        },
      ],
    },
  },
]);
