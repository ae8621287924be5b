import { describe, expect, it } from 'vitest';
import type { CompactAdvisory } from '../types';
import { advisorySeverity, severityFromScore } from './severity';

const base: CompactAdvisory = { id: 'X', aliases: [], summary: '', modified: '', ranges: [], versions: [], cwe: [], references: [] };
const V3_CRITICAL = 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H'; // 9.8
const V4_CRITICAL = 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N'; // 9.3
const V4_HIGH = 'CVSS:4.0/AV:N/AC:H/AT:N/PR:N/UI:N/VC:N/VI:H/VA:H/SC:N/SI:N/SA:N'; // 8.3
const V4_BROKEN = 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H'; // subsequent-system metrics missing

describe('severityFromScore', () => {
  it('follows the qualitative scale shared by CVSS v3.x and v4.0, at each band edge', () => {
    const scores = [0, 0.1, 3.9, 4, 6.9, 7, 8.9, 9, 10];
    expect(scores.map(severityFromScore)).toEqual(['info', 'low', 'low', 'medium', 'medium', 'high', 'high', 'critical', 'critical']);
  });
});

describe('advisorySeverity', () => {
  it('scores a v4-only advisory from its vector instead of the database label', () => {
    expect(advisorySeverity({ ...base, cvssV4: V4_CRITICAL, severityLabel: 'MODERATE' })).toEqual({
      severity: 'critical',
      cvssScore: 9.3,
      cvssVector: V4_CRITICAL,
    });
  });

  it('lets v4 set the severity when both are published, and keeps the v3 score beside it', () => {
    // v3 alone would say critical (9.8); the v4 assessment says high (8.3).
    expect(advisorySeverity({ ...base, cvssV3: V3_CRITICAL, cvssV4: V4_HIGH, severityLabel: 'CRITICAL' })).toEqual({
      severity: 'high',
      cvssScore: 8.3,
      cvssVector: V4_HIGH,
      cvssV3Score: 9.8,
      cvssV3Vector: V3_CRITICAL,
    });
  });

  it('falls back to v3 when the v4 vector is invalid', () => {
    expect(advisorySeverity({ ...base, cvssV3: V3_CRITICAL, cvssV4: V4_BROKEN })).toEqual({ severity: 'critical', cvssScore: 9.8, cvssVector: V3_CRITICAL });
  });

  it('keeps a valid v4 score when the v3 vector is invalid, without a v3 score', () => {
    expect(advisorySeverity({ ...base, cvssV3: 'CVSS:3.1/AV:N', cvssV4: V4_HIGH })).toEqual({ severity: 'high', cvssScore: 8.3, cvssVector: V4_HIGH });
  });

  it('uses the database label, then medium, when no vector scores; invalid vectors are not passed on', () => {
    expect(advisorySeverity({ ...base, cvssV4: V4_BROKEN, severityLabel: 'low' })).toEqual({ severity: 'low' });
    expect(advisorySeverity({ ...base, cvssV3: 'CVSS:3.1/AV:N', cvssV4: V4_BROKEN })).toEqual({ severity: 'medium' });
    expect(advisorySeverity(base)).toEqual({ severity: 'medium' });
  });

  it('still scores v3-only advisories as before', () => {
    expect(advisorySeverity({ ...base, cvssV3: V3_CRITICAL, severityLabel: 'LOW' })).toEqual({ severity: 'critical', cvssScore: 9.8, cvssVector: V3_CRITICAL });
  });
});
