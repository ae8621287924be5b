// Pattern rules are data: metadata (RuleMeta) plus per-language matchers. A tree matcher is an ast-grep rule
// object run with findAll over the shared tree; an optional predicate refines what a structural rule cannot
// say (is an argument a literal, is a regex ambiguous). Text matchers cover files without a tree (YAML,
// Terraform, package.json, requirements files).
import type { NapiConfig, SgNode } from '@ast-grep/napi';
import type { RuleMeta } from '../rule-types';

/** Tree families: one matcher serves JavaScript, TypeScript and TSX (same node kinds). */
export type TreeFamily = 'python' | 'js' | 'java';

export interface TreeMatcher {
  /** Cheap prefilter: the file text must contain at least one of these before we touch the tree. */
  keywords: string[];
  rule: NapiConfig['rule'];
  /** Keep a structural match only when this holds. */
  where?: (node: SgNode) => boolean;
  /** Node to report (default: the matched node), e.g. the offending argument. */
  report?: (node: SgNode) => SgNode;
}

export interface TextHit {
  /** 1-based line. */
  line: number;
  /** Stable key for the fingerprint (normalized offending text). */
  key: string;
  snippet: string;
}

export interface TextMatcher {
  /** Repo-relative path test (files with no tree: YAML, Terraform, manifests). */
  files: RegExp;
  keywords: string[];
  /** `absPath` lets a manifest rule read its lockfile beside it (the resolution decides what gets installed). */
  scan(text: string, path: string, absPath?: string): TextHit[];
}

export interface PatternRule extends RuleMeta {
  tree?: Partial<Record<TreeFamily, TreeMatcher[]>>;
  text?: TextMatcher;
  /**
   * Sink-only check for a sink the taint engine models (shell, eval, deserializers). In files that read request
   * data the taint analysis decides (it sees sanitizers, constants and dead branches); elsewhere, where taint has no
   * source to follow, the pattern finding stands as an audit signal.
   */
  taintSink?: boolean;
  /**
   * Repo-relative paths where the rule does not apply, e.g. test-support and benchmark folders for hard-coded
   * credentials (their passwords log into throwaway fixtures, not into anything an attacker wants).
   */
  skipPaths?: RegExp;
  /** Replace string literals in the snippet (hard-coded credentials). */
  redactSnippet?: boolean;
}
