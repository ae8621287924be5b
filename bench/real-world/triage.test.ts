import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadManifest } from './manifest';
import { formatTriage, mediumSample, parseTriage, placeholderRow, precision, splitCsvLine, tally, TRIAGE_HEADER, TriageError, type FindingLike } from './triage';

const finding = (id: string, severity = 'medium', line = 3): FindingLike => ({ id, ruleId: 'py.sqli', severity, location: { file: 'app/x.py', startLine: line } });

describe('triage CSV', () => {
  it('round-trips quoted reasons with commas and quotes', () => {
    const rows = [{ ...placeholderRow(finding('a1', 'high')), verdict: 'false' as const, reason: 'escaped by "esc()", then, joined' }];
    const parsed = parseTriage(formatTriage(rows), 't.csv');
    expect(parsed.get('a1')).toEqual(rows[0]);
    expect(splitCsvLine('a,"b,c",d')).toEqual(['a', 'b,c', 'd']);
  });

  it('rejects a bad header, a bad verdict, a verdict without reason and a duplicate id', () => {
    expect(() => parseTriage('id,rule\n', 't.csv')).toThrow(TriageError);
    expect(() => parseTriage(`${TRIAGE_HEADER}\na,r,high,f:1,maybe,x\n`, 't.csv')).toThrow(/verdict must be/);
    expect(() => parseTriage(`${TRIAGE_HEADER}\na,r,high,f:1,true,\n`, 't.csv')).toThrow(/reason/);
    expect(() => parseTriage(`${TRIAGE_HEADER}\na,r,high,f:1,true,x\na,r,high,f:1,false,y\n`, 't.csv')).toThrow(/twice/);
  });

  it('keeps an empty verdict as untriaged', () => {
    const rows = parseTriage(`${TRIAGE_HEADER}\na,r,high,f:1,,\nb,r,high,f:2,true,reachable\n`, 't.csv');
    expect(tally([finding('a', 'high'), finding('b', 'high'), finding('c', 'high')], rows)).toEqual({ true: 1, false: 0, debatable: 0, untriaged: 2 });
  });

  it('writes a project-level finding (line 0) without ":0"', () => {
    expect(placeholderRow(finding('p', 'high', 0)).location).toBe('app/x.py');
  });
});

describe('mediumSample', () => {
  const mediums = Array.from({ length: 50 }, (_, i) => finding(`m${i}`));

  it('is deterministic per seed, of the requested size, and differs between seeds', () => {
    const a = mediumSample('proj', mediums, new Map()).map((f) => f.id);
    expect(a).toHaveLength(20);
    expect(mediumSample('proj', [...mediums].reverse(), new Map()).map((f) => f.id).sort()).toEqual([...a].sort());
    expect(mediumSample('other', mediums, new Map()).map((f) => f.id).sort()).not.toEqual([...a].sort());
  });

  it('keeps triaged mediums in the sample and stays stable when unrelated findings appear', () => {
    const first = mediumSample('proj', mediums, new Map());
    const triaged = parseTriage(`${TRIAGE_HEADER}\nm49,r,medium,f:1,false,not reachable\n`, 't.csv');
    const second = mediumSample('proj', [...mediums, finding('new1'), finding('new2')], triaged).map((f) => f.id);
    expect(second).toContain('m49');
    expect(second).toHaveLength(20);
    // Only ids ranking ahead of an old member can push it out; most of the old sample survives.
    expect(first.filter((f) => second.includes(f.id)).length).toBeGreaterThanOrEqual(17);
  });

  it('ignores non-medium findings', () => {
    expect(mediumSample('proj', [finding('h', 'high'), finding('l', 'low')], new Map())).toEqual([]);
  });
});

describe('precision', () => {
  it('is true over triaged, debatable counted as triaged; null when nothing is triaged', () => {
    expect(precision({ true: 3, false: 5, debatable: 2, untriaged: 9 })).toBeCloseTo(0.3);
    expect(precision({ true: 0, false: 0, debatable: 0, untriaged: 4 })).toBeNull();
  });
});

describe('committed triage files', () => {
  const dir = join(import.meta.dirname, 'triage');
  const names = new Set(loadManifest().map((p) => p.name));

  it('each parses, belongs to a manifest project and gives every row a verdict and reason', () => {
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.csv'))) {
      expect(names.has(file.replace(/\.csv$/, '')), file).toBe(true);
      const rows = parseTriage(readFileSync(join(dir, file), 'utf8'), file);
      for (const row of rows.values()) expect(row.verdict, `${file} ${row.id}`).not.toBe('');
    }
  });
});
