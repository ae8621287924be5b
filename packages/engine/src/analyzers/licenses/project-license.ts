// The project's own license: declared in manifests (package.json, pyproject.toml, pom.xml) and/or given by a
// LICENSE / COPYING file at the root, identified by its text.
import { XMLParser } from 'fast-xml-parser';
import { parse as parseToml } from 'smol-toml';
import type { AnalyzerContext, LicenseEntry, SourceFile } from '../../types';
import { classifyLicense } from './license-risk';
import { identifyLicenseText } from './license-text';
import { manifestLicense } from './npm-licenses';

export const PROJECT = '(project)';
const PROPRIETARY_TEXT = /all rights reserved|proprietary|confidential/i;
const LICENSE_FILE = /^(?:license|licence|copying)(?:[.-][a-z0-9.-]+)?$/i;

function safe<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

function fromPackageJson(file: SourceFile): string | undefined {
  return safe(() => manifestLicense(JSON.parse(file.text()) as Record<string, unknown>));
}

function fromPyproject(file: SourceFile): string | undefined {
  const toml = safe(() => parseToml(file.text()) as Record<string, Record<string, unknown>>);
  if (!toml) return undefined;
  const poetry = (toml.tool?.poetry ?? {}) as Record<string, unknown>;
  const license = toml.project?.license ?? poetry.license;
  if (typeof license === 'string') return license;
  if (license && typeof license === 'object' && typeof (license as { text?: unknown }).text === 'string') {
    return (license as { text: string }).text;
  }
  return undefined;
}

function fromPom(file: SourceFile): string | undefined {
  const xml = safe(() => new XMLParser({ processEntities: false }).parse(file.text()) as { project?: { licenses?: { license?: unknown } } });
  const raw = xml?.project?.licenses?.license;
  const names = (Array.isArray(raw) ? raw : raw ? [raw] : [])
    .map((l) => (l && typeof l === 'object' ? (l as { name?: unknown }).name : undefined))
    .filter((n): n is string => typeof n === 'string');
  return names.length ? names.join(' OR ') : undefined;
}

/** One entry per distinct project license found; an empty list when none is declared anywhere. */
export function projectLicenses(ctx: AnalyzerContext): LicenseEntry[] {
  const declared: { source: string; text: string }[] = [];
  const licenseFiles: { source: string; text: string }[] = [];
  for (const file of ctx.files) {
    if (file.path.includes('/')) continue;
    let text: string | null | undefined;
    if (file.path === 'package.json') text = fromPackageJson(file);
    else if (file.path === 'pyproject.toml') text = fromPyproject(file);
    else if (file.path === 'pom.xml') text = fromPom(file);
    else if (LICENSE_FILE.test(file.path) && file.size < 256 * 1024) {
      const text = safe(() => file.text()) ?? '';
      const id = identifyLicenseText(text) ?? (PROPRIETARY_TEXT.test(text.slice(0, 4096)) ? 'UNLICENSED' : 'UNKNOWN');
      licenseFiles.push({ source: file.path, text: id });
    }
    if (text) declared.push({ source: file.path, text });
  }
  // A manifest's declaration is explicit; a license file only adds what the manifests do not say.
  declared.push(...licenseFiles);
  const seen = new Set<string>();
  const out: LicenseEntry[] = [];
  for (const d of declared) {
    // A closed-source license is the normal case for a startup's own code: no risk to the company itself.
    const { license, risk } = /^UNLICENSED$/i.test(d.text.trim()) ? { license: 'Proprietary', risk: 'none' as const } : classifyLicense(d.text);
    if (seen.has(license)) continue;
    seen.add(license);
    out.push({ name: PROJECT, license, risk, source: d.source });
  }
  return out;
}
