// The scan job: claim the row, fetch, run the engine under a time limit, store report.json + report.pdf, then
// queue the deliveries. Failures end as 'failed' with an actionable message; server-side ones are retried and,
// once the attempts are used up, refunded (exactly once, see scan-store.fail).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { scan as runEngine, ScanError, type Report } from '@duescan/engine';
import { renderPdf } from '@duescan/report';
import type { ScanRow } from '../db/schema';
import { defineJob } from '../queue/job-definition';
import type { WorkerDeps } from '../queue/worker-deps';
import { deliverEmailJob, deliverWebhookJob } from '../delivery/delivery-jobs';
import { scheduleBetaFeedback } from '../beta/beta-service';
import { fetchSource, removeSource } from './fetch-source';
import { Failures, ScanFailure } from './scan-failure';
import { SCAN_QUEUE, ZScanJob } from './scan-queue';
import { createScanStore } from './scan-store';

/** Scans this process is running now: never "stale" to our own sweep, never claimed twice here. */
export const runningScans = new Set<string>();

export const runScanJob = defineJob({
  queue: SCAN_QUEUE,
  schema: ZScanJob,
  async handle({ scanId }, deps) {
    const cfg = deps.config.scans;
    const store = createScanStore(deps.database.db);
    if (runningScans.has(scanId)) return { skipped: true };
    const scan = await store.claim(scanId, cfg.staleAfterMs);
    // Already finished, or another live worker has it: this (duplicate or expired) job has nothing to do.
    if (!scan) return { skipped: true };
    runningScans.add(scanId);
    const beat = setInterval(() => void store.heartbeat(scanId).catch(() => undefined), Math.max(250, cfg.staleAfterMs / 4));
    try {
      if (cfg.debugDelayMs > 0) await new Promise((r) => setTimeout(r, cfg.debugDelayMs));
      const report = await produceReport(scan, deps);
      const dir = path.join(cfg.reportsDir, scan.id);
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const reportJsonPath = path.join(dir, 'report.json');
      const reportPdfPath = path.join(dir, 'report.pdf');
      await writeFile(reportJsonPath, JSON.stringify(report), { mode: 0o600 });
      await writeFile(reportPdfPath, await renderPdf(report), { mode: 0o600 });
      if (await store.complete(scan.id, { score: report.score.overall, reportPdfPath, reportJsonPath })) {
        await queueDeliveries(scan, deps);
        // The beta feedback mail is a courtesy: failing to queue it must never touch the finished scan.
        if (deps.boss) {
          await scheduleBetaFeedback(deps.database, deps.boss, scan.userId, deps.config.commerce.betaFeedbackDelayMs).catch((err: unknown) =>
            deps.logger.error({ scanId, err }, 'could not queue the beta feedback e-mail'),
          );
        }
      }
      await removeSource(scan, cfg, true);
      return { completed: true };
    } catch (error) {
      const failure = toFailure(error);
      const retry = failure.transient && scan.attempts < cfg.maxAttempts;
      if (retry) {
        deps.logger.warn({ scanId, attempt: scan.attempts, err: error }, 'scan attempt failed; it will be retried');
        await store.release(scan.id);
        await removeSource(scan, cfg, false);
        throw error;
      }
      if (failure.kind === 'server') deps.logger.error({ scanId, err: error }, 'scan failed on the server side; credit refunded');
      await store.fail(scan.id, failure.message, failure.refund);
      await removeSource(scan, cfg, true);
      await queueDeliveries(scan, deps);
      return { failed: failure.message };
    } finally {
      clearInterval(beat);
      runningScans.delete(scanId);
    }
  },
});

async function produceReport(scan: ScanRow, deps: WorkerDeps): Promise<Report> {
  const cfg = deps.config.scans;
  if (scan.sourceKind === 'cli') {
    const text = await readFile(scan.sourceRef!, 'utf8').catch(() => null);
    if (text === null) throw new ScanFailure('The uploaded report is no longer available; upload it again', 'server');
    return JSON.parse(text) as Report;
  }
  const dir = await fetchSource(scan, cfg).catch((error: unknown) => {
    throw error instanceof ScanFailure ? error.beforeAnalysis() : error;
  });
  // The time limit stops the engine itself (its worker threads are terminated), so a timed-out scan stops using
  // CPU; the job fails once the engine has stopped, with the timeout as the reason.
  const limit = new AbortController();
  const timer = setTimeout(() => limit.abort(Failures.timedOut(cfg.timeoutMs)), cfg.timeoutMs);
  try {
    return await runEngine(dir, {
      package: scan.packageType,
      projectName: scan.projectName,
      signal: limit.signal,
      ...(cfg.advisoryDb ? { advisoryDb: cfg.advisoryDb } : {}),
      ...(cfg.threads ? { threads: cfg.threads } : {}),
    });
  } catch (error) {
    if (limit.signal.aborted) throw limit.signal.reason;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

function toFailure(error: unknown): ScanFailure {
  if (error instanceof ScanFailure) return error;
  if (error instanceof ScanError && error.code === 'empty') return Failures.nothingToScan();
  return Failures.internal();
}

async function queueDeliveries(scan: ScanRow, deps: WorkerDeps): Promise<void> {
  if (!deps.boss) return;
  const cfg = deps.config.scans;
  await deps.boss.send(deliverEmailJob.queue, { scanId: scan.id });
  if (scan.webhookUrl) {
    await deps.boss.send(deliverWebhookJob.queue, { scanId: scan.id }, {
      retryLimit: cfg.webhookRetryLimit,
      retryDelay: cfg.webhookRetryDelaySeconds,
      retryBackoff: true,
    });
  }
}
