import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { confirms, family, parseCsv, readLabels, score, type Hit, type Label } from './match';

const label: Label = { file: 'app.py', line: 10, cwe: 'CWE-89', description: '', source: '' };
const hit = (over: Partial<Hit>): Hit => ({ file: 'app.py', line: 10, cwes: ['CWE-89'], rule: 'r', ...over });

describe('label matching', () => {
  it('confirms a hit in the same file within two lines and the same CWE family', () => {
    expect(confirms(hit({ line: 12 }), label)).toBe(true);
    expect(confirms(hit({ line: 8, cwes: ['CWE-943'] }), label)).toBe(true);
    expect(confirms(hit({ line: 13 }), label)).toBe(false);
    expect(confirms(hit({ file: 'other.py' }), label)).toBe(false);
    expect(confirms(hit({ cwes: ['CWE-79'] }), label)).toBe(false);
  });

  it('keeps unlisted CWEs in a family of their own', () => {
    expect(family('CWE-78')).toBe(family('CWE-89'));
    expect(family('CWE-1234')).toBe('cwe-1234');
  });

  it('scores recall and lists the missed labels', () => {
    const other: Label = { ...label, line: 40 };
    const s = score([label, other], [hit({})]);
    expect([s.found, s.labels, s.recall]).toEqual([1, 2, 0.5]);
    expect(s.missed).toEqual([other]);
  });

  it('reads quoted CSV fields with commas', () => {
    expect(parseCsv('a,"b, c",d\n')).toEqual([['a', 'b, c', 'd']]);
  });
});

describe('committed label files', () => {
  const dir = join(import.meta.dirname, 'labels');
  const manifest = JSON.parse(readFileSync(join(import.meta.dirname, 'manifest.json'), 'utf8')) as { projects: { name: string; commit: string }[] };

  it('every manifest project has a pinned commit and a label file that parses', () => {
    const files = new Set(readdirSync(dir));
    for (const p of manifest.projects) {
      expect(p.commit).toMatch(/^[0-9a-f]{40}$/);
      expect(files.has(`${p.name}.csv`)).toBe(true);
      expect(readLabels(join(dir, `${p.name}.csv`)).length).toBeGreaterThan(0);
    }
  });
});
