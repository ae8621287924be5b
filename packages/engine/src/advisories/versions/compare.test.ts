import { describe, expect, it } from 'vitest';
import { comparatorFor, sameVersion } from './compare';
import { compareMavenVersions } from './maven-version';

describe('Maven version ordering', () => {
  it.each([
    ['1.0', '1.0.0', 0],
    ['1-final', '1', 0],
    ['2.0-beta9', '2.0', -1],
    ['2.0-alpha1', '2.0-beta1', -1],
    ['2.0-rc1', '2.0-SNAPSHOT', -1],
    ['2.0-SNAPSHOT', '2.0', -1],
    ['2.0', '2.0-sp1', -1],
    ['2.9', '2.10', -1],
    ['2.12.1', '2.12.2', -1],
    ['1.0-rc1', '1.0.1', -1],
    ['5.3.18', '5.3.9', 1],
  ])('%s vs %s = %s', (a, b, expected) => {
    expect(Math.sign(compareMavenVersions(a, b))).toBe(expected);
    expect(Math.sign(compareMavenVersions(b, a))).toBe(-expected || 0);
  });
});

describe('ecosystem comparators', () => {
  it('orders PEP 440 versions including pre and post releases', () => {
    const cmp = comparatorFor('PyPI');
    expect(cmp('2.2.0rc1', '2.2')).toBe(-1);
    expect(cmp('2.2.post1', '2.2')).toBe(1);
    expect(cmp('1.0', '1.0.0')).toBe(0);
    expect(cmp('not a version', '1.0')).toBeNull();
    expect(sameVersion('PyPI', '2.2', '2.2.0')).toBe(true);
  });
  it('orders npm versions by semver and refuses garbage', () => {
    const cmp = comparatorFor('npm');
    expect(cmp('4.17.15', '4.17.19')).toBe(-1);
    expect(cmp('1.0.0-beta.2', '1.0.0')).toBe(-1);
    expect(cmp('git+https://x/y.git', '1.0.0')).toBeNull();
  });
});
