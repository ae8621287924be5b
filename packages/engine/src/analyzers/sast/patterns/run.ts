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
 * The keywords of a set of rules, found in a text by one regex search: the alternation lists longer keywords first,
 * and the search restarts one character past each hit, so every position where some keyword starts is visited and
 * the longest keyword starting there is found; the keywords inside a found one (a prefix or any other substring) are
 * present too. So `has(k)` is exactly `text.includes(k)`, for every keyword at once: the rules' prefilters ask up to
 * ~150 distinct keywords per file, and searching the whole text for each was ~1.6 % of an Ultra scan of
 * BenchmarkPython's small files (now ~1 %).
 */
export class KeywordScanner {
  private readonly re: RegExp | null;
  /** Keyword -> the other keywords it contains. */
  private readonly inside = new Map<string, string[]>();

  constructor(keywords: Iterable<string>) {
    const words = [...new Set(keywords)].filter((k) => k !== '');
    for (const k of words) this.inside.set(k, words.filter((o) => o !== k && k.includes(o)));
    const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    this.re = words.length ? new RegExp([...words].sort((a, b) => b.length - a.length).map(escape).join('|'), 'g') : null;
  }

  /** Presence test for each keyword of this scanner in `text` (any other keyword: `text.includes`). */
  scan(text: string): (keyword: string) => boolean {
    const found = new Set<string>();
    const re = this.re;
    if (re) {
      re.lastIndex = 0;
      for (let m = re.exec(text); m; m = re.exec(text)) {
        const k = m[0];
        if (!found.has(k)) {
          found.add(k);
          for (const o of this.inside.get(k)!) found.add(o);
        }
        re.lastIndex = m.index + 1;
      }
    }
    return (keyword) => (keyword === '' ? true : this.inside.has(keyword) ? found.has(keyword) : text.includes(keyword));
  }
}

/** Scanners by the rules active on a file (the same few sets recur: per language family and kind of path). */
const scanners = new Map<string, KeywordScanner>();

function keywordScanner(active: readonly PatternRule[], family: TreeFamily | null): KeywordScanner {
  const key = `${family}:${active.map((r) => r.id).join(',')}`;
  let scanner = scanners.get(key);
  if (!scanner) {
    const words: string[] = [];
    for (const r of active) {
      if (r.text) words.push(...r.text.keywords);
      for (const m of (family ? r.tree?.[family] : undefined) ?? []) words.push(...m.keywords);
    }
    if (scanners.size > 64) scanners.clear();
    scanners.set(key, (scanner = new KeywordScanner(words)));
  }
  return scanner;
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
  const has = keywordScanner(active, family).scan(text);
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
