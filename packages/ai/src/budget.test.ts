import { describe, expect, it } from 'vitest';
import { Budget } from './budget';

describe('Budget', () => {
  it('stops on findings, tokens and wall time, remembering the first reason', () => {
    const b = new Budget({ maxFindings: 2, maxTokens: 100, maxWallMs: 1000 }, () => 0);
    expect(b.takeFinding()).toBe(true);
    expect(b.takeFinding()).toBe(true);
    expect(b.takeFinding()).toBe(false);
    expect(b.stoppedBy).toBe('findings');
    b.spend(100);
    expect(b.exhausted()).toBe('tokens');
    expect(b.stoppedBy).toBe('findings');
  });

  it('runs out of time', () => {
    let now = 0;
    const b = new Budget({ maxFindings: 10, maxTokens: 100, maxWallMs: 1000 }, () => now);
    expect(b.exhausted()).toBeNull();
    now = 1000;
    expect(b.takeFinding()).toBe(false);
    expect(b.stoppedBy).toBe('time');
    expect(b.remainingMs()).toBe(0);
  });
});
