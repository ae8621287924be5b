// Test helper: a real AnalyzerContext over a fixture folder (every file, no ignore rules), for analyzer unit tests.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { SgRoot } from '@ast-grep/napi';
import type { AnalyzerContext, ScanOptions, SkippedFile, SourceFile, Tier } from '../types';
import { TIERS } from '../tiers';
import { isTestPath } from '../collect/test-paths';
import { detectLanguage, isParsedLanguage, parseSource } from '../parse/languages';

function walk(dir: string, out: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === '.git' || entry.name === 'node_modules') continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (entry.isFile()) out.push(full);
  }
}

export function makeTestContext(
  root: string,
  tier: Tier = 'ultra',
  options: Partial<ScanOptions> = {},
): AnalyzerContext & { skipped: SkippedFile[] } {
  const paths: string[] = [];
  walk(root, paths);
  const files: SourceFile[] = paths.sort().map((absPath) => {
    const path = relative(root, absPath).split(sep).join('/');
    let cached: string | undefined;
    return {
      path,
      absPath,
      language: detectLanguage(path),
      size: statSync(absPath).size,
      isTest: isTestPath(path),
      text: () => (cached ??= readFileSync(absPath, 'utf8')),
    };
  });
  const trees = new Map<string, SgRoot | null>();
  const skipped: SkippedFile[] = [];
  return {
    root,
    tier,
    plan: TIERS[tier],
    files,
    hasGit: false,
    options: { package: tier, ...options },
    skipped,
    skip: (e) => skipped.push(e),
    log: () => {},
    // every tree stays cached for the test's lifetime: nothing is dropped
    releaseDroppedTrees: async () => {},
    parse(file) {
      if (!isParsedLanguage(file.language)) return null;
      if (!trees.has(file.path)) {
        try {
          trees.set(file.path, parseSource(file.language, file.text()));
        } catch (e) {
          skipped.push({ file: file.path, reason: 'parse-error', detail: String(e) });
          trees.set(file.path, null);
        }
      }
      return trees.get(file.path) ?? null;
    },
  };
}
