// Reads the annotated example files (`ruleid: <id>` / `ok: <id>` on the line before the expected line) and runs
// the pattern rules (and, for files that annotate taint rules, the taint engine) over them exactly as the analyzer
// does. Used by examples.test.ts.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { AnalyzerContext, Finding, SourceFile } from '../../../types';
import { TIERS } from '../../../tiers';
import { detectLanguage, isParsedLanguage, parseSource } from '../../../parse/languages';
import { PACK_ORDER } from '../rule-types';
import { runRulesOnFile } from '../patterns/run';
import type { PatternRule } from '../patterns/types';
import { runTaint } from '../taint';

export interface Expectation {
  kind: 'ruleid' | 'ok';
  ruleId: string;
  /** Line the finding is (or is not) expected on. */
  line: number;
}

const ANNOTATION = /\b(ruleid|ok):\s*([a-z0-9_.,\s-]+?)\s*(?:-->|\*\/\}?|"\s*,?)?\s*$/;

export function parseAnnotations(text: string): Expectation[] {
  const lines = text.split(/\r?\n/);
  const out: Expectation[] = [];
  let pending: Omit<Expectation, 'line'>[] = [];
  lines.forEach((line, i) => {
    const m = ANNOTATION.exec(line);
    if (m) {
      for (const id of (m[2] ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
        pending.push({ kind: m[1] as 'ruleid' | 'ok', ruleId: id });
      }
      return;
    }
    for (const p of pending) out.push({ ...p, line: i + 1 });
    pending = [];
  });
  return out;
}

export function listExampleFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...listExampleFiles(full));
    else out.push(full);
  }
  return out;
}

function exampleFile(absPath: string, root: string): SourceFile {
  const path = relative(root, absPath).split(sep).join('/');
  const text = readFileSync(absPath, 'utf8');
  return { path, absPath, language: detectLanguage(path), size: text.length, text: () => text, isTest: false };
}

export function runExample(absPath: string, root: string, rules: readonly PatternRule[]): Finding[] {
  const file = exampleFile(absPath, root);
  const { language } = file;
  const text = file.text();
  return runRulesOnFile(
    { file, parse: () => (isParsedLanguage(language) ? parseSource(language, text) : null) },
    rules,
    new Set(PACK_ORDER),
  );
}

/** Taint findings of one example file, analyzed on its own (no cross-file imports) with every pack on. */
export function runTaintExample(absPath: string, root: string): Finding[] {
  const file = exampleFile(absPath, root);
  const ctx: AnalyzerContext = {
    root,
    tier: 'ultra',
    plan: TIERS.ultra,
    files: [file],
    hasGit: false,
    options: { package: 'ultra' },
    skip: () => {},
    log: () => {},
    releaseDroppedTrees: async () => {},
    parse: (f) => (isParsedLanguage(f.language) ? parseSource(f.language, f.text()) : null),
  };
  return runTaint(ctx, { packs: new Set(PACK_ORDER), crossFile: false });
}
