// The deps analyzer: lockfiles and manifests -> dependency inventory -> matches against the on-disk OSV
// advisory database. Without a database it still lists dependencies and says plainly that nothing was checked.
import { defaultAdvisoryDbDir } from '../../advisories/default-dir';
import { loadAdvisoryDb } from '../../advisories/load-advisory-db';
import type { Analyzer, AnalyzerContext, AnalyzerResult } from '../../types';
import { isNonProductionPath } from '../secrets/allowlist';
import { collectDependencies } from './collect-dependencies';
import { buildImportIndex } from './imports';
import { matchAdvisories } from './match-advisories';

export const NO_ADVISORY_DB_NOTE = 'No advisory database: run `duescan advisories update`';

function notes(unpinned: string[], declared: string[], extra?: string): string | undefined {
  const parts = extra ? [extra] : [];
  if (declared.length > 0) {
    const sample = declared.slice(0, 3).join(', ');
    parts.push(
      `${declared.length} manifest(s) without a lockfile were read as declared, not resolved dependencies (${sample}${declared.length > 3 ? ', …' : ''}): version ranges are matched as "may resolve to a vulnerable version" at lower confidence`,
    );
  }
  if (unpinned.length > 0) {
    const sample = unpinned.slice(0, 3).join(', ');
    parts.push(`${unpinned.length} requirement(s) without an exact version were not checked: ${sample}${unpinned.length > 3 ? ', …' : ''}`);
  }
  return parts.length > 0 ? parts.join('. ') : undefined;
}

async function runDeps(ctx: AnalyzerContext): Promise<AnalyzerResult> {
  const { dependencies, unpinned, declaredManifests } = collectDependencies(ctx);
  const dbDir = ctx.options.advisoryDb ?? defaultAdvisoryDbDir();
  let db;
  try {
    db = loadAdvisoryDb(dbDir);
  } catch (e) {
    ctx.log(`advisory database unreadable: ${(e as Error).message}`);
    db = null;
  }
  if (!db) {
    const note = notes(unpinned, declaredManifests, NO_ADVISORY_DB_NOTE);
    return { findings: [], dependencies, advisoryDatabase: { date: null, records: 0 }, ...(note ? { note } : {}) };
  }
  const byPath = new Map(ctx.files.map((f) => [f.path, f]));
  // Production source: what a test, example or docs folder imports says nothing about what ships.
  const importIndex = buildImportIndex(ctx.files.filter((f) => !isNonProductionPath(f)));
  const { findings, vulnerableDependencies } = matchAdvisories(dependencies, db, (source) => byPath.get(source)?.text() ?? '', importIndex);
  const note = notes(unpinned, declaredManifests);
  return {
    findings,
    dependencies,
    vulnerableDependencies,
    advisoryDatabase: { date: db.meta.date, records: db.meta.records, source: db.meta.source },
    ...(note ? { note } : {}),
  };
}

export const depsAnalyzer: Analyzer = { id: 'deps', run: runDeps };
