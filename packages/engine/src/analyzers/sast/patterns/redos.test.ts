import { describe, expect, it } from 'vitest';
import { isReDoSVulnerable } from './redos';

describe('isReDoSVulnerable', () => {
  it.each([
    '(a+)+$',
    '^(a*)*b',
    '(\\w+\\s?)*$',
    '^(\\w|\\d)+$',
    '(.*a){1,}x',
    '\\b(\\w+\\s?)+\\b!',
    '^([a-zA-Z0-9_.-]+)+@',
    '(x+x+)+y',
    '^(([a-z])+.)+[A-Z]([a-z])+$',
    '(?:a|a)*$',
    '^(\\d+)*$',
  ])('flags %s', (re) => expect(isReDoSVulnerable(re)).toBe(true));

  it.each([
    '^[a-z]+$',
    '(\\d+\\.)+\\d+',
    '^(\\w+\\s)+$',
    '^([a-z0-9_.-]+)@([a-z0-9.-]+)\\.([a-z]{2,6})$',
    '(a|b)+',
    '(?>a+)+b',
    '(a++)+b',
    '^\\s*,\\s*(\\w+)*?$'.replace('(\\w+)*?', '\\w+'),
    '[(a+)+]',
    '\\(a+\\)+',
    '^(?:[^"\\\\]|\\\\.)*$',
    '(?:\\s*,?\\s*(?:WITHOUT\\s+ROWID|STRICT))*$',
    '^(?:\\s|\\/\\*[\\s\\S]*?\\*\\/)*',
    '^([.-]|[^a-z0-9_-])+',
    '(a+)+',
    // a backreference to a one-character group is that character: it separates the whitespace runs (markdown rule)
    '^\\s{0,3}([-*_])\\s*(\\1\\s*){2,}$',
  ])('accepts %s', (re) => expect(isReDoSVulnerable(re)).toBe(false));

  it('keeps a backreference to a longer or overlapping group ambiguous', () => {
    expect(isReDoSVulnerable('^(\\s)\\s*(\\1\\s*){2,}x$')).toBe(true);
    expect(isReDoSVulnerable('^(\\w+)-(\\1\\w*){2,}x$')).toBe(true);
  });

  it('reads non-ASCII ranges and escaped range ends precisely (the common URL-validation regexes)', () => {
    // disjoint alternatives: a literal '-' and a range written with \u escapes; two different non-ASCII ranges
    expect(isReDoSVulnerable(String.raw`^(-|[\u00A0-\uD7FF])*$`)).toBe(false);
    expect(isReDoSVulnerable(String.raw`^([\u00A0-\uD7FF]|[\uF900-\uFDCF])*$`)).toBe(false);
    expect(isReDoSVulnerable(String.raw`^(([a-z]|\d|_|[\u00A0-\uD7FF\uF900-\uFDCF])([a-z]|\d|-|\.|_|~|[\u00A0-\uD7FF\uF900-\uFDCF])*)?([a-z]|\d|[\u00A0-\uD7FF])$`)).toBe(false);
    // overlapping non-ASCII ranges, and a negated class that contains the other alternative, still are
    expect(isReDoSVulnerable(String.raw`^([\u00A0-\uD7FF]|[\u00B0-\uF900])*$`)).toBe(true);
    expect(isReDoSVulnerable('^([^a]|é)*$')).toBe(true);
  });

  it('treats full-match APIs as anchored at the end', () => {
    expect(isReDoSVulnerable('(a+)+', true)).toBe(true);
    expect(isReDoSVulnerable('(a+)+', false)).toBe(false);
  });
});
