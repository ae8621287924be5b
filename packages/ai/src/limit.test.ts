import { describe, expect, it } from 'vitest';
import { limiter } from './limit';

describe('limiter', () => {
  it('never runs more than the limit at once, even when newcomers arrive as a slot frees up', async () => {
    const run = limiter(2);
    let inFlight = 0;
    let peak = 0;
    const task = (ms: number) => async () => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, ms));
      inFlight--;
      return ms;
    };
    const first = [run(task(5)), run(task(10)), run(task(5))];
    // Newcomers queued while the first ones finish.
    await first[0];
    const more = [run(task(1)), run(task(1)), run(task(1))];
    expect(await Promise.all([...first, ...more])).toEqual([5, 10, 5, 1, 1, 1]);
    expect(peak).toBe(2);
  });

  it('frees the slot when a task throws', async () => {
    const run = limiter(1);
    await expect(run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await run(async () => 'next')).toBe('next');
  });
});
