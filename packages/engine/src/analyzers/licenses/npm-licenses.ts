// npm dependency licenses: package-lock v2/v3 carries "license" per package; where it does not (v1, or the field
// is missing) the installed node_modules/<name>/package.json is read when present. Without a lock, the direct
// dependencies of package.json (license unknown when not installed) and every installed package are listed.
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import type { AnalyzerContext, SourceFile } from '../../types';
import { identifyLicenseText } from './license-text';

export interface DeclaredLicense {
  name: string;
  version?: string;
  /** Declared license text or SPDX expression; undefined when no metadata says. */
  declared?: string;
  dev: boolean;
  /** Repo-relative file the entry came from. */
  source: string;
  /** True when some metadata was available (lock field, installed manifest); false when we only know the name. */
  hasMetadata: boolean;
}

const MAX_PACKAGES = 20_000;

type Json = Record<string, unknown>;

function readJson(abs: string): Json | null {
  try {
    const value: unknown = JSON.parse(readFileSync(abs, 'utf8'));
    return value && typeof value === 'object' ? (value as Json) : null;
  } catch {
    return null;
  }
}

/** `license` is a string (modern), or legacy `{ type }` / `licenses: [{ type }]`. */
export function manifestLicense(manifest: Json): string | undefined {
  const { license, licenses } = manifest;
  if (typeof license === 'string') return license;
  if (license && typeof license === 'object' && typeof (license as Json).type === 'string') return (license as Json).type as string;
  if (Array.isArray(licenses)) {
    const types = licenses.map((l) => (l && typeof l === 'object' ? (l as Json).type : l)).filter((t) => typeof t === 'string');
    if (types.length) return types.length === 1 ? (types[0] as string) : `(${types.join(' OR ')})`;
  }
  return undefined;
}

const LICENSE_FILE = /^(?:license|licence|copying)(?:[.-][a-z0-9.-]+)?$/i;

/** A package without a license field often still ships a LICENSE file: identify it by its text. */
function licenseFileOf(packageDir: string): string | undefined {
  const file = listDir(packageDir).find((name) => LICENSE_FILE.test(name));
  if (!file) return undefined;
  try {
    return identifyLicenseText(readFileSync(join(packageDir, file), 'utf8')) ?? `SEE LICENSE IN ${file}`;
  } catch {
    return undefined;
  }
}

/** License of an installed package: its manifest field, else its LICENSE file; undefined when not installed. */
function installedLicense(dir: string, relPath: string): string | undefined {
  const manifest = readJson(join(dir, relPath, 'package.json'));
  if (!manifest) return undefined;
  return manifestLicense(manifest) ?? licenseFileOf(join(dir, relPath)) ?? 'UNKNOWN';
}

function fromLockfile(ctx: AnalyzerContext, lock: SourceFile): DeclaredLicense[] {
  let parsed: Json;
  try {
    parsed = JSON.parse(lock.text()) as Json;
  } catch (e) {
    ctx.skip({ file: lock.path, reason: 'broken-lockfile', detail: String(e).slice(0, 200) });
    return [];
  }
  const base = join(ctx.root, posix.dirname(lock.path));
  const out: DeclaredLicense[] = [];
  const packages = parsed.packages as Record<string, Json> | undefined;
  if (packages && typeof packages === 'object') {
    for (const [key, meta] of Object.entries(packages)) {
      if (!key || !key.includes('node_modules/') || meta.link || out.length >= MAX_PACKAGES) continue;
      const name = key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);
      const declared = typeof meta.license === 'string' ? meta.license : installedLicense(base, key);
      const version = typeof meta.version === 'string' ? meta.version : undefined;
      const dev = meta.dev === true || meta.devOptional === true;
      // npm copies only the modern `license` field into v2/v3 locks; packages using the legacy `licenses` array
      // have none there, so a missing field without an installed manifest means "not known", not "no license".
      out.push({ name, version, declared, dev, source: lock.path, hasMetadata: declared !== undefined });
    }
    return out;
  }
  // lockfileVersion 1: nested "dependencies", no license field.
  const walk = (deps: unknown, prefix: string) => {
    if (!deps || typeof deps !== 'object') return;
    for (const [name, meta] of Object.entries(deps as Record<string, Json>)) {
      if (out.length >= MAX_PACKAGES) return;
      const path = `${prefix}node_modules/${name}`;
      const declared = installedLicense(base, path);
      out.push({ name, version: String(meta.version ?? ''), declared, dev: meta.dev === true, source: lock.path, hasMetadata: declared !== undefined });
      walk(meta.dependencies, `${path}/`);
    }
  };
  walk(parsed.dependencies, '');
  return out;
}

function fromManifest(ctx: AnalyzerContext, manifestFile: SourceFile): DeclaredLicense[] {
  let manifest: Json;
  try {
    manifest = JSON.parse(manifestFile.text()) as Json;
  } catch {
    return [];
  }
  const base = join(ctx.root, posix.dirname(manifestFile.path));
  const out: DeclaredLicense[] = [];
  for (const [field, dev] of [['dependencies', false], ['optionalDependencies', false], ['devDependencies', true]] as const) {
    const deps = manifest[field];
    if (!deps || typeof deps !== 'object') continue;
    for (const name of Object.keys(deps)) {
      const installed = readJson(join(base, 'node_modules', name, 'package.json'));
      const declared = installed ? installedLicense(base, `node_modules/${name}`) : undefined;
      const version = installed && typeof installed.version === 'string' ? installed.version : undefined;
      out.push({ name, version, declared, dev, source: manifestFile.path, hasMetadata: installed !== null });
    }
  }
  out.push(...hoistedPackages(base, manifestFile.path, new Set(out.map((d) => d.name))));
  return out;
}

function listDir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/**
 * Transitive packages installed flat in node_modules (npm without a lock, yarn classic): their licenses matter
 * as much as the direct ones. Whether they are dev-only is unknown here, so they count as runtime.
 */
function hoistedPackages(base: string, source: string, direct: ReadonlySet<string>): DeclaredLicense[] {
  const root = join(base, 'node_modules');
  const names = listDir(root).flatMap((entry) => {
    if (entry.startsWith('.')) return [];
    return entry.startsWith('@') ? listDir(join(root, entry)).map((sub) => `${entry}/${sub}`) : [entry];
  });
  const out: DeclaredLicense[] = [];
  for (const name of names) {
    if (direct.has(name) || out.length >= MAX_PACKAGES) continue;
    const manifest = readJson(join(root, name, 'package.json'));
    if (!manifest) continue;
    const version = typeof manifest.version === 'string' ? manifest.version : undefined;
    const declared = manifestLicense(manifest) ?? licenseFileOf(join(root, name)) ?? 'UNKNOWN';
    out.push({ name, version, declared, dev: false, source, hasMetadata: true });
  }
  return out;
}

/** Licenses of npm dependencies, one entry per (lockfile, package path). */
export function npmLicenses(ctx: AnalyzerContext): DeclaredLicense[] {
  const locks = ctx.files.filter((f) => /(?:^|\/)(?:package-lock|npm-shrinkwrap)\.json$/.test(f.path));
  const lockDirs = new Set(locks.map((f) => posix.dirname(f.path)));
  // A lock also covers the workspaces below it.
  const coveredByLock = (dir: string): boolean => {
    for (let d = dir; ; d = posix.dirname(d)) {
      if (lockDirs.has(d)) return true;
      if (d === '.' || d === '/' || d === '') return false;
    }
  };
  const out = locks.flatMap((lock) => fromLockfile(ctx, lock));
  // Manifests without an npm lock above them (yarn/pnpm projects, or no lock at all).
  for (const manifest of ctx.files) {
    if (!/(?:^|\/)package\.json$/.test(manifest.path) || coveredByLock(posix.dirname(manifest.path))) continue;
    out.push(...fromManifest(ctx, manifest));
  }
  return out;
}
