// Gives every finding its execution context (classify.ts), then applies the severity policy that depends on it.
import { applySeverityPolicy } from '../severity-policy';
import type { Finding } from '../types';
import { classifyPath, projectHints, type ContextInfo } from './classify';

export { classifyPath, projectHints, NO_HINTS, type ContextInfo, type ProjectHints } from './classify';

/**
 * Sets `context`/`contextReason` on each finding from its file, reading package.json scripts for the project's
 * own entry points and build/release scripts, then lowers severities by the policy. Pure: returns new objects.
 */
export function contextualize(findings: Finding[], files: readonly string[], textOf: (path: string) => string | null): Finding[] {
  const packageJsons = files
    .filter((p) => p === 'package.json' || p.endsWith('/package.json'))
    .flatMap((path) => {
      const text = textOf(path);
      return text === null ? [] : [{ path, text }];
    });
  const hints = projectHints(packageJsons);
  const cache = new Map<string, ContextInfo>();
  return findings.map((f) => {
    let info = cache.get(f.location.file);
    if (!info) {
      info = classifyPath(f.location.file, hints);
      cache.set(f.location.file, info);
    }
    return applySeverityPolicy({ ...f, context: info.context, contextReason: info.reason });
  });
}
