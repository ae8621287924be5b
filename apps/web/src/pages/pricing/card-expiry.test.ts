import { describe, expect, it } from 'vitest';
import { parseExpiry } from './card-expiry';

describe('parseExpiry', () => {
  it('reads MM/YY and MM/YYYY', () => {
    expect(parseExpiry('04/31')).toEqual({ month: 4, year: 2031 });
    expect(parseExpiry(' 4 / 2031 ')).toEqual({ month: 4, year: 2031 });
  });

  it('refuses other shapes and impossible months', () => {
    expect(parseExpiry('13/30')).toBeNull();
    expect(parseExpiry('00/30')).toBeNull();
    expect(parseExpiry('0430')).toBeNull();
    expect(parseExpiry('')).toBeNull();
  });
});
