// The deps analyzer: lockfiles and manifests -> dependency inventory -> matches against the on-disk OSV
// advisory database. Without a database it still lists dependencies and says plainly that nothing was checked.
import { defaultAdvisoryDbDir } from '../../advisories/default-dir';
import { loadAdvisoryDb } from '../../advisories/load-advisory-db';
import type { Analyzer, AnalyzerContext, AnalyzerResult } from '../../types';
import { collectDependencies } from './collect-dependencies';
import { matchAdvisories } from './match-advisories';

export const NO_ADVISORY_DB_NOTE = 'No advisory database: run `duescan advisories update`';

function notes(unpinned: string[], extra?: string): string | undefined {
  const parts = extra ? [extra] : [];
  if (unpinned.length > 0) {
    const sample = unpinned.slice(0, 3).join(', ');
    parts.push(`${unpinned.length} requirement(s) without an exact version were not checked: ${sample}${unpinned.length > 3 ? ', …' : ''}`);
  }
  return parts.length > 0 ? parts.join('. ') : undefined;
}

async function runDeps(ctx: AnalyzerContext): Promise<AnalyzerResult> {
  const { dependencies, unpinned } = collectDependencies(ctx);
  const dbDir = ctx.options.advisoryDb ?? defaultAdvisoryDbDir();
  let db;
  try {
    db = loadAdvisoryDb(dbDir);
  } catch (e) {
    ctx.log(`advisory database unreadable: ${(e as Error).message}`);
    db = null;
  }
  if (!db) {
    const note = notes(unpinned, NO_ADVISORY_DB_NOTE);
    return { findings: [], dependencies, advisoryDatabase: { date: null, records: 0 }, ...(note ? { note } : {}) };
  }
  const byPath = new Map(ctx.files.map((f) => [f.path, f]));
  const { findings, vulnerableDependencies } = matchAdvisories(dependencies, db, (source) => byPath.get(source)?.text() ?? '');
  const note = notes(unpinned);
  return {
    findings,
    dependencies,
    vulnerableDependencies,
    advisoryDatabase: { date: db.meta.date, records: db.meta.records, source: db.meta.source },
    ...(note ? { note } : {}),
  };
}

export const depsAnalyzer: Analyzer = { id: 'deps', run: runDeps };
