// `duescan advisories update`: reads OSV records and writes the compact database that scans load.
// Layout of <to>: one <ecosystem>.json ({ [package]: CompactAdvisory[] }) plus meta.json, each written to a
// temp name and renamed so a scan never sees a half-written file. An import replaces the ecosystems it
// contains and keeps the others, so per-ecosystem dumps (npm/all.zip, PyPI/all.zip...) can be imported in turn.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readMeta } from './load-advisory-db';
import { normalizeOsvRecord } from './normalize-osv';
import { readOsvSource, type SourceStats } from './read-osv-sources';
import { ECOSYSTEMS, type AdvisoryMeta, type CompactAdvisory, type Ecosystem, type EcosystemMeta } from './types';

export interface ImportAdvisoriesOptions {
  /** Folder tree of OSV JSON, an OSV zip dump, a single JSON file, or an https URL; several allowed. */
  from: string | string[];
  /** Database directory to (re)write. */
  to: string;
}

/** The database's meta after the import, plus what this import read and wrote. */
export type ImportAdvisoriesResult = AdvisoryMeta & {
  /** Records per ecosystem read by this import. */
  imported: Partial<Record<Ecosystem, number>>;
  files: number;
  unreadable: number;
  bytesWritten: number;
  durationMs: number;
};

/** OSV publishes one dump per ecosystem; these are the ones our lockfile parsers cover. */
export const OSV_DUMP_URLS: readonly string[] = ECOSYSTEMS.map(
  (e) => `https://osv-vulnerabilities.storage.googleapis.com/${e}/all.zip`,
);

interface EcosystemIndex {
  packages: Map<string, CompactAdvisory[]>;
  ids: Set<string>;
  newest: string | null;
}

/** GHSA and PYSEC records often describe the same flaw; keep one entry per package and merge what it adds. */
function addDeduplicated(list: CompactAdvisory[], advisory: CompactAdvisory): void {
  const keys = new Set([advisory.id, ...advisory.aliases]);
  const twin = list.find((a) => keys.has(a.id) || a.aliases.some((alias) => keys.has(alias)));
  if (!twin) {
    list.push(advisory);
    return;
  }
  twin.aliases = [...new Set([...twin.aliases, advisory.id, ...advisory.aliases])].filter((a) => a !== twin.id);
  // Databases disagree on ranges now and then; a version listed as affected by either stays affected.
  twin.ranges = [...twin.ranges, ...advisory.ranges];
  twin.versions = [...new Set([...twin.versions, ...advisory.versions])];
  twin.cvssV3 ??= advisory.cvssV3;
  twin.cvssV4 ??= advisory.cvssV4;
  twin.severityLabel ??= advisory.severityLabel;
  if (advisory.patched) twin.patched ??= advisory.patched;
  if (advisory.lastKnownAffected) twin.lastKnownAffected ??= advisory.lastKnownAffected;
  if (twin.cwe.length === 0) twin.cwe = advisory.cwe;
}

async function writeAtomic(path: string, content: string): Promise<number> {
  await writeFile(`${path}.tmp`, content, 'utf8');
  await rename(`${path}.tmp`, path);
  return Buffer.byteLength(content);
}

async function readIndexes(sources: string[], stats: SourceStats): Promise<Map<Ecosystem, EcosystemIndex>> {
  const indexes = new Map<Ecosystem, EcosystemIndex>();
  for (const source of sources) {
    for await (const raw of readOsvSource(source, stats)) {
      for (const { ecosystem, name, advisory } of normalizeOsvRecord(raw)) {
        let index = indexes.get(ecosystem);
        if (!index) indexes.set(ecosystem, (index = { packages: new Map(), ids: new Set(), newest: null }));
        const list = index.packages.get(name) ?? [];
        index.packages.set(name, list);
        addDeduplicated(list, advisory);
        index.ids.add(advisory.id);
        if (advisory.modified && (index.newest === null || advisory.modified > index.newest)) index.newest = advisory.modified;
      }
    }
  }
  return indexes;
}

function combinedMeta(ecosystems: Partial<Record<Ecosystem, EcosystemMeta>>, importedAt: string): AdvisoryMeta {
  const entries = Object.values(ecosystems);
  const dates = entries.map((e) => e.date).filter((d): d is string => d !== null);
  return {
    format: 1,
    date: dates.length > 0 ? dates.reduce((a, b) => (a > b ? a : b)) : null,
    records: entries.reduce((n, e) => n + e.records, 0),
    source: [...new Set(entries.map((e) => e.source))].join(', '),
    importedAt,
    ecosystems,
  };
}

export async function importAdvisories(options: ImportAdvisoriesOptions): Promise<ImportAdvisoriesResult> {
  const started = performance.now();
  const sources = Array.isArray(options.from) ? options.from : [options.from];
  if (sources.length === 0) throw new Error('importAdvisories: no source given');
  const stats: SourceStats = { files: 0, unreadable: 0 };
  const indexes = await readIndexes(sources, stats);
  if (indexes.size === 0) {
    throw new Error(`No npm, PyPI or Maven advisories found in ${sources.join(', ')} (${stats.files} file(s) read)`);
  }

  await mkdir(options.to, { recursive: true });
  let existing: AdvisoryMeta | null = null;
  try {
    existing = readMeta(options.to);
  } catch {
    existing = null; // an unreadable old database is simply replaced
  }
  const importedAt = new Date().toISOString();
  const ecosystems: Partial<Record<Ecosystem, EcosystemMeta>> = { ...(existing?.ecosystems ?? {}) };
  const imported: Partial<Record<Ecosystem, number>> = {};
  let bytesWritten = 0;
  for (const [ecosystem, index] of indexes) {
    bytesWritten += await writeAtomic(join(options.to, `${ecosystem}.json`), JSON.stringify(Object.fromEntries(index.packages)));
    imported[ecosystem] = index.ids.size;
    ecosystems[ecosystem] = { records: index.ids.size, date: index.newest, source: sources.join(', '), importedAt };
  }
  const meta = combinedMeta(ecosystems, importedAt);
  bytesWritten += await writeAtomic(join(options.to, 'meta.json'), JSON.stringify(meta, null, 2));
  return {
    ...meta,
    imported,
    files: stats.files,
    unreadable: stats.unreadable,
    bytesWritten,
    durationMs: Math.round(performance.now() - started),
  };
}
