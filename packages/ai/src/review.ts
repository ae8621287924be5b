// The orchestrator: selects findings, asks the configured models in parallel (bounded by the concurrency limit
// and the per-scan budget, answers reused from the cache), records the vote on each finding and what left the
// machine. It never changes a finding's severity, confidence or the score.
import type { AiDisclosure, AiModelRun, AiNoAnswer, AiReview, AiRun, AiScenario, AiVote } from '@duescan/contracts';
import type { Finding, Report } from '@duescan/engine';
import type { z } from 'zod';
import { ask } from './ask';
import { ZScenarioAnswer, ZVerdictAnswer } from './answer';
import { Budget, DEFAULT_BUDGET, type BudgetLimits } from './budget';
import { cacheKey, memoryCache, type AnswerCache } from './cache';
import { limiter } from './limit';
import { codeContext, DEFAULT_CONTEXT, rangesLabel, type CodeContext, type ContextOptions } from './prompt/context';
import { findingPrompt, IDOR_SYSTEM, PROMPT_VERSION, REVIEW_SYSTEM, SCENARIO_SYSTEM } from './prompt/prompts';
import { DEFAULT_SELECT, selectFindings, type ReviewKind, type SelectOptions } from './select';
import type { ModelProvider } from './types';
import { tally } from './vote';

export interface ReviewOptions {
  providers: ModelProvider[];
  /** Models asked per finding (the first N configured). */
  votersPerFinding?: number;
  /** Reads a project file by its report path; the review reads only the files findings point at. */
  readFile: (path: string) => string | null;
  cache?: AnswerCache;
  budget?: Partial<BudgetLimits>;
  /** Provider calls in flight at once, over all models. */
  concurrency?: number;
  select?: SelectOptions;
  context?: ContextOptions;
  maxOutputTokens?: number;
  signal?: AbortSignal;
  now?: () => number;
}

type CallKind = ReviewKind | 'scenario';
const SYSTEM: Record<CallKind, string> = { finding: REVIEW_SYSTEM, idor: IDOR_SYSTEM, scenario: SCENARIO_SYSTEM };

function emptyRun(p: ModelProvider): AiModelRun {
  return { provider: p.provider, model: p.model, asked: 0, answered: 0, truePositive: 0, falsePositive: 0, uncertain: 0, noAnswer: 0, cached: 0, scenarios: 0, inputTokens: 0, outputTokens: 0 };
}

const VERDICT_FIELD = { true_positive: 'truePositive', false_positive: 'falsePositive', uncertain: 'uncertain' } as const;

/** Returns the report with `aiReview` on reviewed findings and `report.ai`; unchanged when no model is configured. */
export async function reviewReport(report: Report, options: ReviewOptions): Promise<Report> {
  if (options.providers.length === 0) return report;
  const voters = options.providers.slice(0, options.votersPerFinding ?? 3);
  const cache = options.cache ?? memoryCache();
  const budget = new Budget({ ...DEFAULT_BUDGET, ...options.budget }, options.now);
  const run = limiter(options.concurrency ?? 4);
  const runs = new Map(voters.map((p) => [p, emptyRun(p)]));
  const sent = new Map<string, AiDisclosure>();
  const maxOutputTokens = options.maxOutputTokens ?? 800;

  /** One question to one model through the cache, the budget and the concurrency limit. */
  async function call<T>(p: ModelProvider, kind: CallKind, schema: z.ZodType<T>, finding: Finding, prompt: string, ctx: CodeContext | null, slot: () => boolean): Promise<{ value?: T; noAnswer?: AiNoAnswer }> {
    const stats = runs.get(p)!;
    const key = cacheKey({ findingId: finding.id, provider: p.provider, model: p.model, promptVersion: PROMPT_VERSION, kind, system: SYSTEM[kind], prompt });
    const hit = schema.safeParse(cache.get(key));
    // asked/cached count findings judged; a scenario is counted apart (scenarios).
    const judging = kind !== 'scenario';
    if (hit.success) {
      if (judging) stats.cached++;
      return { value: hit.data };
    }
    return run(async () => {
      const ref = { provider: p.provider, model: p.model };
      if (options.signal?.aborted || !slot()) return { noAnswer: { ...ref, reason: 'budget' as const } };
      if (judging) stats.asked++;
      sent.set(`${finding.id}|${p.provider}:${p.model}`, { ...ref, findingId: finding.id, file: finding.location.file, lines: ctx ? rangesLabel(ctx.ranges) : 'none' });
      const result = await ask(p, schema, { system: SYSTEM[kind], prompt, maxOutputTokens, signal: options.signal });
      budget.spend(result.inputTokens + result.outputTokens);
      stats.inputTokens += result.inputTokens;
      stats.outputTokens += result.outputTokens;
      if (result.value === undefined) return { noAnswer: { ...ref, ...result.noAnswer! } };
      cache.set(key, result.value);
      return { value: result.value };
    });
  }

  async function reviewOne(finding: Finding, kind: ReviewKind): Promise<AiReview | null> {
    const ctx = codeContext(finding, options.readFile(finding.location.file), options.context ?? DEFAULT_CONTEXT);
    const prompt = findingPrompt(finding, ctx);
    // The finding takes its budget slot when its first uncached call starts; later calls only check the budget.
    let taken = false;
    const slot = () => (taken ? budget.exhausted() === null : (taken = budget.takeFinding()));
    const answers = await Promise.all(voters.map((p) => call(p, kind, ZVerdictAnswer, finding, prompt, ctx, slot)));
    if (!taken && answers.every((a) => a.noAnswer?.reason === 'budget')) return null;
    const votes: AiVote[] = [];
    const noAnswer: AiNoAnswer[] = [];
    answers.forEach((a, i) => {
      const p = voters[i]!;
      const stats = runs.get(p)!;
      if (a.value) {
        stats.answered++;
        stats[VERDICT_FIELD[a.value.verdict]]++;
        votes.push(stripEmptyFix({ provider: p.provider, model: p.model, ...a.value }));
      } else {
        stats.noAnswer++;
        noAnswer.push(a.noAnswer!);
      }
    });
    const review: AiReview = { kind, promptVersion: PROMPT_VERSION, votes, noAnswer, ...tally(votes) };
    const scenario = await scenarioFor(finding, review, prompt, ctx, slot);
    if (scenario) review.scenario = scenario;
    return review;
  }

  /** Ultra: one exploitation scenario per critical/high finding the vote confirms, from its most confident confirming model. */
  async function scenarioFor(finding: Finding, review: AiReview, prompt: string, ctx: CodeContext | null, slot: () => boolean): Promise<AiScenario | undefined> {
    if (report.tier !== 'ultra' || review.majority !== 'true_positive') return undefined;
    if (finding.severity !== 'critical' && finding.severity !== 'high') return undefined;
    const best = review.votes.filter((v) => v.verdict === 'true_positive').sort((a, b) => b.confidence - a.confidence)[0]!;
    const p = voters.find((v) => v.provider === best.provider && v.model === best.model)!;
    const answer = await call(p, 'scenario', ZScenarioAnswer, finding, prompt, ctx, slot);
    if (!answer.value) return undefined;
    runs.get(p)!.scenarios++;
    return { provider: p.provider, model: p.model, ...answer.value };
  }

  const selected = selectFindings(report.findings, report.tier, options.select ?? DEFAULT_SELECT);
  const reviews = new Map<string, AiReview>();
  await Promise.all(
    selected.map(async ({ finding, kind }) => {
      const review = await reviewOne(finding, kind);
      if (review) reviews.set(finding.id, review);
    }),
  );
  // A cache that cannot be written (disk full, read-only home) costs repeated questions next time, not this review.
  await cache.flush().catch(() => undefined);
  const ai: AiRun = {
    promptVersion: PROMPT_VERSION,
    models: [...runs.values()],
    selected: selected.length,
    reviewed: reviews.size,
    ...(budget.stoppedBy ? { budgetStop: budget.stoppedBy } : {}),
    sent: [...sent.values()],
  };
  const findings = report.findings.map((f) => (reviews.has(f.id) ? { ...f, aiReview: reviews.get(f.id)! } : f));
  return { ...report, findings, ai };
}

function stripEmptyFix(v: AiVote): AiVote {
  if (v.fix) return v;
  const { fix: _unused, ...rest } = v;
  return rest;
}
