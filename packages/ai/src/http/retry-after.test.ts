import { describe, expect, it } from 'vitest';
import { backoffDelay, parseRetryAfter } from './retry-after';

describe('parseRetryAfter', () => {
  const now = Date.parse('Wed, 21 Oct 2025 07:28:00 GMT');
  it('reads delay-seconds', () => expect(parseRetryAfter('7', now)).toBe(7000));
  it('reads an HTTP-date relative to now', () => expect(parseRetryAfter('Wed, 21 Oct 2025 07:28:30 GMT', now)).toBe(30_000));
  it('treats a past date as no wait', () => expect(parseRetryAfter('Wed, 21 Oct 2025 07:00:00 GMT', now)).toBe(0));
  it('ignores absent or unreadable values', () => {
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter('-3', now)).toBeNull();
  });
});

describe('backoffDelay', () => {
  it('grows exponentially under the cap, with jitter below the bound', () => {
    expect(backoffDelay(0, 500, 30_000, () => 0.999)).toBe(499);
    expect(backoffDelay(3, 500, 30_000, () => 0.5)).toBe(2000);
    expect(backoffDelay(10, 500, 30_000, () => 0.999)).toBe(30_000);
    expect(backoffDelay(2, 500, 30_000, () => 0)).toBe(0);
  });
});
