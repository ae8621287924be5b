// The real AnalyzerContext: lazy file text, each file parsed at most once per thread while the TreeCache's byte
// budget lasts (beyond it, once per pass, freed as the pass goes), parse failures recorded as skipped files.
import { readFileSync } from 'node:fs';
import type { AnalyzerContext, ScanOptions, SkippedFile, SourceFile, TierPlan } from './types';
import type { CollectedFile } from './collect';
import { isParsedLanguage, parseSource } from './parse/languages';
import { TreeCache } from './tree-cache';
import { releaseNativeGarbage } from './native-garbage';

export interface ContextInput {
  root: string;
  files: CollectedFile[];
  plan: TierPlan;
  options: ScanOptions;
  hasGit: boolean;
  /** Minified or generated files, for the secrets analyzer (AnalyzerContext.bundled). */
  bundled?: string[];
  /** Texts already read by collect (in-process runs). */
  texts?: Map<string, string>;
  /** Trees shared with other analyzers in this thread (default: a cache of this context's own). */
  trees?: TreeCache;
}

export interface EngineContext extends AnalyzerContext {
  skipped: SkippedFile[];
  logs: string[];
}

function toSourceFile(f: CollectedFile, texts: Map<string, string> | undefined): SourceFile {
  let cached: string | undefined = texts?.get(f.path);
  return {
    path: f.path,
    absPath: f.absPath,
    language: f.language,
    size: f.size,
    isTest: f.isTest,
    // A file that vanished or became unreadable after collection reads as empty rather than aborting the scan.
    text: () => {
      if (cached === undefined) {
        try {
          cached = readFileSync(f.absPath, 'utf8');
        } catch {
          cached = '';
        }
      }
      return cached;
    },
  };
}

export function createContext(input: ContextInput): EngineContext {
  const files = input.files.map((f) => toSourceFile(f, input.texts));
  const trees = input.trees ?? new TreeCache();
  const skipped: SkippedFile[] = [];
  const logs: string[] = [];
  return {
    root: input.root,
    tier: input.plan.tier,
    plan: input.plan,
    files,
    hasGit: input.hasGit,
    ...(input.bundled ? { bundled: input.bundled } : {}),
    options: input.options,
    skipped,
    logs,
    skip: (entry) => skipped.push(entry),
    log: (message) => logs.push(message),
    derived: (key, compute) => trees.derived(key, compute),
    pace: (pass, index) => trees.pace(pass, index),
    async releaseDroppedTrees() {
      if (!trees.releaseDue()) return;
      await releaseNativeGarbage();
      trees.released();
    },
    parse(file) {
      if (!isParsedLanguage(file.language)) return null;
      const failure = trees.failed.get(file.path);
      if (failure !== undefined) {
        skipped.push({ file: file.path, reason: 'parse-error', detail: failure });
        return null;
      }
      const hit = trees.get(file.path);
      if (hit) return hit;
      try {
        const root = parseSource(file.language, file.text());
        trees.offer(file.path, root, file.size);
        return root;
      } catch (e) {
        const detail = e instanceof Error ? e.message : String(e);
        trees.failed.set(file.path, detail);
        skipped.push({ file: file.path, reason: 'parse-error', detail });
        return null;
      }
    },
  };
}
