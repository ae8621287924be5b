import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { scan } from '../scan';
import type { Report } from '../types';

// Worker threads load the engine from TypeScript source; on a loaded shared machine that takes a while.
const SLOW = { timeout: 300_000 };
const example = (name: string) => fileURLToPath(new URL(`../../../../examples/${name}`, import.meta.url));
const lines = (r: Report) =>
  [...r.findings, ...(r.accepted ?? [])].map((f) => `${f.id} ${f.ruleId} ${f.location.file}:${f.location.startLine} ${f.severity} ${f.confidence}`).sort();

describe('SAST split across worker threads', () => {
  it('reports exactly what one thread reports (taint + access on one thread, patterns + quality on the other)', SLOW, async () => {
    const dir = example('flask-quick');
    const one = await scan(dir, { package: 'ultra', threads: 1 });
    const two = await scan(dir, { package: 'ultra', threads: 2 });
    expect(one.findings.some((f) => f.analyzer === 'sast')).toBe(true);
    expect(lines(two)).toEqual(lines(one));
    expect(two.analyzers.find((a) => a.id === 'sast')).toMatchObject({ status: 'ok', packs: one.analyzers.find((a) => a.id === 'sast')!.packs });
  });
});
