// Opens the compact database written by importAdvisories. Only meta.json is read up front; an
// ecosystem's index is parsed the first time a scan asks about one of its packages.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { normalizePackageName } from './package-name';
import { ECOSYSTEMS, type AdvisoryDb, type AdvisoryMeta, type CompactAdvisory, type Ecosystem } from './types';

export function readMeta(dir: string): AdvisoryMeta | null {
  const path = join(dir, 'meta.json');
  if (!existsSync(path)) return null;
  const meta = JSON.parse(readFileSync(path, 'utf8')) as Partial<AdvisoryMeta>;
  if (meta.format !== 1 || typeof meta.records !== 'number' || typeof meta.ecosystems !== 'object') {
    throw new Error(`Unsupported advisory database format in ${dir}: run \`duescan advisories update\``);
  }
  return meta as AdvisoryMeta;
}

/** Returns null when no database exists at `dir` (the scan then says so instead of claiming "no vulnerabilities"). */
export function loadAdvisoryDb(dir: string): AdvisoryDb | null {
  const meta = readMeta(dir);
  if (!meta) return null;
  const indexes = new Map<Ecosystem, Map<string, CompactAdvisory[]>>();
  const indexFor = (ecosystem: Ecosystem): Map<string, CompactAdvisory[]> => {
    let index = indexes.get(ecosystem);
    if (!index) {
      const path = join(dir, `${ecosystem}.json`);
      const parsed = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, CompactAdvisory[]>) : {};
      index = new Map(Object.entries(parsed));
      indexes.set(ecosystem, index);
    }
    return index;
  };
  return {
    dir,
    meta,
    lookup(ecosystem, name) {
      if (!ECOSYSTEMS.includes(ecosystem)) return [];
      return indexFor(ecosystem).get(normalizePackageName(ecosystem, name)) ?? [];
    },
  };
}
