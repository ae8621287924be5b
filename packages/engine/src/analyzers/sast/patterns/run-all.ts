// Runs the pattern rules over every file of a scan. A rule that throws on one file is logged and that file's
// pattern findings are dropped, so one odd file never fails the whole analyzer.
import type { AnalyzerContext, Finding } from '../../../types';
import type { PackId } from '../rule-types';
import { runRulesOnFile } from './run';
import type { PatternRule } from './types';
import { finishPass, type PassSteps } from '../../../pass-steps';

export function runPatternRules(ctx: AnalyzerContext, rules: readonly PatternRule[], packs: ReadonlySet<PackId>): Finding[] {
  return finishPass(patternSteps(ctx, rules, packs));
}

/** The pass file by file (pass-steps.ts). */
export function* patternSteps(ctx: AnalyzerContext, rules: readonly PatternRule[], packs: ReadonlySet<PackId>): PassSteps<Finding[]> {
  const findings: Finding[] = [];
  for (const [index, file] of ctx.files.entries()) {
    try {
      findings.push(...runRulesOnFile({ file, parse: () => ctx.parse(file) }, rules, packs));
    } catch (e) {
      ctx.log(`sast: pattern rules failed on ${file.path}: ${String(e)}`);
    }
    yield index;
  }
  return findings;
}
