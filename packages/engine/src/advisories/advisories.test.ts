import { mkdtempSync, readFileSync, readdirSync, rmSync, existsSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultAdvisoryDbDir, fixedVersionFor, importAdvisories, isAffected, loadAdvisoryDb } from './index';
import { writeStoredZip } from './write-test-zip';

const FIXTURES = join(import.meta.dirname, 'fixtures', 'osv');
const work = mkdtempSync(join(tmpdir(), 'duescan-adv-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('importAdvisories from a folder', async () => {
  const to = join(work, 'db-dir');
  const result = await importAdvisories({ from: FIXTURES, to });
  const db = loadAdvisoryDb(to)!;

  it('writes meta with the newest modified date, record count and source', () => {
    expect(result.date).toBe('2024-09-01T00:00:00.000Z');
    // 2 npm + 3 PyPI + 1 Maven valid records; the withdrawn and the broken one are left out.
    expect(result.imported).toEqual({ npm: 2, PyPI: 3, Maven: 1 });
    expect(result.ecosystems.PyPI).toMatchObject({ records: 3, date: '2024-09-01T00:00:00.000Z', source: FIXTURES });
    expect(result.records).toBe(6);
    expect(result.unreadable).toBe(1);
    expect(db.meta).toMatchObject({ date: result.date, records: 6, ecosystems: result.ecosystems });
  });

  it('finds lodash 4.17.15 affected with its fix, and 4.17.21 not', () => {
    const [advisory] = db.lookup('npm', 'lodash');
    expect(advisory?.id).toBe('GHSA-p6mc-m468-83gw');
    expect(advisory?.aliases).toContain('CVE-2020-8203');
    expect(advisory?.cwe).toEqual(['CWE-1321', 'CWE-770']);
    expect(isAffected('npm', advisory!, '4.17.15')).toBe(true);
    expect(fixedVersionFor('npm', advisory!, '4.17.15')).toBe('4.17.19');
    expect(isAffected('npm', advisory!, '4.17.19')).toBe(false);
    expect(isAffected('npm', advisory!, '4.17.21')).toBe(false);
    expect(isAffected('npm', advisory!, '3.6.0')).toBe(false);
  });

  it('treats last_affected as inclusive', () => {
    const [advisory] = db.lookup('npm', 'tiny-regex');
    expect(isAffected('npm', advisory!, '1.2.3')).toBe(true);
    expect(isAffected('npm', advisory!, '1.2.4')).toBe(false);
    expect(fixedVersionFor('npm', advisory!, '1.2.3')).toBeUndefined();
  });

  it('applies PEP 440 ranges with several introduced/fixed pairs and explicit versions', () => {
    const advisories = db.lookup('PyPI', 'Django');
    // PYSEC and GHSA describe the same CVE: merged into one entry with both ids.
    expect(advisories).toHaveLength(1);
    const [django] = advisories;
    expect([django?.id, ...(django?.aliases ?? [])]).toEqual(
      expect.arrayContaining(['GHSA-6r97-cj55-9hrq', 'PYSEC-2019-TEST', 'CVE-2019-14234']),
    );
    expect(django?.cwe).toEqual(['CWE-89']);
    expect(isAffected('PyPI', django!, '2.2.0')).toBe(true);
    expect(fixedVersionFor('PyPI', django!, '2.2.0')).toBe('2.2.4');
    expect(isAffected('PyPI', django!, '2.2.4')).toBe(false);
    expect(isAffected('PyPI', django!, '2.1.10')).toBe(true);
    expect(fixedVersionFor('PyPI', django!, '2.1.10')).toBe('2.1.11');
    expect(isAffected('PyPI', django!, '2.0.5')).toBe(false);
    expect(isAffected('PyPI', django!, '1.11.22')).toBe(true);
    expect(isAffected('PyPI', django!, '2.2.0rc1')).toBe(true);
    expect(isAffected('PyPI', django!, '3.0')).toBe(false);
  });

  it('orders Maven versions with qualifiers inside ranges', () => {
    const [log4j] = db.lookup('Maven', 'org.apache.logging.log4j:log4j-core');
    expect(isAffected('Maven', log4j!, '2.14.1')).toBe(true);
    expect(isAffected('Maven', log4j!, '2.0-beta9')).toBe(true);
    expect(isAffected('Maven', log4j!, '2.0-beta8')).toBe(false);
    expect(isAffected('Maven', log4j!, '2.12.2')).toBe(false);
    expect(isAffected('Maven', log4j!, '2.15.0')).toBe(false);
    expect(fixedVersionFor('Maven', log4j!, '2.14.1')).toBe('2.15.0');
  });

  it('returns nothing for unknown packages', () => {
    expect(db.lookup('npm', 'left-pad')).toEqual([]);
  });
});

describe('importAdvisories from an OSV zip dump', () => {
  it('reads every JSON entry of the archive', async () => {
    const zip = join(work, 'all.zip');
    const file = join(FIXTURES, 'npm', 'GHSA-p6mc-m468-83gw.json');
    writeStoredZip(zip, { 'GHSA-p6mc-m468-83gw.json': readFileSync(file, 'utf8'), 'README.txt': 'not json' });
    const to = join(work, 'db-zip');
    const result = await importAdvisories({ from: zip, to });
    expect(result.records).toBe(1);
    expect(loadAdvisoryDb(to)!.lookup('npm', 'lodash-es')[0]?.id).toBe('GHSA-p6mc-m468-83gw');
  });

  it('replaces only the ecosystems an import contains, so per-ecosystem dumps can be imported in turn', async () => {
    const to = join(work, 'db-sequential');
    await importAdvisories({ from: join(FIXTURES, 'npm'), to });
    const second = await importAdvisories({ from: join(FIXTURES, 'PyPI'), to });
    expect(second.imported).toEqual({ PyPI: 3 });
    expect(second.records).toBe(5);
    expect(second.date).toBe('2024-09-01T00:00:00.000Z');
    const db = loadAdvisoryDb(to)!;
    expect(db.lookup('npm', 'lodash')).toHaveLength(1);
    expect(db.lookup('PyPI', 'django')).toHaveLength(1);
    expect(db.meta.ecosystems.npm).toMatchObject({ records: 2, source: join(FIXTURES, 'npm') });
  });

  it('fails clearly when a source holds no usable advisories', async () => {
    await expect(importAdvisories({ from: join(FIXTURES, 'Maven', '..', '..', '..', 'versions'), to: join(work, 'y') })).rejects.toThrow(
      /No npm, PyPI or Maven advisories/,
    );
  });

  it('refuses plain http URLs', async () => {
    await expect(importAdvisories({ from: 'http://example.com/all.zip', to: join(work, 'x') })).rejects.toThrow(/https/);
  });
});

describe('loadAdvisoryDb / defaultAdvisoryDbDir', () => {
  it('returns null where no database was imported', () => {
    expect(loadAdvisoryDb(join(work, 'nothing-here'))).toBeNull();
  });
  it('uses the given directory, else ~/.duescan/advisories', () => {
    expect(defaultAdvisoryDbDir('/data/adv', '/home/u')).toBe('/data/adv');
    expect(defaultAdvisoryDbDir(undefined, '/home/u')).toBe(join('/home/u', '.duescan', 'advisories'));
  });
});

// Extended: the shared OSV set (PyPI 2,661 + npm 463 records) lives next to the repo on CI and dev machines.
const SHARED = join(import.meta.dirname, '../../../../../shared/data/advisories');
const hasShared = existsSync(join(SHARED, 'osv'));
describe.skipIf(!hasShared)('extended: shared OSV data set (skipped when ../shared/data/advisories is absent)', () => {
  it('imports every record and matches known advisories', async () => {
    const to = join(work, 'db-shared');
    const result = await importAdvisories({ from: join(SHARED, 'osv'), to });
    expect(result.unreadable).toBe(0);
    expect(result.files).toBe(2661 + 463);
    // Ten PyPI records are withdrawn (e.g. PYSEC-2023-141) and must not produce matches.
    expect(result.imported.PyPI).toBe(2651);
    expect(result.imported.npm).toBe(463);
    const size = readdirSync(to).reduce((n, f) => n + statSync(join(to, f)).size, 0);
    console.log(`shared import: ${result.records} records in ${result.durationMs} ms, ${(size / 1024).toFixed(0)} KiB`);

    // The newest record writes its date as "2024-10-10 17:22:00.587279+00:00"; stored as ISO.
    expect(result.date).toBe('2024-10-10T17:22:00.587Z');
    const db = loadAdvisoryDb(to)!;
    const django = db.lookup('PyPI', 'django').filter((a) => isAffected('PyPI', a, '2.2.0'));
    expect(django.map((a) => a.id)).toContain('PYSEC-2019-13');
    expect(db.lookup('PyPI', 'django').filter((a) => isAffected('PyPI', a, '99.0'))).toEqual([]);
    const bassmaster = db.lookup('npm', 'bassmaster');
    expect(bassmaster.map((a) => a.id)).toContain('NSWG-ECO-1');
    expect(isAffected('npm', bassmaster[0]!, '1.5.1')).toBe(true);
    expect(isAffected('npm', bassmaster[0]!, '1.5.2')).toBe(false);
  }, 120_000); // ~2 s of CPU; the margin is for CI machines shared by parallel jobs
});
