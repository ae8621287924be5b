// The corpus manifest (manifest.json): real open-source projects pinned by commit. Loaded and checked here so
// extract.ts and run.ts fail with one clear message on a malformed entry instead of half-way through a scan.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Project {
  /** Short unique name: folder name under the work folder and triage/<name>.csv. */
  name: string;
  /** GitHub owner/name. */
  repo: string;
  /** Full 40-hex commit the project is pinned at. */
  commit: string;
  language: 'python' | 'js';
  framework: string;
  /** Code lines as the engine counts them (report.project.loc) at the pinned commit. */
  loc: number;
  why: string;
}

export const BENCH_DIR = import.meta.dirname;
export const DEFAULT_MIRROR = '/work/.mirror';
export const DEFAULT_WORK = '/work/ext/real-world';
export const LOC_RANGE = { min: 20_000, max: 400_000 } as const;

const NAME = /^[a-z0-9][a-z0-9._-]*$/;
const REPO = /^[A-Za-z0-9][A-Za-z0-9_-]*\/[A-Za-z0-9][A-Za-z0-9._-]*$/;
const COMMIT = /^[0-9a-f]{40}$/;

export class ManifestError extends Error {}

export function parseManifest(json: unknown): Project[] {
  if (!json || typeof json !== 'object' || !Array.isArray((json as { projects?: unknown }).projects)) {
    throw new ManifestError('manifest.json must be an object with a "projects" array.');
  }
  const seen = new Set<string>();
  return (json as { projects: unknown[] }).projects.map((raw, i) => {
    const p = raw as Partial<Project>;
    const where = `manifest.json projects[${i}]${typeof p?.name === 'string' ? ` (${p.name})` : ''}`;
    const bad = (field: string, rule: string) => new ManifestError(`${where}: "${field}" must be ${rule}.`);
    if (typeof p?.name !== 'string' || !NAME.test(p.name)) throw bad('name', 'lower-case letters, digits, . _ -');
    if (seen.has(p.name)) throw bad('name', 'unique');
    seen.add(p.name);
    if (typeof p.repo !== 'string' || !REPO.test(p.repo)) throw bad('repo', 'a GitHub owner/name');
    if (typeof p.commit !== 'string' || !COMMIT.test(p.commit)) throw bad('commit', 'a full 40-hex commit id');
    if (p.language !== 'python' && p.language !== 'js') throw bad('language', '"python" or "js"');
    if (typeof p.framework !== 'string' || !p.framework) throw bad('framework', 'a non-empty string');
    if (!Number.isInteger(p.loc) || p.loc! <= 0) throw bad('loc', 'a positive whole number');
    if (typeof p.why !== 'string' || !p.why) throw bad('why', 'a non-empty string');
    return { name: p.name, repo: p.repo, commit: p.commit, language: p.language, framework: p.framework, loc: p.loc!, why: p.why };
  });
}

export function loadManifest(file = join(BENCH_DIR, 'manifest.json')): Project[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new ManifestError(`Cannot read ${file}.`);
  }
  try {
    return parseManifest(JSON.parse(text));
  } catch (e) {
    if (e instanceof ManifestError) throw e;
    throw new ManifestError(`${file} is not valid JSON: ${(e as Error).message}`);
  }
}

/** Keeps the projects named in `--only a,b`; an unknown name is an error, not a silent empty run. */
export function selectProjects(all: Project[], only: string | undefined): Project[] {
  if (!only) return all;
  const names = only.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = names.filter((n) => !all.some((p) => p.name === n));
  if (unknown.length) throw new ManifestError(`Unknown project ${unknown.join(', ')}. Known: ${all.map((p) => p.name).join(', ')}.`);
  return all.filter((p) => names.includes(p.name));
}

/** The mirror's bare git directory for a repo, as the fetch tool lays it out: <mirror>/<owner>+<name>/repo. */
export function mirrorGitDir(mirror: string, repo: string): string {
  return join(mirror, repo.replace('/', '+'), 'repo');
}
