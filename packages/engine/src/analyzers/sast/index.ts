// The SAST analyzer: pattern rules (sast/rules) plus taint analysis (sast/taint) over the shared trees, for the
// rule packs the tier runs (tiers.ts). Where both report the same weakness on the same line, the taint finding
// wins: it carries the data-flow trace.
import type { Analyzer, AnalyzerContext, AnalyzerResult, Finding } from '../../types';
import { runPatternRules } from './patterns/run-all';
import { PACK_ORDER, type PackId } from './rule-types';
import { PATTERN_RULES } from './rules';
import { runTaint } from './taint';
import { runAccessControl } from './access';
import { dropCovered } from '../../same-weakness';

export { PATTERN_RULES } from './rules';

/** Packs from the tier plan, in PACK_ORDER (unknown names ignored). */
export function packsFor(ctx: AnalyzerContext): PackId[] {
  const wanted = new Set(ctx.plan.packs);
  return PACK_ORDER.filter((p) => wanted.has(p));
}

/** The file handles an HTTP request object (the taint engine has sources to follow there). */
const REQUEST_READ = /\b(request|req)\s*[.,)\]]|\bctx\.(request|query|params)\b/;

/** Drops sink-only pattern findings in request-handling files that taint analysis covers (see PatternRule.taintSink). */
export function dropTaintCovered(ctx: AnalyzerContext, findings: Finding[]): Finding[] {
  const sinkOnly = new Set(PATTERN_RULES.filter((r) => r.taintSink).map((r) => r.id));
  const byPath = new Map(ctx.files.map((f) => [f.path, f]));
  const requestFile = new Map<string, boolean>();
  return findings.filter((f) => {
    if (!sinkOnly.has(f.ruleId)) return true;
    const file = byPath.get(f.location.file);
    if (!file || !TAINT_LANGUAGES.has(file.language ?? '')) return true;
    if (!requestFile.has(file.path)) requestFile.set(file.path, REQUEST_READ.test(file.text()));
    return !requestFile.get(file.path);
  });
}

const TAINT_LANGUAGES = new Set(['python', 'javascript', 'typescript', 'tsx']);

export function mergeFindings(taint: Finding[], pattern: Finding[]): Finding[] {
  const kept = dropCovered(taint, pattern);
  return [...taint, ...kept].sort(
    (a, b) => a.location.file.localeCompare(b.location.file) || a.location.startLine - b.location.startLine || a.ruleId.localeCompare(b.ruleId),
  );
}

export const sastAnalyzer: Analyzer = {
  id: 'sast',
  async run(ctx: AnalyzerContext): Promise<AnalyzerResult> {
    const packs = packsFor(ctx);
    const packSet = new Set(packs);
    const pattern = dropTaintCovered(ctx, runPatternRules(ctx, PATTERN_RULES, packSet));
    const taint = runTaint(ctx, { packs: packSet, crossFile: ctx.plan.crossFile });
    // Route-level checks need the whole application (guards on mounts in other files, auth used elsewhere).
    const access = packSet.has('access-control') ? runAccessControl(ctx) : [];
    return { findings: mergeFindings(taint, [...pattern, ...access]), packs };
  },
};
