import { describe, expect, it } from 'vitest';
import { disambiguateIds, fingerprint } from './fingerprint';
import { makeFinding } from './testing/make-finding';

describe('fingerprint', () => {
  it('is deterministic and 16 hex characters', () => {
    const a = fingerprint('js.xss.inner-html', 'src/a.ts', 'el.innerHTML = input');
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(fingerprint('js.xss.inner-html', 'src/a.ts', 'el.innerHTML = input')).toBe(a);
  });

  it('ignores whitespace changes (re-indentation) but not content, rule or file', () => {
    const base = fingerprint('r', 'f.py', 'cursor.execute("SELECT " + id)');
    expect(fingerprint('r', 'f.py', '    cursor.execute("SELECT " +   id)\n')).toBe(base);
    expect(fingerprint('r', 'f.py', 'cursor.execute("SELECT " + name)')).not.toBe(base);
    expect(fingerprint('r2', 'f.py', 'cursor.execute("SELECT " + id)')).not.toBe(base);
    expect(fingerprint('r', 'g.py', 'cursor.execute("SELECT " + id)')).not.toBe(base);
  });

  it('does not depend on the line number, so findings keep their id when code moves', () => {
    const before = makeFinding({ key: 'eval(x)', location: { file: 'a.js', startLine: 10, endLine: 10 } });
    const after = makeFinding({ key: 'eval(x)', location: { file: 'a.js', startLine: 42, endLine: 42 } });
    expect(after.id).toBe(before.id);
  });

  it('gives repeated identical findings distinct ids by occurrence, keeping the first one stable', () => {
    const one = makeFinding({ key: 'eval(x)', location: { file: 'a.js', startLine: 5, endLine: 5 } });
    const two = makeFinding({ key: 'eval(x)', location: { file: 'a.js', startLine: 9, endLine: 9 } });
    const ids = disambiguateIds([two, one]).map((f) => f.id);
    expect(new Set(ids).size).toBe(2);
    expect(ids[1]).toBe(one.id); // the earlier occurrence keeps the plain fingerprint
    // Shifting both down keeps both ids.
    const shifted = disambiguateIds([
      { ...one, location: { ...one.location, startLine: 15, endLine: 15 } },
      { ...two, location: { ...two.location, startLine: 19, endLine: 19 } },
    ]).map((f) => f.id);
    expect(shifted).toEqual([ids[1], ids[0]]);
  });
});
