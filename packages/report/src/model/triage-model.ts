// What the report says about the engine's triage model (engine: triage-model/apply.ts): the mark on a finding
// card and one methodology line. Kept apart from the AI-vote text, which third-party models produce.
import type { Finding, Report } from '@duescan/engine';

const pct = (p: number): string => `${Math.round(p * 100)} %`;

/** The card's line for a finding the model marked, or null. */
export function modelMarkNote(f: Finding, report: Pick<Report, 'triageModel'>): string | null {
  if (f.likelyFalsePositive !== 'model') return null;
  const p = f.properties?.modelProbability;
  const threshold = report.triageModel?.threshold;
  const odds = typeof p === 'number' && threshold !== undefined ? ` The triage model rates it ${pct(p)} likely to be real, below its threshold of ${pct(threshold)}.` : '';
  return `Likely false positive (model).${odds} Still listed, with its severity and its weight in the score; check it before dismissing it.`;
}

/** Methodology: whether the triage model ran, which version, on how many findings and what it marked. */
export function triageModelLine(report: Pick<Report, 'triageModel'>): string {
  const t = report.triageModel;
  if (!t) return 'did not run (this report comes from an engine without it)';
  return (
    `ran, version ${t.version} (weights SHA-256 ${t.sha256.slice(0, 16)}…), a logistic regression trained on ${t.trainedOn.findings} hand-judged findings ` +
    `from ${t.trainedOn.projects} projects; it rated ${t.findings} finding${t.findings === 1 ? '' : 's'}, ordered them within each severity, set their confidence, ` +
    `and marked ${t.likelyFalsePositive} as likely false positive (model). It removes nothing and changes no severity or score.`
  );
}
