// Runs pattern rules over a file: prefilter by language and keywords, parse (shared tree) only when some
// rule's keyword is present, then ast-grep findAll per matcher. One finding per rule and line.
import type { SgNode, SgRoot } from '@ast-grep/napi';
import type { Finding, SourceFile } from '../../../types';
import type { PackId } from '../rule-types';
import { makeSnippet, toFinding, type RawHit } from './finding';
import type { PatternRule, TreeFamily } from './types';

export function treeFamily(language: string | null): TreeFamily | null {
  switch (language) {
    case 'python':
      return 'python';
    case 'javascript':
    case 'typescript':
    case 'tsx':
      return 'js';
    case 'java':
      return 'java';
    default:
      return null;
  }
}

export interface FileInput {
  file: SourceFile;
  /** Shared parse (cached by the context). */
  parse(): SgRoot | null;
}

function nodeHit(node: SgNode, lines: string[], redact: boolean, seen: Map<string, number>): RawHit {
  const r = node.range();
  const startLine = r.start.line + 1;
  const endLine = r.end.line + 1;
  const norm = node.text().replace(/\s+/g, ' ').slice(0, 200);
  const n = (seen.get(norm) ?? 0) + 1;
  seen.set(norm, n);
  return {
    startLine,
    endLine,
    startColumn: r.start.column + 1,
    endColumn: r.end.column + 1,
    key: n === 1 ? norm : `${norm}#${n}`,
    snippet: makeSnippet(lines, startLine, endLine, redact),
  };
}

/** Apply every applicable rule to one file. */
export function runRulesOnFile(input: FileInput, rules: readonly PatternRule[], packs: ReadonlySet<PackId>): Finding[] {
  const { file } = input;
  const family = treeFamily(file.language);
  const active = rules.filter(
    (r) => packs.has(r.pack) && !(r.skipTests && file.isTest) && ((family && r.tree?.[family]) || r.text?.files.test(file.path)),
  );
  if (active.length === 0) return [];
  let text: string;
  try {
    text = file.text();
  } catch {
    return [];
  }
  const findings: Finding[] = [];
  let lines: string[] | undefined;
  const getLines = () => (lines ??= text.split(/\r?\n/));
  let root: SgNode | null | undefined;
  for (const rule of active) {
    const done = new Set<number>();
    const seen = new Map<string, number>();
    const push = (hit: RawHit) => {
      if (done.has(hit.startLine)) return;
      done.add(hit.startLine);
      findings.push(toFinding(rule, file.path, hit));
    };
    if (rule.text && rule.text.files.test(file.path)) {
      if (rule.text.keywords.some((k) => text.includes(k))) {
        for (const h of rule.text.scan(text, file.path)) push({ startLine: h.line, endLine: h.line, key: h.key, snippet: h.snippet });
      }
      continue;
    }
    const matchers = family ? rule.tree?.[family] : undefined;
    if (!matchers) continue;
    for (const m of matchers) {
      if (!m.keywords.some((k) => text.includes(k))) continue;
      if (root === undefined) root = input.parse()?.root() ?? null;
      if (!root) break;
      for (const node of root.findAll({ rule: m.rule, ...(m.constraints ? { constraints: m.constraints } : {}) })) {
        if (m.where && !m.where(node)) continue;
        push(nodeHit(m.report ? m.report(node) : node, getLines(), rule.redactSnippet === true, seen));
      }
    }
  }
  return findings;
}
