// Gitignore semantics over a whole tree: every .gitignore applies to its own folder and below, deeper files
// override shallower ones (including `!negations`), and .git/info/exclude applies at the root.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ignore, { type Ignore } from 'ignore';

function readRules(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

export class GitignoreTree {
  private readonly byDir = new Map<string, Ignore | null>();

  constructor(
    private readonly root: string,
    private readonly enabled: boolean,
  ) {}

  /** Rules defined in `dir` (repo-relative, '' for the root), loaded once. */
  private rulesFor(dir: string): Ignore | null {
    if (this.byDir.has(dir)) return this.byDir.get(dir)!;
    const texts = [readRules(join(this.root, dir, '.gitignore'))];
    if (dir === '') texts.unshift(readRules(join(this.root, '.git', 'info', 'exclude')));
    const present = texts.filter((t): t is string => t !== null);
    const rules = present.length ? ignore().add(present.join('\n')) : null;
    this.byDir.set(dir, rules);
    return rules;
  }

  /** `path` is repo-relative POSIX; directories are matched as directories (patterns ending in '/'). */
  isIgnored(path: string, isDir: boolean): boolean {
    if (!this.enabled) return false;
    const parts = path.split('/');
    let ignored = false;
    for (let depth = 0; depth < parts.length; depth++) {
      const dir = parts.slice(0, depth).join('/');
      const rules = this.rulesFor(dir);
      if (!rules) continue;
      const rel = parts.slice(depth).join('/') + (isDir ? '/' : '');
      const result = rules.test(rel);
      if (result.ignored) ignored = true;
      else if (result.unignored) ignored = false;
    }
    return ignored;
  }
}

/** A single gitignore-syntax file (.duescanignore), matched against repo-relative paths. */
export function loadIgnoreFile(file: string): Ignore | null {
  const text = readRules(file);
  return text === null ? null : ignore().add(text);
}
