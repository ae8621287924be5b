import { describe, expect, it } from 'vitest';
import { isRepetitive } from './value-checks';

describe('isRepetitive', () => {
  it('finds filler made of one short unit repeated', () => {
    expect(isRepetitive('$2a$10$S.m6.v.m6.v.m6.v.m6.v.m6.v.m6.v.m6.v.m6.v.m6.v.m6.v.m6')).toBe(true);
    expect(isRepetitive('abcabcabcabcabcabc')).toBe(true);
    expect(isRepetitive('xxxxxxxxxxxxxxxxxxxx')).toBe(true);
  });

  it('leaves random keys and short values alone', () => {
    expect(isRepetitive('sk_live_4eC39HqLyjWDarjtT1zdp7dc')).toBe(false);
    expect(isRepetitive('q8Xv3Lr9Tn2Wm5Ky7Pb4Hd6Jf1Sg0Ca')).toBe(false);
    expect(isRepetitive('aaaa')).toBe(false);
  });
});
