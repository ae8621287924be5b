// Every rule's annotated examples: each `ruleid` line must be hit, each `ok` line must not be, and no rule may
// fire on a line its examples do not announce (precision is tested as strictly as recall). Taint findings are
// checked in the files that annotate a taint rule (the other examples were written for pattern rules only).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PATTERN_RULES } from './index';
import { TAINT_RULES } from '../taint';
import { listExampleFiles, parseAnnotations, runExample, runTaintExample } from './examples-harness';

const EXAMPLES = join(import.meta.dirname, 'examples');
const files = listExampleFiles(EXAMPLES);
const taintIds = new Set(TAINT_RULES.map((r) => r.id));
const ruleIds = new Set([...PATTERN_RULES.map((r) => r.id), ...taintIds]);

describe('pattern rule examples', () => {
  it.each(files.map((f) => [f.slice(EXAMPLES.length + 1), f]))('%s', (_name, abs) => {
    const expectations = parseAnnotations(readFileSync(abs, 'utf8'));
    expect(expectations.length).toBeGreaterThan(0);
    const taint = expectations.some((e) => taintIds.has(e.ruleId)) ? runTaintExample(abs, EXAMPLES) : [];
    const findings = [...runExample(abs, EXAMPLES, PATTERN_RULES), ...taint];
    const hits = new Set(findings.map((f) => `${f.ruleId}@${f.location.startLine}`));
    const announced = new Set(expectations.filter((e) => e.kind === 'ruleid').map((e) => `${e.ruleId}@${e.line}`));
    for (const e of expectations) {
      expect(ruleIds.has(e.ruleId), `unknown rule ${e.ruleId}`).toBe(true);
      const key = `${e.ruleId}@${e.line}`;
      if (e.kind === 'ruleid') expect(hits.has(key), `missed ${key}`).toBe(true);
      else expect(hits.has(key), `false positive ${key}`).toBe(false);
    }
    const unexpected = [...hits].filter((h) => !announced.has(h));
    expect(unexpected, 'findings on lines without a ruleid annotation').toEqual([]);
  });

  it('every rule has at least one positive and one negative example', () => {
    const seen = { ruleid: new Set<string>(), ok: new Set<string>() };
    for (const f of files) for (const e of parseAnnotations(readFileSync(f, 'utf8'))) seen[e.kind].add(e.ruleId);
    const missing = PATTERN_RULES.flatMap((r) => [
      ...(seen.ruleid.has(r.id) ? [] : [`${r.id}: no ruleid example`]),
      ...(seen.ok.has(r.id) ? [] : [`${r.id}: no ok example`]),
    ]);
    expect(missing).toEqual([]);
  });
});
