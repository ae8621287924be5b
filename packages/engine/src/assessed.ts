// Which score categories were actually assessed. A category whose analyzer did not run, failed or had no data to
// look at (no advisory database, no lockfile or manifest, no git history, no dependency license data) is "not
// assessed": it gets no score (never a 100 % for something nobody checked) and the reason is written beside it.
import type { AnalyzerId, AnalyzerRun, Category, HistoryMetrics, Report, Score, Tier } from './types';

/** The analyzer whose data a category's score stands for. */
export const CATEGORY_ANALYZER: Record<Category, AnalyzerId> = {
  security: 'sast',
  secrets: 'secrets',
  dependencies: 'deps',
  licenses: 'licenses',
  quality: 'quality',
  maintainability: 'quality',
  team: 'history',
  configuration: 'config',
};

export interface CoverageInput {
  tier: Tier;
  analyzers: AnalyzerRun[];
  advisoryDatabase: Report['advisoryDatabase'];
  dependencies: Report['dependencies'];
  licenses: Report['licenses'];
  history?: HistoryMetrics;
}

/** Why the analyzer's data cannot support a score, or null when it can. */
function missingData(id: AnalyzerId, input: CoverageInput): string | null {
  const deps = input.dependencies.length;
  switch (id) {
    case 'deps':
      if (deps === 0) return 'no lockfile or dependency manifest was found';
      if (!input.advisoryDatabase.date || input.advisoryDatabase.records === 0) return 'no advisory database, so no dependency was checked for known vulnerabilities';
      return null;
    case 'licenses': {
      if (deps === 0) return 'no dependency data: no lockfile or manifest';
      const known = input.licenses.filter((l) => l.name !== '(project)' && l.risk !== 'unknown').length;
      return known === 0 ? `the license of none of the ${deps} dependencies could be determined` : null;
    }
    case 'history':
      return !input.history || input.history.commits === 0 ? 'no git history' : null;
    default:
      return null;
  }
}

export function notAssessedCategories(input: CoverageInput): Map<Category, string> {
  const out = new Map<Category, string>();
  for (const [category, id] of Object.entries(CATEGORY_ANALYZER) as [Category, AnalyzerId][]) {
    const run = input.analyzers.find((a) => a.id === id);
    let reason: string | null;
    if (!run) reason = `not part of the ${input.tier[0]!.toUpperCase()}${input.tier.slice(1)} package`;
    else if (run.status === 'error') reason = 'the analyzer failed';
    else if (run.status === 'skipped') reason = run.note ? run.note.replace(/\.$/, '') : 'the analyzer did not run';
    else reason = missingData(id, input);
    if (reason) out.set(category, reason);
  }
  return out;
}

/**
 * Marks categories as not assessed: no score, the reason beside it, and a sentence in the method. Their findings
 * (if any) still cost points: a finding is a finding even where the analyzer lacked data for the rest.
 */
export function markNotAssessed(score: Score, notAssessed: Map<Category, string>): Score {
  const categories = score.categories.map((c) => {
    const reason = notAssessed.get(c.category);
    return reason ? { ...c, score: null, assessed: false, notAssessedReason: reason } : { ...c, assessed: true };
  });
  if (notAssessed.size === 0) return { ...score, categories };
  const list = [...notAssessed].map(([c, why]) => `${c} (${why})`).join('; ');
  return { ...score, categories, method: `${score.method} Not assessed (no category score; the overall score covers only what was assessed): ${list}.` };
}
