// Per-function cyclomatic complexity (McCabe: 1 + decision points) from the shared ast-grep trees.
// Two native queries per file (all functions, all decision points) instead of walking every node from JS:
// crossing the napi boundary per node is what makes tree walks slow on large codebases.
import type { SgNode, SgRoot } from '@ast-grep/napi';
import type { ParsedLanguage } from '../../parse/languages';

export interface FunctionComplexity {
  name: string;
  /** 1-based. */
  line: number;
  endLine: number;
  complexity: number;
  lines: number;
}

interface LanguageKinds {
  functions: string[];
  decisions: string[];
  /** Binary operators that add a path (short-circuit evaluation). */
  logicalOperator?: { kind: string; regex: string };
  /** Kinds counted only when their text matches (e.g. Java `case` labels, not `default`). */
  conditional?: { kind: string; regex: string };
}

const JS_KINDS: LanguageKinds = {
  functions: [
    'function_declaration',
    'function_expression',
    'generator_function_declaration',
    'generator_function',
    'arrow_function',
    'method_definition',
  ],
  // ESLint's `complexity` rule counts the same constructs, including `??`.
  decisions: [
    'if_statement',
    'for_statement',
    'for_in_statement',
    'while_statement',
    'do_statement',
    'switch_case',
    'catch_clause',
    'ternary_expression',
  ],
  logicalOperator: { kind: 'binary_expression', regex: '^(&&|\\|\\||\\?\\?)$' },
};

const KINDS: Record<ParsedLanguage, LanguageKinds> = {
  javascript: JS_KINDS,
  typescript: JS_KINDS,
  tsx: JS_KINDS,
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
    logicalOperator: { kind: 'binary_expression', regex: '^(&&|\\|\\|)$' },
    conditional: { kind: 'switch_label', regex: '^case' },
  },
};

function decisionRule(kinds: LanguageKinds) {
  const any: object[] = kinds.decisions.map((kind) => ({ kind }));
  if (kinds.logicalOperator) {
    const { kind, regex } = kinds.logicalOperator;
    any.push({ kind, has: { field: 'operator', regex } });
  }
  if (kinds.conditional) any.push({ kind: kinds.conditional.kind, regex: kinds.conditional.regex });
  return { rule: { any } };
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
  node: SgNode;
  complexity: number;
}

/** Complexity of every function in a parsed file. Decision points count toward the innermost function only. */
export function functionComplexities(tree: SgRoot, language: ParsedLanguage): FunctionComplexity[] {
  const kinds = KINDS[language];
  const root = tree.root();
  const functionNodes = root.findAll({ rule: { any: kinds.functions.map((kind) => ({ kind })) } });
  if (functionNodes.length === 0) return [];
  const spans: Span[] = functionNodes.map((node) => {
    const r = node.range();
    return { start: r.start.index, end: r.end.index, node, complexity: 1 };
  });
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  const decisions = root.findAll(decisionRule(kinds)).map((n) => n.range().start.index);
  decisions.sort((a, b) => a - b);
  // Sweep: spans sorted by start, decisions by position; a stack holds the functions enclosing the cursor.
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
  return spans.map((s) => {
    const r = s.node.range();
    return {
      name: functionName(s.node),
      line: r.start.line + 1,
      endLine: r.end.line + 1,
      complexity: s.complexity,
      lines: r.end.line - r.start.line + 1,
    };
  });
}
