// `duescan advisories update`: reads OSV records and writes the compact database that scans load.
// Layout of <to>: one <ecosystem>.json ({ [package]: CompactAdvisory[] }) plus meta.json, each written
// to a temp name and renamed so a scan never sees a half-written database.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { normalizeOsvRecord } from './normalize-osv';
import { readOsvSource, type SourceStats } from './read-osv-sources';
import { ECOSYSTEMS, type AdvisoryMeta, type CompactAdvisory, type Ecosystem } from './types';

export interface ImportAdvisoriesOptions {
  /** Folder tree of OSV JSON, an OSV zip dump, a single JSON file, or an https URL; several allowed. */
  from: string | string[];
  /** Database directory to (re)write. */
  to: string;
}

export interface ImportAdvisoriesResult {
  meta: AdvisoryMeta;
  /** Files (records) read and the ones that were not valid JSON. */
  files: number;
  unreadable: number;
  bytesWritten: number;
  durationMs: number;
}

/** OSV publishes one dump per ecosystem; these are the ones our lockfile parsers cover. */
export const OSV_DUMP_URLS: readonly string[] = ECOSYSTEMS.map(
  (e) => `https://osv-vulnerabilities.storage.googleapis.com/${e}/all.zip`,
);

type Index = Map<string, CompactAdvisory[]>;

/** GHSA and PYSEC records often describe the same flaw; keep one entry per package and merge what it adds. */
function addDeduplicated(list: CompactAdvisory[], advisory: CompactAdvisory): boolean {
  const keys = new Set([advisory.id, ...advisory.aliases]);
  const twin = list.find((a) => keys.has(a.id) || a.aliases.some((alias) => keys.has(alias)));
  if (!twin) {
    list.push(advisory);
    return true;
  }
  twin.aliases = [...new Set([...twin.aliases, advisory.id, ...advisory.aliases])].filter((a) => a !== twin.id);
  // Databases disagree on ranges now and then; a version listed as affected by either stays affected.
  twin.ranges = [...twin.ranges, ...advisory.ranges];
  twin.versions = [...new Set([...twin.versions, ...advisory.versions])];
  twin.cvssV3 ??= advisory.cvssV3;
  twin.cvssV4 ??= advisory.cvssV4;
  twin.severityLabel ??= advisory.severityLabel;
  if (twin.cwe.length === 0) twin.cwe = advisory.cwe;
  return false;
}

async function writeAtomic(path: string, content: string): Promise<number> {
  await writeFile(`${path}.tmp`, content, 'utf8');
  await rename(`${path}.tmp`, path);
  return Buffer.byteLength(content);
}

export async function importAdvisories(options: ImportAdvisoriesOptions): Promise<ImportAdvisoriesResult> {
  const started = performance.now();
  const sources = Array.isArray(options.from) ? options.from : [options.from];
  if (sources.length === 0) throw new Error('importAdvisories: no source given');
  const indexes = new Map<Ecosystem, Index>(ECOSYSTEMS.map((e) => [e, new Map()]));
  const recordIds = new Map<Ecosystem, Set<string>>(ECOSYSTEMS.map((e) => [e, new Set()]));
  const stats: SourceStats = { files: 0, unreadable: 0 };
  let newest: string | null = null;

  for (const source of sources) {
    for await (const raw of readOsvSource(source, stats)) {
      for (const { ecosystem, name, advisory } of normalizeOsvRecord(raw)) {
        const index = indexes.get(ecosystem)!;
        const list = index.get(name) ?? [];
        index.set(name, list);
        addDeduplicated(list, advisory);
        recordIds.get(ecosystem)!.add(advisory.id);
        if (advisory.modified && (newest === null || advisory.modified > newest)) newest = advisory.modified;
      }
    }
  }

  await mkdir(options.to, { recursive: true });
  let bytesWritten = 0;
  const counts: Partial<Record<Ecosystem, number>> = {};
  for (const ecosystem of ECOSYSTEMS) {
    const index = indexes.get(ecosystem)!;
    counts[ecosystem] = recordIds.get(ecosystem)!.size;
    bytesWritten += await writeAtomic(join(options.to, `${ecosystem}.json`), JSON.stringify(Object.fromEntries(index)));
  }
  const meta: AdvisoryMeta = {
    format: 1,
    date: newest,
    records: Object.values(counts).reduce((a, b) => a + b, 0),
    source: sources.join(', '),
    importedAt: new Date().toISOString(),
    ecosystems: counts,
  };
  bytesWritten += await writeAtomic(join(options.to, 'meta.json'), JSON.stringify(meta, null, 2));
  return {
    meta,
    files: stats.files,
    unreadable: stats.unreadable,
    bytesWritten,
    durationMs: Math.round(performance.now() - started),
  };
}
