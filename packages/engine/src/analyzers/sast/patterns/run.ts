// Runs pattern rules over a file: prefilter by language and keywords, parse (shared tree) only when some
// rule's keyword is present, then one candidate walk tested against precompiled matchers. One finding per rule
// and line.
import type { SgNode, SgRoot } from '@ast-grep/napi';
import type { Finding, SourceFile } from '../../../types';
import type { PackId } from '../rule-types';
import { compileMatcher, NodeMemo } from './compile';
import { makeSnippet, toFinding, type RawHit } from './finding';
import type { PatternRule, TreeFamily, TreeMatcher } from './types';

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

interface TreeWork {
  rule: PatternRule;
  matcher: TreeMatcher;
  push(hit: RawHit): void;
  seen: Map<string, number>;
}

/** Declared top-level kind of a matcher rule, used to skip matchers that cannot match a node. */
function topKind(m: TreeMatcher): string | undefined {
  const k = (m.rule as { kind?: unknown }).kind;
  return typeof k === 'string' ? k : undefined;
}

/**
 * One tree walk per file: ast-grep collects the nodes of the kinds the active matchers can match (a kind-only
 * query is cheap to build), then each candidate is tested in JS against the precompiled matchers of its kind
 * (compile.ts). Candidates and matchers keep document and rule order, so "first hit per rule and line" holds.
 */
function runTreeWork(input: FileInput, work: TreeWork[], getLines: () => string[]): void {
  const root = input.parse()?.root();
  if (!root) return;
  const byKind = new Map<string, TreeWork[]>();
  const anyKind: TreeWork[] = [];
  const kinds = new Set<string>();
  let unbounded = false;
  for (const w of work) {
    const k = topKind(w.matcher);
    if (k) byKind.set(k, [...(byKind.get(k) ?? []), w]);
    else anyKind.push(w);
    const compiled = compileMatcher(w.matcher.rule);
    if (compiled.kinds) for (const x of compiled.kinds) kinds.add(x);
    else unbounded = true;
  }
  const query = unbounded ? { any: work.map((w) => w.matcher.rule) } : { any: [...kinds].map((kind) => ({ kind })) };
  for (const node of root.findAll({ rule: query })) {
    const kind = node.kind() as string;
    const candidates = [...(byKind.get(kind) ?? []), ...anyKind];
    const memo = new NodeMemo();
    for (const w of candidates) {
      const compiled = compileMatcher(w.matcher.rule);
      if (compiled.kinds && !compiled.kinds.has(kind)) continue;
      if (!compiled.test(node, memo)) continue;
      if (w.matcher.where && !w.matcher.where(node)) continue;
      w.push(nodeHit(w.matcher.report ? w.matcher.report(node) : node, getLines(), w.rule.redactSnippet === true, w.seen));
    }
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

/**
 * Whether the file's text contains a keyword, each keyword searched once per file: the rules' prefilters share
 * keywords (467 over 256 distinct ones), and searching the whole text for each was ~1.5 % of an Ultra scan.
 */
function keywordsOf(text: string): (keyword: string) => boolean {
  const found = new Map<string, boolean>();
  return (keyword) => {
    let present = found.get(keyword);
    if (present === undefined) found.set(keyword, (present = text.includes(keyword)));
    return present;
  };
}

/** Whether a matcher can match anything in this file: a keyword is present and its text gate (compile.ts) matches. */
function mayMatch(m: TreeMatcher, text: string, has: (keyword: string) => boolean): boolean {
  if (!m.keywords.some(has)) return false;
  const gate = compileMatcher(m.rule).textGate;
  return gate === null || gate.test(text);
}

/** Apply every applicable rule to one file. */
export function runRulesOnFile(input: FileInput, rules: readonly PatternRule[], packs: ReadonlySet<PackId>): Finding[] {
  const { file } = input;
  // Test code is not production code: fixtures hold fake passwords, pickles and debug flags on purpose.
  if (file.isTest) return [];
  const family = treeFamily(file.language);
  const active = rules.filter(
    (r) => packs.has(r.pack) && ((family && r.tree?.[family]) || r.text?.files.test(file.path)) && !r.skipPaths?.test(file.path),
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
  const has = keywordsOf(text);
  const treeWork: TreeWork[] = [];
  for (const rule of active) {
    const done = new Set<number>();
    const seen = new Map<string, number>();
    const push = (hit: RawHit) => {
      if (done.has(hit.startLine)) return;
      done.add(hit.startLine);
      findings.push(toFinding(rule, file.path, hit));
    };
    if (rule.text && rule.text.files.test(file.path)) {
      if (rule.text.keywords.some(has)) {
        for (const h of rule.text.scan(text, file.path, file.absPath)) push({ startLine: h.line, endLine: h.line, key: h.key, snippet: h.snippet });
      }
      continue;
    }
    const matchers = family ? rule.tree?.[family] : undefined;
    for (const m of matchers ?? []) if (mayMatch(m, text, has)) treeWork.push({ rule, matcher: m, push, seen });
  }
  if (treeWork.length > 0) runTreeWork(input, treeWork, getLines);
  return findings;
}
