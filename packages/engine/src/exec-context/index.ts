// Gives every finding its execution context (classify.ts), then applies the severity policy that depends on it.
import { applySeverityPolicy } from '../severity-policy';
import type { Finding } from '../types';
import { DEV_SETTINGS_REASON, bddSuiteDirs, classifyPath, copiedLibrary, devBesideProduction, projectHints, vendoredPackageDirs, type ContextInfo } from './classify';

export { classifyPath, projectHints, NO_HINTS, type ContextInfo, type ProjectHints } from './classify';

const CI_FILE = /(^|\/)(\.github\/workflows\/[^/]+\.ya?ml|\.gitlab-ci\.ya?ml)$/;
const UNMARKED_IMAGE = /(^|\/)(Dockerfile|Containerfile)(\.[\w-]+)*$|\.(Dockerfile|Containerfile)$/i;

/**
 * An unmarked image file that CI builds (`file: Dockerfile` in a workflow, `-f Dockerfile`) is published, even beside
 * one marked for production (khoj builds both `Dockerfile` and `prod.Dockerfile`): not the developers' variant.
 */
function withoutPublishedImages(twins: Map<string, string>, files: readonly string[], textOf: (path: string) => string | null): Map<string, string> {
  const images = [...twins.keys()].filter((p) => UNMARKED_IMAGE.test(p) && !/(^|[-._])(dev|devel|development|local)\b/i.test(p.split('/').pop() ?? ''));
  if (images.length === 0) return twins;
  // the image files CI names: `file: Dockerfile` (build-push-action), `dockerfile: ...`, `docker build -f ./Dockerfile`
  const built = new Set<string>();
  for (const p of files.filter((f) => CI_FILE.test(f))) {
    for (const m of (textOf(p) ?? '').matchAll(/(?:\bfile|\bdockerfile|\s-f|--file)\s*[:=]?\s*['"]?(?:\.\/)?([^\s'"]+)/gim)) built.add(m[1]!);
  }
  for (const image of images) if (built.has(image)) twins.delete(image);
  return twins;
}

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
  const hints = { ...projectHints(packageJsons), devTwins: withoutPublishedImages(devBesideProduction(files), files, textOf) };
  const cache = new Map<string, ContextInfo>();
  const mainBlocks = new Map<string, [number, number] | null>();
  let vendoredDirs: string[] | undefined;
  let bddDirs: string[] | undefined;
  return findings.map((f) => {
    let info = cache.get(f.location.file);
    if (!info) {
      info = classifyPath(f.location.file, hints);
      if (info.context === 'production') info = copiedLibrary(f.location.file, textOf(f.location.file) ?? '') ?? info;
      if (info.context === 'production' && f.location.file.endsWith('.py')) {
        vendoredDirs ??= vendoredPackageDirs(files, textOf);
        const dir = vendoredDirs.find((d) => f.location.file.startsWith(d) && f.location.file.slice(d.length).includes('/'));
        if (dir) info = { context: 'vendored', reason: `a package in ${dir}, a folder of copies of the project's declared dependencies` };
      }
      if (info.context === 'production') {
        bddDirs ??= bddSuiteDirs(files);
        const suite = bddDirs.find((d) => f.location.file.startsWith(d));
        if (suite) info = { context: 'test', reason: `behaviour-driven test suite ${suite} (.feature scenarios and their step definitions)` };
      }
      cache.set(f.location.file, info);
    }
    if (info.context === 'production' && f.location.file.endsWith('.py')) {
      if (!mainBlocks.has(f.location.file)) mainBlocks.set(f.location.file, mainBlock(textOf(f.location.file) ?? ''));
      const block = mainBlocks.get(f.location.file);
      if (block && f.location.startLine >= block[0] && f.location.startLine <= block[1]) info = { context: 'script', reason: MAIN_BLOCK_REASON };
      else {
        const cls = devConfigClass(textOf(f.location.file) ?? '', f.location.startLine);
        if (cls) info = { context: 'script', reason: `${DEV_SETTINGS_REASON} class ${cls}` };
      }
    }
    return applySeverityPolicy({ ...f, context: info.context, contextReason: info.reason });
  });
}

export const MAIN_BLOCK_REASON = 'in the module\'s `if __name__ == "__main__":` block, which runs only when the file is executed directly';

/**
 * The lines (1-based, inclusive) of a module's top-level `if __name__ == "__main__":` block: code run when the file
 * is executed as a program (a self-test, a command-line tool), never when the application imports it. Null when
 * there is none, or when the block starts a server (then it is the application's entry point).
 */
export function mainBlock(text: string): [number, number] | null {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => /^if\s+(__name__\s*==\s*['"]__main__['"]|['"]__main__['"]\s*==\s*__name__)\s*:/.test(l));
  if (start < 0) return null;
  let end = start;
  for (let i = start + 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '' || /^\s/.test(line)) end = i;
    else break;
  }
  // a block that starts the application's server is how the application runs (python app.py): production code
  if (/\b(app|application|server|socketio|uvicorn|waitress|web)\.(run|serve|run_app)\s*\(|\b(serve|run_simple|run_app)\s*\(/.test(lines.slice(start, end + 1).join('\n'))) return null;
  return [start + 1, end + 1];
}

/**
 * The top-level class a line is in, when it is a development or test configuration class (`class
 * DevelopmentConfig(Config)`, `TestingSettings`) of a module that also defines a production one (`ProductionConfig`):
 * the application loads the production class when deployed, the other on developers' machines and in CI.
 */
export function devConfigClass(text: string, line: number): string | null {
  if (!/^class\s+(Prod|Production)\w*(Config|Settings)\b/m.test(text)) return null;
  const lines = text.split('\n');
  for (let i = Math.min(line, lines.length) - 1; i >= 0; i--) {
    const l = lines[i] as string;
    if (l.trim() === '' || /^\s/.test(l) || l.startsWith('#')) continue;
    const m = /^class\s+((Dev|Devel|Development|Local|Test|Testing)\w*(Config|Settings))\b/.exec(l);
    return m ? (m[1] as string) : null;
  }
  return null;
}
