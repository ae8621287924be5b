import { describe, expect, it } from 'vitest';

import { defaultThreads, runAnalyzers, threadCount } from './run-analyzers';
import { collect } from '../collect';
import { ANALYZERS } from '../analyzers';
import { TIERS } from '../tiers';
import { tempProject } from '../testing/temp-project';
import type { AnalyzerId } from '../types';

// Worker threads load the engine from TypeScript source; on a loaded shared machine that takes a while.
const SLOW = { timeout: 180_000 };

describe('worker pool', () => {
  it('runs jobs on worker threads loaded from TypeScript source and returns plain results', SLOW, async () => {
    const p = tempProject({ 'a.py': 'x = 1\n', 'b.ts': 'export const y = 2;\n' });
    try {
      const collected = collect(p.root);
      const ids: AnalyzerId[] = ['quality', 'config'];
      const results = await runAnalyzers({
        analyzers: ids,
        base: { root: p.root, files: collected.files, plan: TIERS.pro, options: { package: 'pro', threads: 2 }, hasGit: false, scanId: 'pool-test' },
        texts: collected.texts,
      });
      expect(results.map((r) => r.analyzer).sort()).toEqual([...ids].sort());
      for (const r of results) {
        expect(r.thread).toBe('worker');
        // A registered analyzer runs in the worker; one not (yet) in the registry is an honest error, never faked.
        const registered = ANALYZERS.some((a) => a.id === r.analyzer);
        expect(r.status).toBe(registered ? 'ok' : 'error');
        if (!registered) expect(r.error).toMatch(/not part of this build/);
      }
    } finally {
      p.cleanup();
    }
  });

  it('sizes the pool to the requested threads, never more than the jobs', () => {
    expect(threadCount({ package: 'pro', threads: 8 }, 3)).toBe(3);
    expect(threadCount({ package: 'pro', threads: 1 }, 7)).toBe(1);
    expect(threadCount({ package: 'pro' }, 7)).toBeGreaterThanOrEqual(1);
  });

  it('by default uses the cores the machine is not already busy with, at least one', () => {
    expect(defaultThreads(8, 0.2)).toBe(8);
    expect(defaultThreads(8, 3.4)).toBe(5);
    expect(defaultThreads(2, 1.6)).toBe(1);
    expect(defaultThreads(2, 12)).toBe(1);
  });
});
