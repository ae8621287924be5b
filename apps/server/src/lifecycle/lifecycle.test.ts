import { describe, expect, it } from 'vitest';
import { ShutdownRelease, WorkerDraining, createLifecycle } from './lifecycle';
import { READINESS_MESSAGES, checkReadiness } from './readiness';

describe('lifecycle', () => {
  it('counts running jobs and wakes the waiter when the last one ends', async () => {
    const lifecycle = createLifecycle();
    let finish!: () => void;
    const job = lifecycle.track(() => new Promise<string>((resolve) => (finish = () => resolve('done'))));
    expect(lifecycle.activeJobs).toBe(1);
    const idle = lifecycle.waitIdle(5_000);
    finish();
    await expect(job).resolves.toBe('done');
    await expect(idle).resolves.toBe(true);
    expect(lifecycle.activeJobs).toBe(0);
  });

  it('reports a timeout when jobs are still running after the wait', async () => {
    const lifecycle = createLifecycle();
    void lifecycle.track(() => new Promise(() => undefined));
    await expect(lifecycle.waitIdle(20)).resolves.toBe(false);
  });

  it('refuses jobs once draining, so pg-boss retries them on another worker', async () => {
    const lifecycle = createLifecycle();
    lifecycle.beginDrain();
    let ran = false;
    await expect(lifecycle.track(async () => (ran = true))).rejects.toBeInstanceOf(WorkerDraining);
    expect(ran).toBe(false);
  });

  it('aborts the release signal once, with ShutdownRelease as the reason', () => {
    const lifecycle = createLifecycle();
    expect(lifecycle.releaseSignal.aborted).toBe(false);
    lifecycle.releaseRunning();
    lifecycle.releaseRunning();
    expect(lifecycle.releaseSignal.reason).toBeInstanceOf(ShutdownRelease);
  });
});

describe('readiness', () => {
  const database = (ok: boolean) => ({
    kind: 'postgres' as const,
    executeSql: async () => {
      if (!ok) throw new Error('connection refused');
      return { rows: [] };
    },
  });

  it('is ready when the database answers and the process is not draining', async () => {
    await expect(checkReadiness({ database: database(true), lifecycle: { draining: false }, queue: 'up' })).resolves.toEqual({
      ready: true,
      body: { status: 'ready', database: 'postgres', queue: 'up' },
    });
  });

  it('is not ready while draining or without a database', async () => {
    await expect(checkReadiness({ database: database(true), lifecycle: { draining: true }, queue: 'up' })).resolves.toEqual({
      ready: false,
      detail: READINESS_MESSAGES.draining,
    });
    await expect(checkReadiness({ database: database(false), queue: 'off' })).resolves.toEqual({
      ready: false,
      detail: READINESS_MESSAGES.database,
    });
  });
});
