// The scan job's AI step: after the engine, configured models judge the findings (packages/ai). A failure here
// never fails the scan: the report is delivered without votes, and its methodology then says no model ran.
import { buildProviders, DEFAULT_RETRY, jsonFileCache, projectFileReader, reviewReport } from '@duescan/ai';
import type { Report } from '@duescan/engine';
import type { Logger } from 'pino';
import type { AiConfig } from './ai-config';

/** `signal` (the worker's shutdown) stops asking the models; the caller decides what a cut-short review is worth. */
export async function aiReviewStep(
  report: Report,
  sourceDir: string,
  ai: AiConfig | null,
  logger: Pick<Logger, 'info' | 'error'>,
  signal?: AbortSignal,
): Promise<Report> {
  if (!ai) return report;
  try {
    const providers = buildProviders(ai.models, ai.providerEnv, { ...DEFAULT_RETRY, timeoutMs: ai.requestTimeoutMs });
    // Concurrent scans share the cache file; the last writer wins, which only costs a repeated question.
    const reviewed = await reviewReport(report, {
      providers,
      readFile: projectFileReader(sourceDir),
      cache: jsonFileCache(ai.cachePath),
      budget: ai.budget,
      concurrency: ai.concurrency,
      ...(signal ? { signal } : {}),
    });
    const run = reviewed.ai!;
    logger.info({ reviewed: run.reviewed, selected: run.selected, budgetStop: run.budgetStop, sent: run.sent.length }, 'AI review done');
    return reviewed;
  } catch (err) {
    logger.error({ err }, 'AI review failed; the report is delivered without it');
    return report;
  }
}
