// An advisory with no `fixed` event whose database_specific data says the installed version is patched (or is
// past the last affected one) must not be reported; the nearest case, a version the same data calls affected, is.
import { describe, expect, it } from 'vitest';
import { isAffected } from './affected';
import { normalizeOsvRecord } from './normalize-osv';
import { satisfiesAdvisoryRange } from './patched-range';

const record = (databaseSpecific: Record<string, string>, events: Record<string, string>[] = [{ introduced: '0' }]) => ({
  id: 'GHSA-test-patc-hed0',
  modified: '2024-01-01T00:00:00Z',
  summary: 'Test advisory without a fixed event',
  affected: [{ package: { ecosystem: 'npm', name: 'left-pad' }, ranges: [{ type: 'ECOSYSTEM', events }], database_specific: databaseSpecific }],
});

const advisoryOf = (raw: unknown) => normalizeOsvRecord(raw)[0]!.advisory;

describe('advisory range expressions', () => {
  it('evaluates comparators, alternatives and spacing as advisory databases write them', () => {
    expect(satisfiesAdvisoryRange('npm', '>=2.0.3', '2.0.3')).toBe(true);
    expect(satisfiesAdvisoryRange('npm', '>= 2.0.3', '2.0.2')).toBe(false);
    expect(satisfiesAdvisoryRange('npm', '>=1.4.2 <2.0.0 || >=2.1.0', '1.5.0')).toBe(true);
    expect(satisfiesAdvisoryRange('npm', '>=1.4.2 <2.0.0 || >=2.1.0', '2.0.5')).toBe(false);
    expect(satisfiesAdvisoryRange('PyPI', '<= 1.2', '1.2.0')).toBe(true);
    expect(satisfiesAdvisoryRange('npm', 'no fix', '1.0.0')).toBeNull();
  });
});

describe('isAffected with database_specific patch data', () => {
  it('patched_versions closes an open range: the patched version is not reported, an older one is', () => {
    const advisory = advisoryOf(record({ patched_versions: '>=2.0.3' }));
    expect(advisory.patched).toBe('>=2.0.3');
    expect(isAffected('npm', advisory, '2.1.0')).toBe(false);
    expect(isAffected('npm', advisory, '2.0.2')).toBe(true);
  });

  it('last_known_affected_version_range closes it too', () => {
    const advisory = advisoryOf(record({ last_known_affected_version_range: '<= 1.3.0' }, [{ introduced: '1.0.0' }]));
    expect(isAffected('npm', advisory, '1.3.1')).toBe(false);
    expect(isAffected('npm', advisory, '1.3.0')).toBe(true);
  });

  it('a published fixed event stays authoritative, and unreadable patch data is no excuse to drop a match', () => {
    const fixed = advisoryOf(record({ patched_versions: '>=1.0.0' }, [{ introduced: '0' }, { fixed: '2.0.0' }]));
    expect(isAffected('npm', fixed, '1.5.0')).toBe(true);
    const unreadable = advisoryOf(record({ patched_versions: 'see vendor notice' }));
    expect(isAffected('npm', unreadable, '9.9.9')).toBe(true);
  });
});

describe('isAffected when the explicit versions list names the release the range fixes', () => {
  it("the range's fix release is not affected; a version the list names below it still is (PYSEC's generated lists)", () => {
    const raw = {
      id: 'PYSEC-test-fix',
      modified: '2024-01-01T00:00:00Z',
      summary: 'Test advisory whose versions list names its fix release',
      affected: [
        {
          package: { ecosystem: 'PyPI', name: 'gevent' },
          ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '23.9.0' }] }],
          versions: ['23.7.0', '23.9.0', '23.9.0.post1', '23.10.0'],
        },
      ],
    };
    const advisory = advisoryOf(raw);
    expect(isAffected('PyPI', advisory, '23.9.0')).toBe(false);
    expect(isAffected('PyPI', advisory, '23.7.0')).toBe(true);
    // a post-release of the fix release repackages the fixed code
    expect(isAffected('PyPI', advisory, '23.9.0.post1')).toBe(false);
    // a listed version beyond the range that is not the fix release (or a post-release of it) keeps the list's word
    expect(isAffected('PyPI', advisory, '23.10.0')).toBe(true);
  });
});
