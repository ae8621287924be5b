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
  ])('accepts %s', (re) => expect(isReDoSVulnerable(re)).toBe(false));

  it('treats full-match APIs as anchored at the end', () => {
    expect(isReDoSVulnerable('(a+)+', true)).toBe(true);
    expect(isReDoSVulnerable('(a+)+', false)).toBe(false);
  });
});
