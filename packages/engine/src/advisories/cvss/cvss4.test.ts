import { describe, expect, it } from 'vitest';
import { cvss4BaseScore } from './cvss4';

describe('cvss4BaseScore', () => {
  // Expected values from the FIRST CVSS v4.0 calculator's reference implementation (cvss40.js of
  // RedHatProductSecurity/cvss-v4-calculator at d1eafe0, which FIRST names as the origin of its calculator), run on
  // each vector. 6.1 is the FIRST value Red Hat's calculator once got wrong (5.9, their issue #53); 8.6 is one of
  // the 522 base vectors whose score lies on an x.x5 tie and that older copies of the calculator round down to 8.5
  // (their issue #66, fixed 2024-11-01).
  it.each([
    ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:H/SI:H/SA:H', 10],
    ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N', 9.3],
    ['CVSS:4.0/AV:L/AC:L/AT:N/PR:L/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N', 8.5],
    ['CVSS:4.0/AV:N/AC:L/AT:P/PR:N/UI:N/VC:H/VI:L/VA:L/SC:N/SI:N/SA:N', 8.3],
    ['CVSS:4.0/AV:N/AC:H/AT:N/PR:N/UI:N/VC:N/VI:H/VA:H/SC:N/SI:N/SA:N', 8.3],
    ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:N/VI:N/VA:N/SC:H/SI:H/SA:H', 7.9],
    ['CVSS:4.0/AV:N/AC:L/AT:P/PR:N/UI:P/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N', 7.7],
    ['CVSS:4.0/AV:L/AC:L/AT:P/PR:L/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N', 7.3],
    ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:L/VI:L/VA:L/SC:N/SI:N/SA:N', 6.9],
    ['CVSS:4.0/AV:A/AC:L/AT:P/PR:N/UI:N/VC:H/VI:L/VA:L/SC:N/SI:N/SA:N', 6.1],
    ['CVSS:4.0/AV:N/AC:L/AT:N/PR:L/UI:N/VC:N/VI:L/VA:N/SC:N/SI:N/SA:N', 5.3],
    ['CVSS:4.0/AV:L/AC:L/AT:N/PR:N/UI:A/VC:L/VI:N/VA:N/SC:N/SI:N/SA:N', 4.6],
    ['CVSS:4.0/AV:N/AC:H/AT:P/PR:L/UI:P/VC:L/VI:L/VA:N/SC:N/SI:N/SA:N', 2.1],
    ['CVSS:4.0/AV:P/AC:H/AT:P/PR:H/UI:A/VC:L/VI:N/VA:N/SC:N/SI:N/SA:N', 1],
    ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:N/VI:N/VA:N/SC:N/SI:N/SA:N', 0],
    ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:P/VC:H/VI:L/VA:N/SC:H/SI:H/SA:H', 8.6],
  ])('%s -> %s', (vector, score) => {
    expect(cvss4BaseScore(vector)).toBe(score);
  });

  it('scores the base metrics only: threat, environmental and supplemental metrics do not change it', () => {
    const base = 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N';
    // With E:U the FIRST calculator's CVSS-BT score is 8.1; the base score stays 9.3, as v3 ignores temporal metrics.
    expect(cvss4BaseScore(`${base}/E:U`)).toBe(9.3);
    expect(cvss4BaseScore(`${base}/E:P/CR:H/MAV:L/MSI:S/S:P/AU:Y/R:I/V:C/RE:H/U:Red`)).toBe(9.3);
  });

  it('accepts base metrics out of order (unambiguous) and surrounding whitespace', () => {
    expect(cvss4BaseScore(' CVSS:4.0/AC:L/AV:N/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N ')).toBe(9.3);
  });

  it('rejects incomplete, malformed and foreign vectors instead of scoring them', () => {
    for (const vector of [
      'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N', // SA missing (the library would say 0)
      'CVSS:4.0/AV:X/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N', // X is not a base value
      'CVSS:4.0/AV:N/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N', // repeated metric
      'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N/E:Q', // bad threat value
      'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N/ZZ:N', // unknown metric
      'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N/', // empty part
      'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N:N',
      'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N/__proto__:X',
      'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
      'CVSS:4.1/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N',
      'AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N',
      'garbage',
      '',
    ]) {
      expect(cvss4BaseScore(vector), vector).toBeNull();
    }
  });
});
