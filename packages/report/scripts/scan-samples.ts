// Scans the demo projects with the real engine. Shared by the sample build, the tests and the benchmark.
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importAdvisories, scan, type Report } from '@duescan/engine';
import type { SampleSpec } from './sample-catalog';

export const REPO_ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
export const EXAMPLES_DIR = join(REPO_ROOT, 'examples');

/** OSV records beside the repo (../shared/data, present in CI; read-only, never copied into the repo). */
const OSV_SOURCE = process.env.DUESCAN_SAMPLE_OSV ?? join(REPO_ROOT, '..', 'shared', 'data', 'advisories', 'osv');

/**
 * The advisory database for sample scans: DUESCAN_ADVISORY_DB when set, else a compact database imported
 * once from the shared OSV records into the temp folder, else none (the reports then say so).
 */
export async function sampleAdvisoryDb(): Promise<string | undefined> {
  if (process.env.DUESCAN_ADVISORY_DB) return process.env.DUESCAN_ADVISORY_DB;
  if (!existsSync(OSV_SOURCE)) return undefined;
  const dir = join(tmpdir(), 'duescan-sample-advisories');
  if (!existsSync(join(dir, 'meta.json'))) await importAdvisories({ from: OSV_SOURCE, to: dir });
  return dir;
}

export async function scanSample(sample: SampleSpec, advisoryDb?: string): Promise<Report> {
  return scan(join(EXAMPLES_DIR, sample.example), { package: sample.package, advisoryDb, projectName: sample.projectName });
}
