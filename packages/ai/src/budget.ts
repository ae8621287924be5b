// The per-scan spending limit, checked before each call. Calls already in flight finish (their tokens count),
// so the token limit can be passed by at most the calls running at that moment.
export interface BudgetLimits {
  /** Findings sent to the models (a finding asked of three models counts once). */
  maxFindings: number;
  /** Input plus output tokens, as the providers' usage fields report them. */
  maxTokens: number;
  /** Wall time of the whole AI review. */
  maxWallMs: number;
}

export const DEFAULT_BUDGET: BudgetLimits = { maxFindings: 50, maxTokens: 400_000, maxWallMs: 10 * 60_000 };

export type BudgetStop = 'findings' | 'tokens' | 'time';

export class Budget {
  private findings = 0;
  private tokens = 0;
  private readonly started: number;
  stoppedBy: BudgetStop | undefined;

  constructor(
    readonly limits: BudgetLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.started = now();
  }

  /** Why no further call may start, or null. Remembers the first reason. */
  exhausted(): BudgetStop | null {
    const reason: BudgetStop | null =
      this.tokens >= this.limits.maxTokens ? 'tokens' : this.now() - this.started >= this.limits.maxWallMs ? 'time' : null;
    if (reason) this.stoppedBy ??= reason;
    return reason;
  }

  /** Takes one finding slot; false when the findings limit (or another limit) is reached. */
  takeFinding(): boolean {
    if (this.exhausted()) return false;
    if (this.findings >= this.limits.maxFindings) {
      this.stoppedBy ??= 'findings';
      return false;
    }
    this.findings++;
    return true;
  }

  spend(tokens: number): void {
    this.tokens += tokens;
  }

  get tokensUsed(): number {
    return this.tokens;
  }

  /** Milliseconds left, for the review's overall deadline. */
  remainingMs(): number {
    return Math.max(0, this.limits.maxWallMs - (this.now() - this.started));
  }
}
