// The SAST analyzer: pattern rules (sast/rules) plus taint analysis (sast/taint) over the shared trees, for the
// rule packs the tier runs (tiers.ts). Where both report the same weakness on the same line, the taint finding
// wins: it carries the data-flow trace.
import type { Analyzer, AnalyzerContext, AnalyzerResult, Finding } from '../../types';
import { runPatternRules } from './patterns/run-all';
import { PACK_ORDER, type PackId } from './rule-types';
import { PATTERN_RULES } from './rules';
import { runTaint } from './taint';

export { PATTERN_RULES } from './rules';

/** Packs from the tier plan, in PACK_ORDER (unknown names ignored). */
export function packsFor(ctx: AnalyzerContext): PackId[] {
  const wanted = new Set(ctx.plan.packs);
  return PACK_ORDER.filter((p) => wanted.has(p));
}

export function mergeFindings(taint: Finding[], pattern: Finding[]): Finding[] {
  const covered = new Set<string>();
  for (const f of taint) for (const cwe of f.cwe) covered.add(`${f.location.file}:${f.location.startLine}:${cwe}`);
  const kept = pattern.filter((f) => !f.cwe.some((cwe) => covered.has(`${f.location.file}:${f.location.startLine}:${cwe}`)));
  return [...taint, ...kept].sort(
    (a, b) => a.location.file.localeCompare(b.location.file) || a.location.startLine - b.location.startLine || a.ruleId.localeCompare(b.ruleId),
  );
}

export const sastAnalyzer: Analyzer = {
  id: 'sast',
  async run(ctx: AnalyzerContext): Promise<AnalyzerResult> {
    const packs = packsFor(ctx);
    const packSet = new Set(packs);
    const pattern = runPatternRules(ctx, PATTERN_RULES, packSet);
    const taint = runTaint(ctx, { packs: packSet, crossFile: ctx.plan.crossFile });
    return { findings: mergeFindings(taint, pattern), packs };
  },
};
