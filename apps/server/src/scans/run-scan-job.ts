// The scan job: claim the row, fetch, run the engine under a time limit, store report.json + report.pdf, then
// mark it completed and queue what follows (deliveries) in the same transaction. Failures end as 'failed' with an
// actionable message; server-side ones are retried and, once the attempts are used up, refunded (exactly once,
// see scan-store.fail). At shutdown, a scan still running when the grace period ends is handed back to the queue
// (scan-store.handBack). The factory receives its services from the composition root; it builds none itself.
import { setTimeout as sleep } from 'node:timers/promises';
import { scan as runEngine, ScanError, type Report } from '@duescan/engine';
import { renderPdf } from '@duescan/report';
import type { ScanRow } from '../db/schema';
import type { TxExecutor } from '../db/transaction';
import type { ScanConfig } from '../config/scan-config';
import { defineJob, type JobContext } from '../queue/job-definition';
import { FetchError } from '../fetch/fetch-error';
import { fetchSource, removeSource } from './fetch-source';
import { fetchFailure } from './fetch-failure';
import { Failures, ScanFailure } from './scan-failure';
import { SCAN_QUEUE } from './scan-queue';
import type { ScanStore } from './scan-store';
import { ObjectKeys } from '../storage/keys';
import type { ObjectStore } from '../storage/object-store';
import { readObjectText } from '../storage/create-object-store';
import { aiReviewStep } from '../ai/ai-review-step';
import type { AiConfig } from '../ai/ai-config';

/** Scans this process is running now: never "stale" to our own sweep, never claimed twice here. */
export const runningScans = new Set<string>();

export interface ScanJobDeps {
  store: ScanStore;
  /** Uploaded sources in, finished reports out (shared with the API processes, maybe on other machines). */
  objects: ObjectStore;
  config: ScanConfig;
  /** Third-party model review after the engine (AI_MODELS); null when none is configured. */
  ai: AiConfig | null;
  /** Queues the deliveries of a finished (completed or failed) scan, inside the transaction that finishes it. */
  queueDeliveries(scan: ScanRow, tx: TxExecutor): Promise<void>;
  /** Queues the scan again, inside the transaction that hands it back at shutdown. */
  requeue(tx: TxExecutor, scanId: string): Promise<void>;
  /** After a completed scan has committed (the beta feedback mail); its failure never touches the scan. */
  afterCompleted?(scan: ScanRow): Promise<void>;
  /** The process lifecycle's release signal: aborted when the shutdown grace period is over. */
  shutdown?: AbortSignal;
}

export function createRunScanJob(deps: ScanJobDeps) {
  const { store, objects, config: cfg } = deps;
  return defineJob(SCAN_QUEUE, {
    async handle({ scanId }, { logger }) {
      if (runningScans.has(scanId)) return { skipped: true };
      const scan = await store.claim(scanId, cfg.staleAfterMs);
      // Already finished, or another live worker has it: this (duplicate or expired) job has nothing to do.
      if (!scan) return { skipped: true };
      runningScans.add(scanId);
      const beat = setInterval(() => void store.heartbeat(scanId).catch(() => undefined), Math.max(250, cfg.staleAfterMs / 4));
      try {
        if (cfg.debugDelayMs > 0) await sleep(cfg.debugDelayMs, undefined, { signal: deps.shutdown });
        const report = await produceReport(scan, deps, logger);
        // Into the shared store: the API process that serves the download may run on another machine.
        const reportJsonPath = ObjectKeys.report(scan.id, 'json');
        const reportPdfPath = ObjectKeys.report(scan.id, 'pdf');
        await objects.put(reportJsonPath, JSON.stringify(report));
        await objects.put(reportPdfPath, await renderPdf(report));
        const values = { score: report.score.overall, reportPdfPath, reportJsonPath };
        const completedHere = await store.complete(scan.id, values, (tx) => deps.queueDeliveries(scan, tx));
        if (completedHere) {
          await deps.afterCompleted?.(scan).catch((err: unknown) => logger.error({ scanId, err }, 'after-completion step failed'));
        }
        await removeSource(scan, cfg, objects, true);
        // False when another worker finished it first (this one's heartbeats were late): the output says which did.
        return { completed: completedHere };
      } catch (error) {
        if (deps.shutdown?.aborted) {
          // Shutdown ran out of grace: not a failure, and the user was charged once at intake, so nothing to refund.
          // The row goes back to pending with its job in one transaction; the uploaded source stays for the next worker.
          clearInterval(beat);
          await store.handBack(scan.id, (tx) => deps.requeue(tx, scan.id));
          await removeSource(scan, cfg, objects, false);
          logger.warn({ scanId }, 'scan handed back to the queue at shutdown');
          return { handedBack: true };
        }
        return await settleFailure(scan, error, deps, logger);
      } finally {
        clearInterval(beat);
        runningScans.delete(scanId);
      }
    },
  });
}

async function settleFailure(scan: ScanRow, error: unknown, deps: ScanJobDeps, logger: JobContext['logger']) {
  const cfg = deps.config;
  const failure = toFailure(error);
  if (failure.transient && scan.attempts < cfg.maxAttempts) {
    logger.warn({ scanId: scan.id, attempt: scan.attempts, err: error }, 'scan attempt failed; it will be retried');
    await deps.store.release(scan.id);
    await removeSource(scan, cfg, deps.objects, false);
    throw error;
  }
  if (failure.kind === 'server') logger.error({ scanId: scan.id, err: error }, 'scan failed on the server side; credit refunded');
  await deps.store.fail(scan.id, failure.message, failure.refund, (tx) => deps.queueDeliveries(scan, tx));
  await removeSource(scan, cfg, deps.objects, true);
  return { failed: failure.message };
}

async function produceReport(scan: ScanRow, deps: ScanJobDeps, logger: JobContext['logger']): Promise<Report> {
  const { config: cfg, objects, shutdown } = deps;
  if (scan.sourceKind === 'cli') {
    const text = await readObjectText(objects, scan.sourceRef!);
    if (text === null) throw new ScanFailure('The uploaded report is no longer available; upload it again', 'server');
    return JSON.parse(text) as Report;
  }
  const dir = await fetchSource(scan, cfg, objects).catch((error: unknown) => {
    throw error instanceof FetchError ? fetchFailure(error) : error;
  });
  // The time limit stops the engine itself (its worker threads are terminated), so a timed-out scan stops using
  // CPU; the job fails once the engine has stopped, with the timeout as the reason.
  const limit = new AbortController();
  const timer = setTimeout(() => limit.abort(Failures.timedOut(cfg.timeoutMs)), cfg.timeoutMs);
  let report: Report;
  try {
    report = await runEngine(dir, {
      package: scan.packageType,
      projectName: scan.projectName,
      signal: shutdown ? AbortSignal.any([limit.signal, shutdown]) : limit.signal,
      ...(cfg.advisoryDb ? { advisoryDb: cfg.advisoryDb } : {}),
      ...(cfg.threads ? { threads: cfg.threads } : {}),
    });
  } catch (error) {
    if (limit.signal.aborted) throw limit.signal.reason;
    throw error;
  } finally {
    clearTimeout(timer);
  }
  // The engine stops at its next checkpoint; a limit that fired during its last, synchronous steps (merge, score)
  // lets it return a report, but the scan still took longer than allowed.
  if (limit.signal.aborted) throw limit.signal.reason;
  // After the engine, with the source still on disk; bounded by its own per-scan budget (AI_MAX_TIME), not SCAN_TIMEOUT.
  // Shutdown stops the model calls; a review cut short that way is not delivered: the scan is handed back instead.
  const reviewed = await aiReviewStep(report, dir, deps.ai, logger, shutdown);
  if (shutdown?.aborted) throw shutdown.reason;
  return reviewed;
}

function toFailure(error: unknown): ScanFailure {
  if (error instanceof ScanFailure) return error;
  if (error instanceof ScanError && error.code === 'empty') return Failures.nothingToScan();
  return Failures.internal();
}
