import { describe, expect, it } from 'vitest';
import { normalizeOsvRecord } from './normalize-osv';

const record = (fields: Record<string, unknown>) => ({
  id: 'PYSEC-2021-0001',
  affected: [{ package: { ecosystem: 'PyPI', name: 'tensorflow' }, ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '2.6.0' }] }] }],
  ...fields,
});
const titleOf = (fields: Record<string, unknown>) => normalizeOsvRecord(record(fields))[0]!.advisory.summary;

describe('advisory titles (what dependency findings are titled with)', () => {
  it('uses the OSV summary when there is one', () => {
    expect(titleOf({ summary: 'Division by zero in FractionalAvgPool', details: 'TensorFlow is an open source platform. More.' })).toBe('Division by zero in FractionalAvgPool');
  });

  it('skips a first sentence that only describes the package and takes the first one about the flaw', () => {
    const details = 'TensorFlow is an end-to-end open source platform for machine learning. An attacker can cause a runtime division by zero error in `tf.raw_ops.FractionalAvgPool`. This is fixed in 2.6.0.';
    expect(titleOf({ details })).toBe('An attacker can cause a runtime division by zero error in `tf.raw_ops.FractionalAvgPool`.');
  });

  it('keeps a first sentence that names the flaw, even in "X is a ..." form', () => {
    expect(titleOf({ details: 'Jinja2 is a template engine that allows sandbox escape via crafted templates. Details follow.' })).toBe(
      'Jinja2 is a template engine that allows sandbox escape via crafted templates.',
    );
    expect(titleOf({ details: 'Directory traversal vulnerability in CherryPy before 2.1.1 allows remote attackers to read files.' })).toMatch(/^Directory traversal/);
  });
});
