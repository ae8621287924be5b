// Per-function cyclomatic complexity (McCabe: 1 + decision points) from the shared ast-grep trees.
// Two native queries per file (all functions, all decision points) instead of walking every node from JS:
// crossing the napi boundary per node is what makes tree walks slow on large codebases.
import type { SgNode, SgRoot } from '@ast-grep/napi';
import type { ParsedLanguage } from '../../parse/languages';
import type { FunctionMetric } from '../../types';

/**
 * One function's measurements. The name is resolved on first read: it costs several native calls per function
 * and only the few functions a report lists ever need it.
 */
export class FunctionComplexity {
  #name: string | undefined;
  /** Repo-relative file, set by the caller that knows it. */
  file = '';
  constructor(
    private node: SgNode | null,
    /** 1-based. */
    readonly line: number,
    readonly endLine: number,
    readonly complexity: number,
  ) {}

  get lines(): number {
    return this.endLine - this.line + 1;
  }

  get name(): string {
    if (this.#name === undefined && !this.node) throw new Error('function name read after its syntax node was released');
    return (this.#name ??= functionName(this.node!));
  }

  /**
   * Drops the syntax node, resolving the name first when it may still be read. A held node keeps its whole tree
   * alive, and a pass keeps the functions of every file: without this, every tree would live until the pass ends.
   */
  release(keepName: boolean): void {
    if (keepName) void this.name;
    this.node = null;
  }

  /** Plain, serializable copy (getters do not survive JSON or worker messages). */
  toMetric(): FunctionMetric {
    return { file: this.file, name: this.name, line: this.line, complexity: this.complexity, lines: this.lines };
  }
}

interface LanguageKinds {
  functions: string[];
  decisions: string[];
  /** Decision points that need more than a node kind (operators, `case` but not `default`...): ast-grep rules. */
  extra: object[];
}

const operator = (kind: string, regex: string) => ({ kind, has: { field: 'operator', regex } });

const JS_FUNCTIONS = [
  'function_declaration',
  'function_expression',
  'generator_function_declaration',
  'generator_function',
  'arrow_function',
  'method_definition',
];
// Same constructs as ESLint's `complexity` rule (the JS reference): branches, loops, cases, catch, ternaries,
// short-circuit operators (&& || ?? and their assignment forms), default values and optional chaining.
const JS_DECISIONS = [
  'if_statement',
  'for_statement',
  'for_in_statement',
  'while_statement',
  'do_statement',
  'switch_case',
  'catch_clause',
  'ternary_expression',
  'assignment_pattern',
  'object_assignment_pattern',
  'optional_chain',
];
const JS_EXTRA = [
  operator('binary_expression', '^(&&|\\|\\||\\?\\?)$'),
  operator('augmented_assignment_expression', '^(&&=|\\|\\|=|\\?\\?=)$'),
];
const JS_KINDS: LanguageKinds = { functions: JS_FUNCTIONS, decisions: JS_DECISIONS, extra: JS_EXTRA };
// The TypeScript grammar spells two of these differently: a defaulted parameter is a `required_parameter` with a
// value, and the `?.` of an optional call is an anonymous token of the call rather than an optional_chain node.
const TS_KINDS: LanguageKinds = {
  ...JS_KINDS,
  extra: [
    ...JS_EXTRA,
    { kind: 'required_parameter', has: { field: 'value', regex: '[\\s\\S]' } },
    { kind: 'call_expression', has: { regex: '^\\?\\.$' } },
  ],
};

const KINDS: Record<ParsedLanguage, LanguageKinds> = {
  javascript: JS_KINDS,
  typescript: TS_KINDS,
  tsx: TS_KINDS,
  python: {
    functions: ['function_definition'],
    decisions: [
      'if_statement',
      'elif_clause',
      'for_statement',
      'while_statement',
      'except_clause',
      'conditional_expression',
      'boolean_operator',
      'if_clause',
      'case_clause',
    ],
    extra: [],
  },
  java: {
    functions: ['method_declaration', 'constructor_declaration', 'compact_constructor_declaration'],
    decisions: [
      'if_statement',
      'for_statement',
      'enhanced_for_statement',
      'while_statement',
      'do_statement',
      'catch_clause',
      'ternary_expression',
    ],
    extra: [operator('binary_expression', '^(&&|\\|\\|)$'), { kind: 'switch_label', regex: '^case' }],
  },
};

/** One rule matching functions and decision points: a single traversal of the tree instead of two. */
const RULES = new Map<LanguageKinds, { rule: object; functionKinds: Set<string> }>();
function combinedRule(kinds: LanguageKinds) {
  let cached = RULES.get(kinds);
  if (!cached) {
    const any: object[] = [...[...kinds.functions, ...kinds.decisions].map((kind) => ({ kind })), ...kinds.extra];
    cached = { rule: { rule: { any } }, functionKinds: new Set(kinds.functions) };
    RULES.set(kinds, cached);
  }
  return cached;
}

const KEY_FIELDS = ['name', 'key', 'left'] as const;

/** Best-effort readable name: declared name, or the variable/property an anonymous function is assigned to. */
function functionName(node: SgNode): string {
  const own = node.field('name' as never) as SgNode | null;
  if (own) return own.text();
  const parent = node.parent();
  if (parent) {
    for (const field of KEY_FIELDS) {
      const named = parent.field(field as never) as SgNode | null;
      if (named && named.id() !== node.id()) return named.text().slice(0, 80);
    }
  }
  return '(anonymous)';
}

interface Span {
  start: number;
  end: number;
  startLine: number;
  endLine: number;
  node: SgNode;
  complexity: number;
}

/** Complexity of every function in a parsed file. Decision points count toward the innermost function only. */
export function functionComplexities(tree: SgRoot, language: ParsedLanguage): FunctionComplexity[] {
  const { rule, functionKinds } = combinedRule(KINDS[language]);
  const spans: Span[] = [];
  const decisions: number[] = [];
  for (const node of tree.root().findAll(rule as never)) {
    const r = node.range();
    if (functionKinds.has(node.kind() as string)) {
      spans.push({ start: r.start.index, end: r.end.index, startLine: r.start.line, endLine: r.end.line, node, complexity: 1 });
    } else {
      decisions.push(r.start.index);
    }
  }
  if (spans.length === 0) return [];
  // findAll yields document order already; sorting keeps the sweep correct without relying on it (cheap).
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  decisions.sort((a, b) => a - b);
  // Sweep: a stack holds the functions enclosing the current decision point.
  const stack: Span[] = [];
  let next = 0;
  for (const pos of decisions) {
    while (next < spans.length && spans[next]!.start <= pos) {
      const span = spans[next++]!;
      while (stack.length && stack[stack.length - 1]!.end <= span.start) stack.pop();
      stack.push(span);
    }
    while (stack.length && stack[stack.length - 1]!.end <= pos) stack.pop();
    const owner = stack[stack.length - 1];
    if (owner) owner.complexity++;
  }
  return spans.map((s) => new FunctionComplexity(s.node, s.startLine + 1, s.endLine + 1, s.complexity));
}
