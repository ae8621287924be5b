// Python dependency licenses: installed distributions in a project virtualenv (dist-info METADATA: the
// License-Expression field, else License, else trove classifiers). Without a virtualenv, packages named in
// requirements / poetry / uv / Pipfile locks are listed with no license metadata.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import type { AnalyzerContext } from '../../types';
import type { DeclaredLicense } from './npm-licenses';

const VENV_DIRS = ['.venv', 'venv', 'env', '.env'];
const MAX_DISTS = 5_000;

function list(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** site-packages folders of virtualenvs at the project root (POSIX and Windows layouts), repo-relative. */
function sitePackages(root: string): string[] {
  const out: string[] = [];
  for (const venv of VENV_DIRS) {
    for (const py of list(join(root, venv, 'lib')).filter((d) => d.startsWith('python'))) {
      out.push(`${venv}/lib/${py}/site-packages`);
    }
    if (existsSync(join(root, venv, 'Lib', 'site-packages'))) out.push(`${venv}/Lib/site-packages`);
  }
  return out;
}

/** Header fields of a core-metadata file (RFC 822 style, ends at the first blank line). */
export function metadataLicense(text: string): { name?: string; version?: string; declared?: string } {
  const header = text.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const field = (name: string) => header.match(new RegExp(`^${name}: *(.+)$`, 'mi'))?.[1]?.trim();
  const expression = field('License-Expression');
  const license = field('License');
  const classifiers = [...header.matchAll(/^Classifier: *License :: (?:OSI Approved :: )?(.+)$/gm)]
    .map((m) => m[1]!.trim())
    .filter((c) => c !== 'OSI Approved');
  let declared = expression;
  // The free-text License field often holds the whole license text; only short values are names.
  if (!declared && license && license.length <= 80 && !/^UNKNOWN$/i.test(license)) declared = license;
  if (!declared && classifiers.length) declared = classifiers.length === 1 ? classifiers[0] : classifiers.join(' OR ');
  return { name: field('Name'), version: field('Version'), declared };
}

function installed(ctx: AnalyzerContext): DeclaredLicense[] {
  const out: DeclaredLicense[] = [];
  for (const site of sitePackages(ctx.root)) {
    for (const dist of list(join(ctx.root, site)).filter((d) => d.endsWith('.dist-info'))) {
      if (out.length >= MAX_DISTS) return out;
      const source = `${site}/${dist}/METADATA`;
      let text: string;
      try {
        text = readFileSync(join(ctx.root, source), 'utf8');
      } catch {
        continue;
      }
      const meta = metadataLicense(text);
      if (!meta.name) continue;
      out.push({ name: meta.name, version: meta.version, declared: meta.declared, dev: false, source, hasMetadata: true });
    }
  }
  return out;
}

function named(ctx: AnalyzerContext): DeclaredLicense[] {
  const out: DeclaredLicense[] = [];
  const add = (name: string, version: string | undefined, source: string, dev = false) =>
    out.push({ name, version, dev, source, hasMetadata: false });
  for (const file of ctx.files) {
    const base = posix.basename(file.path);
    try {
      if (/^requirements.*\.txt$/.test(base)) {
        for (const m of file.text().matchAll(/^([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*(?:==\s*([^\s;#]+)|[<>=!~;#]|$)/gm)) {
          add(m[1]!, m[2], file.path, /dev|test/.test(base));
        }
      } else if (base === 'poetry.lock' || base === 'uv.lock') {
        const lock = parseToml(file.text()) as { package?: { name?: string; version?: string }[] };
        for (const p of lock.package ?? []) if (p.name) add(p.name, p.version, file.path);
      } else if (base === 'Pipfile.lock') {
        const lock = JSON.parse(file.text()) as Record<string, Record<string, { version?: string }>>;
        for (const [section, dev] of [['default', false], ['develop', true]] as const) {
          for (const [name, meta] of Object.entries(lock[section] ?? {})) add(name, meta.version?.replace(/^==/, ''), file.path, dev);
        }
      }
    } catch (e) {
      ctx.skip({ file: file.path, reason: 'broken-lockfile', detail: String(e).slice(0, 200) });
    }
  }
  return out;
}

/** PEP 621 / Poetry dependency names of a pyproject.toml, for projects with neither lock nor requirements. */
function pyprojectDependencies(ctx: AnalyzerContext): DeclaredLicense[] {
  const out: DeclaredLicense[] = [];
  for (const file of ctx.files.filter((f) => posix.basename(f.path) === 'pyproject.toml')) {
    try {
      const toml = parseToml(file.text()) as { project?: { dependencies?: unknown }; tool?: { poetry?: { dependencies?: unknown } } };
      const pep621 = Array.isArray(toml.project?.dependencies) ? toml.project.dependencies : [];
      for (const spec of pep621) {
        const name = typeof spec === 'string' ? spec.match(/^\s*([A-Za-z0-9][A-Za-z0-9._-]*)/)?.[1] : undefined;
        if (name) out.push({ name, dev: false, source: file.path, hasMetadata: false });
      }
      const poetry = toml.tool?.poetry?.dependencies;
      if (poetry && typeof poetry === 'object') {
        for (const name of Object.keys(poetry)) if (name !== 'python') out.push({ name, dev: false, source: file.path, hasMetadata: false });
      }
    } catch (e) {
      ctx.skip({ file: file.path, reason: 'parse-error', detail: String(e).slice(0, 200) });
    }
  }
  return out;
}

export function pythonLicenses(ctx: AnalyzerContext): DeclaredLicense[] {
  const fromVenv = installed(ctx);
  if (fromVenv.length) return fromVenv;
  const fromLocks = named(ctx);
  return fromLocks.length ? fromLocks : pyprojectDependencies(ctx);
}
