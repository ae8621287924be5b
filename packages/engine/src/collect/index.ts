// collect: walk the project once, decide what is analyzable, detect languages and count lines.
import { lstatSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fdir } from 'fdir';
import type { LanguageStats, SkippedFile } from '../types';
import { detectLanguage } from '../parse/languages';
import {
  EXCLUDED_DIRS,
  LOCKFILE_MAX_BYTES,
  baseName,
  generatedReason,
  hasBinaryExtension,
  isLockfile,
  looksBinary,
  minifiedReason,
} from './excludes';
import { GitignoreTree } from './ignore-rules';
import { countLines, type LineCounts } from './loc';
import { isTestPath } from './test-paths';

export const DEFAULT_MAX_FILE_BYTES = 1024 * 1024;

/** A file analyzers may read: plain data, so it can cross to worker threads. */
export interface CollectedFile {
  path: string;
  absPath: string;
  language: string | null;
  size: number;
  isTest: boolean;
  lines?: LineCounts;
}

export interface CollectResult {
  files: CollectedFile[];
  skipped: SkippedFile[];
  languages: LanguageStats[];
  /** Code lines over all languages (lockfiles excluded). */
  loc: number;
  /** Texts read while collecting, reused by an in-process context so nothing is read twice. */
  texts: Map<string, string>;
}

export interface CollectOptions {
  maxFileBytes?: number;
  gitignore?: boolean;
}

function toPosix(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}

/** Every candidate file path (repo-relative), after default excludes and .gitignore. */
export function walk(root: string, gitignore: boolean): string[] {
  const tree = new GitignoreTree(root, gitignore);
  const relOf = (full: string) => toPosix(relative(root, full));
  const paths = new fdir()
    .withFullPaths()
    .exclude((name, dirPath) => EXCLUDED_DIRS.has(name) || tree.isIgnored(relOf(dirPath).replace(/\/$/, ''), true))
    .filter((full, isDir) => isDir || !tree.isIgnored(relOf(full), false))
    .crawl(root)
    .sync();
  return paths.map(relOf).sort();
}

export function collect(root: string, options: CollectOptions = {}): CollectResult {
  const maxBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const result: CollectResult = { files: [], skipped: [], languages: [], loc: 0, texts: new Map() };
  const stats = new Map<string, LanguageStats>();
  for (const path of walk(root, options.gitignore ?? true)) {
    const absPath = join(root, path);
    const file = classify(path, absPath, maxBytes, result);
    if (!file) continue;
    result.files.push(file);
    if (file.lines && file.language) {
      const s = stats.get(file.language) ?? { language: file.language, files: 0, code: 0, comment: 0, blank: 0 };
      s.files++;
      s.code += file.lines.code;
      s.comment += file.lines.comment;
      s.blank += file.lines.blank;
      stats.set(file.language, s);
      result.loc += file.lines.code;
    }
  }
  result.languages = [...stats.values()].sort((a, b) => b.code - a.code || a.language.localeCompare(b.language));
  return result;
}

/** Reads one file and returns it as analyzable, or records why it is skipped. */
function classify(path: string, absPath: string, maxBytes: number, out: CollectResult): CollectedFile | null {
  const skip = (reason: SkippedFile['reason'], detail?: string) => {
    out.skipped.push(detail === undefined ? { file: path, reason } : { file: path, reason, detail });
    return null;
  };
  let size: number;
  try {
    const st = lstatSync(absPath);
    // Symlinks are not followed: they could point outside the project being scanned.
    if (st.isSymbolicLink()) return skip('unreadable', 'symbolic link (not followed)');
    if (!st.isFile()) return null;
    size = st.size;
  } catch (e) {
    return skip('unreadable', (e as NodeJS.ErrnoException).code ?? String(e));
  }
  const lockfile = isLockfile(path);
  const limit = lockfile ? LOCKFILE_MAX_BYTES : maxBytes;
  if (size > limit) return skip('too-large', `${size} bytes (limit ${limit})`);
  if (hasBinaryExtension(path)) return skip('binary', 'binary file type');
  let buf: Buffer;
  try {
    buf = readFileSync(absPath);
  } catch (e) {
    return skip('unreadable', (e as NodeJS.ErrnoException).code ?? String(e));
  }
  if (looksBinary(buf)) return skip('binary', 'contains NUL bytes');
  const text = buf.toString('utf8');
  if (!lockfile) {
    const minified = minifiedReason(path, text);
    if (minified) return skip('minified', minified);
    const generated = generatedReason(path, text);
    if (generated) return skip('generated', generated);
  }
  const language = detectLanguage(path);
  const file: CollectedFile = { path, absPath, language, size, isTest: isTestPath(path) };
  if (language && !lockfile && baseName(path) !== '.duescanignore') file.lines = countLines(text, language);
  out.texts.set(path, text);
  return file;
}
