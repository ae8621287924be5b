import { describe, expect, it } from 'vitest';
import { findSecrets } from './find-secrets';
import type { SecretRule } from './rules';

const rule = (id: string, keywords: string[], pattern: RegExp): SecretRule => ({ id, title: id, keywords, pattern, severity: 'high', rotation: '' });

describe('findSecrets keyword prefilter', () => {
  // One search finds every rule's keywords: keywords inside or overlapping others, either case, must all count.
  const rules = [
    rule('inner', ['word'], /word=(\w{6,})/g),
    rule('outer', ['password'], /password:(\w{6,})/g),
    rule('overlap', ['rdpa'], /rdpa(\w{6,})/g),
    rule('exact', ['TOKEN'], /TOKEN=(\w{6,})/g),
    rule('absent', ['nowhere'], /(\w{6,})/g),
  ];

  it('runs each rule whose keyword occurs anywhere, overlapping keywords included', () => {
    const text = 'xpassword:Vb81Kq4Z word=Xq7Rt2Lm xxrdpaJw3Nc9Pe TOKEN=Hd5Wm2Qs';
    expect(findSecrets(text, 'a.py', { generic: true }, rules).map((h) => `${h.rule.id}:${h.value}`).sort()).toEqual([
      'exact:Hd5Wm2Qs',
      'inner:Xq7Rt2Lm',
      'outer:Vb81Kq4Z',
      'overlap:Jw3Nc9Pe',
    ]);
  });

  it('matches lower-case keywords in any case and the others exactly', () => {
    expect(findSecrets('WORD=Xq7Rt2Lm', 'a.py', { generic: true }, rules)).toEqual([]);
    expect(findSecrets('Word word=Xq7Rt2Lm', 'a.py', { generic: true }, rules).map((h) => h.value)).toEqual(['Xq7Rt2Lm']);
    expect(findSecrets('token TOKEN=Hd5Wm2Qs', 'a.py', { generic: true }, rules).map((h) => h.value)).toEqual(['Hd5Wm2Qs']);
    expect(findSecrets('token=Hd5Wm2Qs', 'a.py', { generic: true }, rules)).toEqual([]);
  });
});
