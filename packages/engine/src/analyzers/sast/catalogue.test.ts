// Rule metadata is complete and consistent, and docs/rules.md is the current rendering of it.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RULES_DOC_PATH, catalogueEntries, renderCatalogue } from './catalogue';
import { PACK_ORDER } from './rule-types';

const OWASP_2021 = /^A(0[1-9]|10):2021-[A-Z]/;

describe('rule catalogue', () => {
  const entries = catalogueEntries();

  it('has unique ids and complete metadata for every rule', () => {
    const ids = entries.map((e) => e.rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { rule } of entries) {
      expect(PACK_ORDER).toContain(rule.pack);
      expect(rule.title && rule.message && rule.impact && rule.fix.guidance && rule.fix.example, rule.id).toBeTruthy();
      expect(rule.languages.length, rule.id).toBeGreaterThan(0);
      for (const c of rule.cwe) expect(c, rule.id).toMatch(/^CWE-\d+$/);
      expect(rule.cwe.length, rule.id).toBeGreaterThan(0);
      for (const o of rule.owasp) expect(o, rule.id).toMatch(OWASP_2021);
      expect(rule.owasp.length, rule.id).toBeGreaterThan(0);
      expect(rule.references.length, rule.id).toBeGreaterThan(0);
      for (const r of rule.references) expect(r.url, rule.id).toMatch(/^https:\/\//);
    }
  });

  it('gives every one of the 14 packs real rules', () => {
    for (const pack of PACK_ORDER) expect(entries.filter((e) => e.rule.pack === pack).length, pack).toBeGreaterThan(0);
  });

  it('docs/rules.md is up to date (run: npm run docs:rules -w @duescan/engine)', () => {
    expect(existsSync(RULES_DOC_PATH)).toBe(true);
    expect(readFileSync(RULES_DOC_PATH, 'utf8')).toBe(renderCatalogue());
  });
});
