import { describe, expect, it } from 'vitest';
import { describeDuration } from './duration-text';
import { toMs } from './config/scan-config';

describe('describeDuration', () => {
  it.each([
    ['1ms', '1 millisecond'],
    ['1500ms', '1500 milliseconds'],
    ['3s', '3 seconds'],
    ['90s', '90 seconds'],
    ['1m', '1 minute'],
    ['30m', '30 minutes'],
    ['24h', '24 hours'],
    ['36h', '36 hours'],
    ['2d', '48 hours'],
    ['7d', '7 days'],
    ['14d', '14 days'],
  ])('%s reads "%s"', (value, text) => {
    expect(describeDuration(toMs(value))).toBe(text);
  });
  it('refuses what is not a duration', () => {
    expect(() => describeDuration(-1)).toThrow();
    expect(() => describeDuration(1.5)).toThrow();
  });
});
