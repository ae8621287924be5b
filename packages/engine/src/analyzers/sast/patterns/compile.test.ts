// The JS-compiled matchers must select exactly the nodes ast-grep's own matcher selects: checked for every
// tree matcher of every rule over every annotated example file (positive and negative lines alike).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NapiConfig, SgNode } from '@ast-grep/napi';
import { describe, expect, it } from 'vitest';
import { detectLanguage, isParsedLanguage, parseSource } from '../../../parse/languages';
import { PATTERN_RULES } from '../rules';
import { listExampleFiles } from '../rules/examples-harness';
import { compileMatcher, contextFree, NodeMemo } from './compile';
import { treeFamily } from './run';

const EXAMPLES = join(import.meta.dirname, '../rules/examples');

function nativeRanges(root: SgNode, rule: NapiConfig['rule']): string[] {
  try {
    return root.findAll({ rule }).map((n) => JSON.stringify(n.range()));
  } catch {
    return [];
  }
}

describe('text gates', () => {
  it('take only regexes that look at nothing outside the text they match', () => {
    for (const free of ['://[^\\s:@/]+:[^\\s@/]+@', '(passw|token)', '[^a$]b', '\\$where', '(?:a|b)c']) expect(contextFree(free)).toBe(true);
    for (const bound of ['^foo', 'foo$', '\\bfoo', 'a\\Bb', '(?=x)y', '(?<!x)y', '(?<name>x)']) expect(contextFree(bound)).toBe(false);
  });

  it('gate a rule on its top-level regex only, and never a rule ast-grep evaluates itself', () => {
    expect(String(compileMatcher({ kind: 'string', regex: '://x' }).textGate)).toBe('/:\\/\\/x/u');
    expect(compileMatcher({ kind: 'call', has: { field: 'function', regex: 'eval' } }).textGate).toBeNull();
    expect(compileMatcher({ kind: 'string', regex: '^x' }).textGate).toBeNull();
    expect(compileMatcher({ kind: 'string', regex: 'x', follows: { kind: 'comment' } } as never).textGate).toBeNull();
  });
});

describe('compiled matchers', () => {
  it('every rule in the catalogue is interpreted in JS (no per-node native fallback)', () => {
    const native = PATTERN_RULES.flatMap((r) => Object.values(r.tree ?? {}).flat()).filter((m) => m && compileMatcher(m.rule).native);
    expect(native).toEqual([]);
  });

  it('select the same nodes as ast-grep on every example file', () => {
    let compared = 0;
    for (const path of listExampleFiles(EXAMPLES)) {
      const language = detectLanguage(path);
      const family = treeFamily(language);
      if (!family || !isParsedLanguage(language)) continue;
      const root = parseSource(language, readFileSync(path, 'utf8')).root();
      for (const rule of PATTERN_RULES) {
        for (const m of rule.tree?.[family] ?? []) {
          const compiled = compileMatcher(m.rule);
          // A kind the grammar lacks (jsx_attribute in plain TypeScript) makes ast-grep throw; it matches nothing.
          const expected = nativeRanges(root, m.rule);
          const pool = compiled.kinds ? root.findAll({ rule: { any: [...compiled.kinds].map((kind) => ({ kind })) } }) : [];
          const actual = pool.filter((n) => compiled.test(n, new NodeMemo())).map((n) => JSON.stringify(n.range()));
          expect(actual, `${rule.id} on ${path}`).toEqual(expected);
          compared += expected.length;
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('translates a leading (?i) flag and rejects nothing it claims to support', () => {
    const root = parseSource('python', 'x = call(Password="a")\n').root();
    const c = compileMatcher({ kind: 'keyword_argument', has: { field: 'name', regex: '(?i)^password$' } });
    expect(c.native).toBe(false);
    expect(root.findAll({ rule: { kind: 'keyword_argument' } }).filter((n) => c.test(n, new NodeMemo()))).toHaveLength(1);
  });
});
