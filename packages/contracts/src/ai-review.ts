// What third-party models said about a finding, as stored on the finding and shown in the report. Models judge
// findings the deterministic engine produced; nothing here changes a finding's severity or the score.
import { z } from 'zod';

export const AI_PROVIDERS = ['openai', 'anthropic'] as const;
export const ZAiProvider = z.enum(AI_PROVIDERS);
export type AiProvider = z.infer<typeof ZAiProvider>;

export const AI_VERDICTS = ['true_positive', 'false_positive', 'uncertain'] as const;
export const ZAiVerdict = z.enum(AI_VERDICTS);
export type AiVerdict = z.infer<typeof ZAiVerdict>;

export const ZAiModelRef = z.object({ provider: ZAiProvider, model: z.string().min(1).max(200) });
export type AiModelRef = z.infer<typeof ZAiModelRef>;

export const ZAiVote = ZAiModelRef.extend({
  verdict: ZAiVerdict,
  confidence: z.number().min(0).max(1),
  reasoning: z.string(),
  fix: z.string().optional(),
});
export type AiVote = z.infer<typeof ZAiVote>;

/** Why a model gave no usable answer: counted, never guessed. */
export const AI_NO_ANSWER_REASONS = ['malformed', 'timeout', 'http-error', 'budget'] as const;
export const ZAiNoAnswer = ZAiModelRef.extend({ reason: z.enum(AI_NO_ANSWER_REASONS), detail: z.string().optional() });
export type AiNoAnswer = z.infer<typeof ZAiNoAnswer>;

/**
 * agree: every answer has the same verdict (two or more answers); dissent: a majority with at least one other
 * verdict; split: no verdict has a majority; single: one answer only; none: no model answered.
 */
export const AI_AGREEMENTS = ['agree', 'dissent', 'split', 'single', 'none'] as const;
export const ZAiAgreement = z.enum(AI_AGREEMENTS);
export type AiAgreement = z.infer<typeof ZAiAgreement>;

/** Ultra: how a confirmed critical/high finding would be exploited. */
export const ZAiScenario = ZAiModelRef.extend({
  preconditions: z.array(z.string()),
  steps: z.array(z.string()),
  impact: z.string(),
});
export type AiScenario = z.infer<typeof ZAiScenario>;

export const ZAiReview = z.object({
  /** finding: the general review; idor: the access-control review of a route flagged for missing ownership. */
  kind: z.enum(['finding', 'idor']),
  promptVersion: z.string(),
  votes: z.array(ZAiVote),
  noAnswer: z.array(ZAiNoAnswer),
  agreement: ZAiAgreement,
  /** The verdict more than half of the answers gave, or null. */
  majority: ZAiVerdict.nullable(),
  scenario: ZAiScenario.optional(),
});
export type AiReview = z.infer<typeof ZAiReview>;

/** Per model, over the whole scan: the report's methodology prints one line each. */
export const ZAiModelRun = ZAiModelRef.extend({
  asked: z.number().int().min(0),
  answered: z.number().int().min(0),
  truePositive: z.number().int().min(0),
  falsePositive: z.number().int().min(0),
  uncertain: z.number().int().min(0),
  noAnswer: z.number().int().min(0),
  cached: z.number().int().min(0),
  scenarios: z.number().int().min(0),
  inputTokens: z.number().int().min(0),
  outputTokens: z.number().int().min(0),
});
export type AiModelRun = z.infer<typeof ZAiModelRun>;

/** One code excerpt that left the machine: which finding's context went to which provider. */
export const ZAiDisclosure = ZAiModelRef.extend({
  findingId: z.string(),
  file: z.string(),
  /** The line range sent, e.g. "12-40". */
  lines: z.string(),
});
export type AiDisclosure = z.infer<typeof ZAiDisclosure>;

export const ZAiRun = z.object({
  promptVersion: z.string(),
  models: z.array(ZAiModelRun),
  /** Findings selected for review, and how many the budget left unreviewed. */
  selected: z.number().int().min(0),
  reviewed: z.number().int().min(0),
  /** Set when the per-scan budget stopped the review early. */
  budgetStop: z.enum(['findings', 'tokens', 'time']).optional(),
  sent: z.array(ZAiDisclosure),
});
export type AiRun = z.infer<typeof ZAiRun>;
