import { describe, expect, it } from 'vitest';
import { loadManifest, LOC_RANGE, ManifestError, parseManifest, selectProjects } from './manifest';

const entry = { name: 'demo', repo: 'owner/demo', commit: 'a'.repeat(40), language: 'python', framework: 'Flask', loc: 30_000, why: 'x' };

describe('manifest', () => {
  it('accepts a well-formed entry and rejects each malformed field with the project named', () => {
    expect(parseManifest({ projects: [entry] })).toEqual([entry]);
    expect(() => parseManifest({ projects: [{ ...entry, commit: 'abc' }] })).toThrow(/demo.*commit/);
    expect(() => parseManifest({ projects: [{ ...entry, language: 'go' }] })).toThrow(/language/);
    expect(() => parseManifest({ projects: [{ ...entry, loc: 0 }] })).toThrow(/loc/);
    expect(() => parseManifest({ projects: [entry, entry] })).toThrow(/unique/);
    expect(() => parseManifest({})).toThrow(ManifestError);
  });

  it('--only keeps the named projects and rejects an unknown name', () => {
    const all = parseManifest({ projects: [entry, { ...entry, name: 'other' }] });
    expect(selectProjects(all, 'other').map((p) => p.name)).toEqual(['other']);
    expect(() => selectProjects(all, 'nope')).toThrow(/Unknown project nope/);
  });

  it('the committed manifest meets issue 10: >= 15 projects, >= 6 per language, 20k-400k LOC each', () => {
    const projects = loadManifest();
    expect(projects.length).toBeGreaterThanOrEqual(15);
    expect(projects.filter((p) => p.language === 'python').length).toBeGreaterThanOrEqual(6);
    expect(projects.filter((p) => p.language === 'js').length).toBeGreaterThanOrEqual(6);
    for (const p of projects) expect(p.loc, p.name).toBeGreaterThanOrEqual(LOC_RANGE.min);
    for (const p of projects) expect(p.loc, p.name).toBeLessThanOrEqual(LOC_RANGE.max);
  });
});
