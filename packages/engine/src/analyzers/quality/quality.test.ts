import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTestContext } from '../../testing/make-context';
import { measureQuality, qualityAnalyzer } from './index';

const fixture = (name: string) => join(import.meta.dirname, 'fixtures', name);

describe('quality analyzer', async () => {
  const result = await qualityAnalyzer.run(makeTestContext(fixture('project')));
  const q = result.quality!;
  const { functions } = measureQuality(makeTestContext(fixture('project')));
  const fn = (name: string) => functions.find((f) => f.name === name);

  it('counts cyclomatic complexity like a hand count (Python, TS with a nested arrow, Java)', () => {
    // classify: 1 + if + elif + and + comprehension-if + for + while + except + conditional + or = 10
    expect(fn('classify')?.complexity).toBe(10);
    // route: 1 + 2 cases + for + if + && + || + ternary = 8; the nested arrow's ternary belongs to `inner`
    expect(fn('route')?.complexity).toBe(8);
    expect(fn('inner')?.complexity).toBe(2);
    // pick: 1 + if + && + for + catch + 2 cases (default is not a decision) = 7
    expect(fn('pick')?.complexity).toBe(7);
    expect(fn('simple')?.complexity).toBe(1);
    // pickValue (as ESLint counts it): 1 + default parameter + two optional chains + ?? + ||= = 6
    expect(fn('pickValue')?.complexity).toBe(6);
    expect(fn('classify')).toMatchObject({ file: 'src/branchy.py', line: 1, lines: 14 });
  });

  it('finds the block duplicated across two files', () => {
    const block = q.duplication.blocks[0]!;
    expect(block.files.map((f) => f.split(':')[0]).sort()).toEqual(['src/dup_a.js', 'src/dup_b.js']);
    expect(block.lines).toBe(7);
    expect(q.duplication.duplicatedLines).toBe(14);
    expect(q.duplication.percent).toBeGreaterThan(10);
  });

  it('measures tests, TODOs and hygiene presence', () => {
    expect(q.testFiles).toBe(1);
    expect(q.testToCodeRatio).toBeGreaterThan(0);
    expect(q.todoCount).toBe(2);
    expect(q.presence).toEqual({
      readme: true, ci: true, lint: false, typeChecking: true, lockfile: true, license: false, tests: true,
    });
    expect(q.largestFiles[0]).toEqual({ file: 'src/Branchy.java', lines: 20 });
    // 14 of the fixture's few code lines are copies: above the 15% threshold.
    expect(result.findings.map((f) => f.ruleId)).toEqual(['quality.high-duplication']);
  });

  it('reports missing tests and CI on a bare project', async () => {
    const bare = await qualityAnalyzer.run(makeTestContext(fixture('bare')));
    expect(bare.quality!.presence.tests).toBe(false);
    expect(bare.findings.map((f) => f.ruleId).sort()).toEqual(['quality.no-ci', 'quality.no-tests']);
    expect(bare.findings.every((f) => f.severity === 'info')).toBe(true);
    expect(bare.quality!.duplication.blocks).toEqual([]);
  });

  describe('very complex functions', () => {
    const dir = mkdtempSync(join(tmpdir(), 'duescan-quality-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    it('flags a function above complexity 20 as maintainability/low, not one at 20', async () => {
      const branches = (n: number) => Array.from({ length: n }, (_, i) => `  if (x === ${i}) return ${i};`).join('\n');
      writeFileSync(join(dir, 'big.js'), `function big(x) {\n${branches(21)}\n}\nfunction edge(x) {\n${branches(19)}\n}\n`);
      const res = await qualityAnalyzer.run(makeTestContext(dir));
      const complex = res.findings.filter((f) => f.ruleId === 'quality.complex-function');
      expect(complex).toHaveLength(1);
      expect(complex[0]).toMatchObject({
        category: 'maintainability',
        severity: 'low',
        cwe: ['CWE-1121'],
        location: { file: 'big.js', startLine: 1, endLine: 23 },
        properties: { complexity: 22, function: 'big' },
      });
      expect(res.quality!.complexFunctions.map((f) => [f.name, f.complexity])).toEqual([['big', 22], ['edge', 20]]);
    });
  });
});
