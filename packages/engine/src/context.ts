// The real AnalyzerContext: lazy file text, each file parsed at most once (trees cached within a byte budget),
// parse failures recorded as skipped files instead of thrown.
import { readFileSync } from 'node:fs';
import type { SgRoot } from '@ast-grep/napi';
import type { AnalyzerContext, ScanOptions, SkippedFile, SourceFile, TierPlan } from './types';
import type { CollectedFile } from './collect';
import { isParsedLanguage, parseSource } from './parse/languages';

/**
 * Source bytes whose trees we keep; beyond it the oldest trees are dropped and re-parsed on demand. Measured:
 * ast-grep trees take ~27x their source size (23 MB of source -> 613 MB RSS), and every worker has its own
 * cache, so 12 MiB of source (~330 MB of trees) per worker keeps a 2-thread scan well under 1.5 GB.
 */
const TREE_CACHE_BYTES = 12 * 1024 * 1024;

export interface ContextInput {
  root: string;
  files: CollectedFile[];
  plan: TierPlan;
  options: ScanOptions;
  hasGit: boolean;
  /** Texts already read by collect (in-process runs). */
  texts?: Map<string, string>;
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
  const trees = new Map<string, { root: SgRoot; bytes: number }>();
  const failed = new Set<string>();
  let cachedBytes = 0;
  const skipped: SkippedFile[] = [];
  const logs: string[] = [];
  return {
    root: input.root,
    tier: input.plan.tier,
    plan: input.plan,
    files,
    hasGit: input.hasGit,
    options: input.options,
    skipped,
    logs,
    skip: (entry) => skipped.push(entry),
    log: (message) => logs.push(message),
    parse(file) {
      if (!isParsedLanguage(file.language) || failed.has(file.path)) return null;
      const hit = trees.get(file.path);
      if (hit) return hit.root;
      let root: SgRoot;
      try {
        root = parseSource(file.language, file.text());
      } catch (e) {
        failed.add(file.path);
        skipped.push({ file: file.path, reason: 'parse-error', detail: e instanceof Error ? e.message : String(e) });
        return null;
      }
      trees.set(file.path, { root, bytes: file.size });
      cachedBytes += file.size;
      for (const [path, entry] of trees) {
        if (cachedBytes <= TREE_CACHE_BYTES) break;
        trees.delete(path);
        cachedBytes -= entry.bytes;
      }
      return root;
    },
  };
}
