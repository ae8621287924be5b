import { describe, expect, it } from 'vitest';
import { selectFindings } from './select';
import { CMDI, IDOR, LOW, SQLI } from './testing/fixture-report';

const mediums = Array.from({ length: 400 }, (_, i) => ({ ...CMDI, id: `medium-${i}`, severity: 'medium' as const }));

describe('selectFindings', () => {
  it('takes every critical and high finding, most severe first, and no low', () => {
    expect(selectFindings([LOW, CMDI, SQLI], 'pro', { mediumSampleRate: 0 }).map((s) => s.finding.id)).toEqual([SQLI.id, CMDI.id]);
  });

  it('samples mediums by id: about the rate, and the same ones every time', () => {
    const a = selectFindings(mediums, 'pro', { mediumSampleRate: 0.25 }).map((s) => s.finding.id);
    const b = selectFindings([...mediums].reverse(), 'pro', { mediumSampleRate: 0.25 }).map((s) => s.finding.id);
    expect(a.length).toBeGreaterThan(70);
    expect(a.length).toBeLessThan(130);
    expect(new Set(b)).toEqual(new Set(a));
  });

  it('reviews access-control IDOR routes with their own prompt on Enterprise and Ultra only', () => {
    expect(selectFindings([IDOR], 'enterprise', { mediumSampleRate: 0 })).toEqual([{ finding: IDOR, kind: 'idor' }]);
    expect(selectFindings([IDOR], 'ultra', { mediumSampleRate: 0 })).toEqual([{ finding: IDOR, kind: 'idor' }]);
    expect(selectFindings([IDOR], 'pro', { mediumSampleRate: 0 })).toEqual([]);
  });
});
