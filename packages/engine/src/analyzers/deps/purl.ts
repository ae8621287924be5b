// Package URLs (https://github.com/package-url/purl-spec) for the SBOM and report.
import type { Ecosystem } from '../../advisories/types';
import { normalizePackageName } from '../../advisories/package-name';

const enc = (s: string) => encodeURIComponent(s);

/** `version` null: a package declared by range, whose installed version is not known. */
export function purlOf(ecosystem: Ecosystem, name: string, version: string | null): string {
  const at = version === null ? '' : `@${enc(version)}`;
  if (ecosystem === 'npm') {
    const [scope, bare] = name.startsWith('@') ? (name.split('/', 2) as [string, string]) : [null, name];
    return `pkg:npm/${scope ? `${enc(scope)}/` : ''}${enc(bare)}${at}`;
  }
  if (ecosystem === 'PyPI') return `pkg:pypi/${enc(normalizePackageName('PyPI', name))}${at}`;
  const [group, artifact] = name.split(':');
  return `pkg:maven/${enc(group ?? '')}/${enc(artifact ?? '')}${at}`;
}
