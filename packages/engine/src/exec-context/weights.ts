// Per execution context: the highest severity a finding keeps and how much it weighs in the score.
import type { ExecutionContext, Severity } from '../types';

/** Highest severity per execution context. */
export const CONTEXT_CAP: Readonly<Record<ExecutionContext, Severity>> = {
  production: 'critical',
  script: 'medium',
  test: 'low',
  example: 'low',
  fixture: 'low',
  vendored: 'low',
};

/** How much a finding in each context weighs in the score, on top of its (capped) severity. */
export const CONTEXT_WEIGHT: Readonly<Record<ExecutionContext, number>> = {
  production: 1,
  script: 0.5,
  test: 0.25,
  example: 0.25,
  fixture: 0.25,
  vendored: 0.25,
};

export const CONTEXT_WORDS: Readonly<Record<ExecutionContext, string>> = {
  production: 'production code',
  script: 'a developer or CI script (build, release, migration, seed), not request-serving code',
  test: 'test code',
  example: 'an example or documentation',
  fixture: 'test fixture or sample data',
  vendored: 'third-party or generated code',
};

