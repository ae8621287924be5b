// The process's shutdown state, shared by the HTTP side (readiness) and the worker (job tracking, hand-back).
// Built once per runtime in start.ts; nothing here touches the database or the queue.

/** The reason running scans are aborted with when the shutdown grace period runs out. */
export class ShutdownRelease extends Error {
  override name = 'ShutdownRelease';
  constructor() {
    super('The worker is shutting down; the scan goes back to the queue for another worker');
  }
}

/** Thrown for a job that arrives after draining began: pg-boss retries it, on another worker. */
export class WorkerDraining extends Error {
  override name = 'WorkerDraining';
  constructor() {
    super('This worker is shutting down and takes no new jobs; the job will be retried');
  }
}

export interface Lifecycle {
  /** True from the first moment of shutdown: readiness answers 503, new jobs are refused. */
  readonly draining: boolean;
  /** Jobs running in this process now. */
  readonly activeJobs: number;
  /** Aborted (reason: ShutdownRelease) when the grace period is over: running scans stop and are handed back. */
  readonly releaseSignal: AbortSignal;
  beginDrain(): void;
  releaseRunning(): void;
  /** Runs one job, counted as active; refuses it while draining. */
  track<T>(job: () => Promise<T>): Promise<T>;
  /** Resolves true once no job is active, false when `ms` passed first. */
  waitIdle(ms: number): Promise<boolean>;
}

export function createLifecycle(): Lifecycle {
  let draining = false;
  let active = 0;
  let idleWaiters: (() => void)[] = [];
  const release = new AbortController();
  return {
    get draining() {
      return draining;
    },
    get activeJobs() {
      return active;
    },
    releaseSignal: release.signal,
    beginDrain() {
      draining = true;
    },
    releaseRunning() {
      if (!release.signal.aborted) release.abort(new ShutdownRelease());
    },
    async track(job) {
      if (draining) throw new WorkerDraining();
      active += 1;
      try {
        return await job();
      } finally {
        active -= 1;
        if (active === 0) for (const wake of idleWaiters.splice(0)) wake();
      }
    },
    waitIdle(ms) {
      if (active === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          idleWaiters = idleWaiters.filter((w) => w !== wake);
          resolve(false);
        }, ms);
        const wake = () => {
          clearTimeout(timer);
          resolve(true);
        };
        idleWaiters.push(wake);
      });
    },
  };
}
