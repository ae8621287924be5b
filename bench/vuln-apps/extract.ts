// Extracts a vulnerable app's pinned commit from its `fetch` mirror into /work/ext/vuln-apps/src/<name> (never
// committed); shared by run.ts and bench/triage-model, which scans the same apps for training data.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface VulnApp {
  name: string;
  repo: string;
  commit: string;
  language: 'javascript' | 'python';
}

export const VULN_APPS_EXT = '/work/ext/vuln-apps/src';

export function readVulnApps(): VulnApp[] {
  return (JSON.parse(readFileSync(join(import.meta.dirname, 'manifest.json'), 'utf8')) as { projects: VulnApp[] }).projects;
}

/** The app's folder at its manifest commit; a folder already extracted at that commit is reused. */
export function extractVulnApp(p: VulnApp, mirror: string): string {
  const dest = join(VULN_APPS_EXT, p.name);
  const marker = join(dest, '.duescan-bench-commit');
  if (existsSync(marker) && readFileSync(marker, 'utf8').trim() === p.commit) return dest;
  // a mirror is a bare repository, or (for some repositories fetch delivers) a work tree with its .git inside
  const repoDir = join(mirror, p.repo.replace('/', '+'), 'repo');
  const gitDir = existsSync(join(repoDir, '.git')) ? join(repoDir, '.git') : repoDir;
  if (!existsSync(gitDir)) throw new Error(`${p.repo}: no mirror at ${gitDir} (bring it with the fetch tool first)`);
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(dest, { recursive: true });
  const tar = execFileSync('git', ['--git-dir', gitDir, 'archive', p.commit], { maxBuffer: 1024 * 1024 * 1024 });
  execFileSync('tar', ['-x', '-C', dest], { input: tar });
  writeFileSync(marker, `${p.commit}\n`);
  return dest;
}
