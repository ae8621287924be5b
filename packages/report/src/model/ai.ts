// Words for what third-party models said (packages/ai), shared by the PDF and the HTML. With no model configured
// the only visible change anywhere is the methodology line "no AI model ran".
import type { AiModelRun, AiReview, AiScenario, AiVerdict } from '@duescan/contracts';
import type { Report } from '@duescan/engine';

export const NO_AI_LINE = 'no AI model ran';

const VERDICT_LABEL: Record<AiVerdict, string> = { true_positive: 'real', false_positive: 'false positive', uncertain: 'uncertain' };
const AGREEMENT_LABEL: Record<AiReview['agreement'], string> = {
  agree: 'the models agree',
  dissent: 'majority with dissent',
  split: 'split vote, no majority',
  single: 'one model answered',
  none: 'no model answered',
};

const modelName = (m: { provider: string; model: string }) => `${m.provider} ${m.model}`;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Findings this model judged (asked now or answered from the cache). */
const judged = (r: AiModelRun) => r.asked + r.cached;

/** The methodology's "AI validation" line. */
export function aiMethodologyLine(report: Report): string {
  const ai = report.ai;
  if (!ai || ai.models.length === 0) return NO_AI_LINE;
  return ai.models.map((r) => `${modelName(r)} on ${plural(judged(r), 'finding')}`).join('; ');
}

/** One sentence per model: what it was asked and what it said, i.e. what it changed in the report. */
export function aiModelLines(report: Report): string[] {
  return (report.ai?.models ?? []).map((r) => {
    const parts = [`${r.truePositive} judged real`, `${r.falsePositive} false positive`, `${r.uncertain} uncertain`];
    if (r.noAnswer) parts.push(`${r.noAnswer} without a usable answer`);
    const scenarios = r.scenarios ? `; wrote ${plural(r.scenarios, 'exploitation scenario')}` : '';
    const cached = r.cached ? ` (${r.cached} from earlier answers)` : '';
    return `${modelName(r)}: reviewed ${plural(judged(r), 'finding')}${cached}: ${parts.join(', ')}${scenarios}. ${r.inputTokens + r.outputTokens} tokens.`;
  });
}

/** The methodology paragraph when models ran: scope, budget, and what the votes did and did not change. */
export function aiStatement(report: Report): string | null {
  const ai = report.ai;
  if (!ai || ai.models.length === 0) return null;
  const reviews = report.findings.filter((f) => f.aiReview);
  const disputed = reviews.filter((f) => f.aiReview!.majority === 'false_positive').length;
  const confirmed = reviews.filter((f) => f.aiReview!.majority === 'true_positive').length;
  const budget = ai.budgetStop ? ` The per-scan budget (${ai.budgetStop}) stopped the review after ${ai.reviewed} of ${ai.selected} selected findings; the rest carry no vote.` : '';
  return (
    `Every critical and high finding, a fixed sample of medium findings${report.tier === 'enterprise' || report.tier === 'ultra' ? ' and every route flagged for a missing ownership check' : ''} ` +
    `were sent to the models named below with a short excerpt of the file they are in (secrets redacted, no other file). ` +
    `${plural(ai.reviewed, 'finding')} carry a vote: ${confirmed} confirmed as real by the majority, ${disputed} judged a false positive by the majority. ` +
    `The models changed nothing else: every finding comes from the deterministic analyzers, and its severity, confidence and the score are theirs; ` +
    `a finding the models dispute is still listed and scored, with the vote beside it.${budget}`
  );
}

/** What left the machine: one row per finding sent, with the lines and the models that received them. */
export function aiDisclosureRows(report: Report): [string, string, string, string][] {
  const byFinding = new Map<string, { file: string; lines: string; models: string[] }>();
  for (const s of report.ai?.sent ?? []) {
    const row = byFinding.get(s.findingId) ?? { file: s.file, lines: s.lines, models: [] };
    row.models.push(modelName(s));
    byFinding.set(s.findingId, row);
  }
  return [...byFinding.entries()].map(([id, r]) => [id, r.file, r.lines, r.models.join(', ')]);
}

/** Why no code excerpt left the machine although models were configured. */
export function nothingSentLine(report: Report): string {
  const ai = report.ai;
  if (!ai || ai.selected === 0) return 'Nothing: no finding was critical, high, a sampled medium or a flagged route.';
  if (ai.models.some((m) => m.cached > 0)) return 'Nothing: every answer came from earlier answers to the same question.';
  return 'Nothing: the per-scan budget stopped the review before the first call.';
}

/** "Vote: the models agree — real (3 of 3)". */
export function voteHeadline(review: AiReview): string {
  const answered = review.votes.length;
  const asked = answered + review.noAnswer.length;
  const majority = review.majority ? `${VERDICT_LABEL[review.majority]} (${review.votes.filter((v) => v.verdict === review.majority).length} of ${asked})` : `no majority (${answered} of ${asked} answered)`;
  return `${review.kind === 'idor' ? 'Access-control review' : 'Vote'}: ${AGREEMENT_LABEL[review.agreement]} — ${majority}`;
}

/** One line per model: its verdict, confidence and reasoning; models without an answer say why. */
export function voteLines(review: AiReview): string[] {
  return [
    ...review.votes.map((v) => `${modelName(v)}: ${VERDICT_LABEL[v.verdict]}, confidence ${Math.round(v.confidence * 100)}%. ${v.reasoning}`),
    ...review.noAnswer.map((n) => `${modelName(n)}: no answer (${n.reason === 'malformed' ? 'unusable output' : n.reason === 'budget' ? 'budget reached' : n.reason}).`),
  ];
}

export const scenarioHeading = (s: AiScenario) => `Exploitation scenario (written by ${modelName(s)})`;

export function scenarioParts(s: AiScenario): { label: string; items: string[] }[] {
  return [
    { label: 'Preconditions', items: s.preconditions },
    { label: 'Steps', items: s.steps },
    { label: 'Impact', items: [s.impact] },
  ];
}
