// Applies the three suppression sources in order: inline comments, .duescanignore paths, the baseline.
import { join } from 'node:path';
import type { Finding, Report } from '../types';
import { loadIgnoreFile } from '../collect/ignore-rules';
import { isSuppressedInline } from './inline';

export const IGNORE_FILE = '.duescanignore';

export interface SuppressInput {
  root: string;
  findings: Finding[];
  /** Text of a file, or null when it cannot be read (no inline check then). */
  textOf: (file: string) => string | null;
  baseline: Set<string> | null;
}

export function applySuppressions(input: SuppressInput): { kept: Finding[]; suppressed: Report['suppressed'] } {
  const ignoreFile = loadIgnoreFile(join(input.root, IGNORE_FILE));
  const lineCache = new Map<string, string[] | null>();
  const linesOf = (file: string) => {
    if (!lineCache.has(file)) lineCache.set(file, input.textOf(file)?.split('\n') ?? null);
    return lineCache.get(file)!;
  };
  const kept: Finding[] = [];
  const suppressed: Report['suppressed'] = [];
  for (const f of input.findings) {
    const lines = linesOf(f.location.file);
    let reason: Report['suppressed'][number]['reason'] | null = null;
    if (lines && isSuppressedInline(lines, f.location.startLine, f.ruleId)) reason = 'inline';
    else if (ignoreFile && safeIgnored(ignoreFile, f.location.file)) reason = 'ignore-file';
    else if (input.baseline?.has(f.id)) reason = 'baseline';
    if (reason) suppressed.push({ id: f.id, ruleId: f.ruleId, reason });
    else kept.push(f);
  }
  return { kept, suppressed };
}

/** `ignore` throws on paths that are not relative (e.g. findings about the repo as a whole); those never match. */
function safeIgnored(rules: { ignores(path: string): boolean }, file: string): boolean {
  try {
    return file !== '' && rules.ignores(file);
  } catch {
    return false;
  }
}
