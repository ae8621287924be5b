import { describe, expect, it } from 'vitest';
import { mergeParts, mergeShards, splitFiles } from './shards';
import type { CollectedFile } from '../collect';
import type { AnalyzerJobResult } from './job';
import { makeFinding } from '../testing/make-finding';
import { planJobs, SPLIT_MAX_PARSED_BYTES } from './run-analyzers';
import { ANALYZERS } from '../analyzers';
import { TIERS } from '../tiers';

const file = (path: string, size: number): CollectedFile => ({ path, absPath: `/p/${path}`, language: 'python', size, isTest: false });

describe('splitFiles', () => {
  it('balances bytes across shards, keeps every file exactly once and path order inside a shard', () => {
    const files = [file('a.py', 900), file('b.py', 100), file('c.py', 500), file('d.py', 450), file('e.py', 50)];
    const shards = splitFiles(files, 2);
    expect(shards).toHaveLength(2);
    expect(shards.flat().map((f) => f.path).sort()).toEqual(['a.py', 'b.py', 'c.py', 'd.py', 'e.py']);
    const bytes = shards.map((s) => s.reduce((n, f) => n + f.size, 0));
    expect(Math.abs(bytes[0]! - bytes[1]!)).toBeLessThanOrEqual(100);
    for (const s of shards) expect(s.map((f) => f.path)).toEqual([...s.map((f) => f.path)].sort());
  });

  it('never returns empty shards', () => {
    expect(splitFiles([file('a.py', 1)], 4)).toHaveLength(1);
  });
});

describe('mergeShards', () => {
  const part = (over: Partial<AnalyzerJobResult>): AnalyzerJobResult => ({
    analyzer: 'sast',
    status: 'ok',
    durationMs: 10,
    skipped: [],
    logs: [],
    thread: 'worker',
    ...over,
  });

  it('concatenates findings and skipped entries, keeps packs, takes the slowest shard as wall time', () => {
    const a = makeFinding({ key: 'a' });
    const b = makeFinding({ key: 'b' });
    const merged = mergeShards([
      part({ durationMs: 30, result: { findings: [a], packs: ['injection'] }, skipped: [{ file: 'x.py', reason: 'parse-error' }] }),
      part({ durationMs: 50, result: { findings: [b], packs: ['injection'] } }),
    ]);
    expect(merged.result?.findings).toEqual([a, b]);
    expect(merged.result?.packs).toEqual(['injection']);
    expect(merged.durationMs).toBe(50);
    expect(merged.skipped).toHaveLength(1);
    expect(merged.status).toBe('ok');
  });

  it('is an error when any shard failed', () => {
    const merged = mergeShards([part({ result: { findings: [] } }), part({ status: 'error', error: 'boom' })]);
    expect(merged).toMatchObject({ status: 'error', error: 'boom' });
  });
});

describe('mergeParts', () => {
  const split = {
    groups: [['a', 'b'], ['c']],
    sequence: ['a', 'b', 'c'],
    run: () => Promise.resolve({ findings: [] }),
    // Stands for an analyzer's own merge: records which part each finding came from.
    merge: (byPart: Record<string, { findings: ReturnType<typeof makeFinding>[] }>) => ({
      findings: Object.entries(byPart).flatMap(([p, r]) => r.findings.map((f) => ({ ...f, message: p }))),
    }),
  };
  const part = (p: string, ms: number, over: Partial<AnalyzerJobResult> = {}): AnalyzerJobResult => ({
    analyzer: 'sast', status: 'ok', durationMs: ms, part: p, skipped: [], logs: [], thread: 'worker',
    result: { findings: [makeFinding({ ruleId: `r-${p}` })] }, ...over,
  });

  it("merges with the analyzer's own merge; wall time is the slowest group's (parts of a group run one after another)", () => {
    const merged = mergeParts([part('a', 10, { jobParts: 'a,b' }), part('b', 30, { jobParts: 'a,b' }), part('c', 25, { jobParts: 'c' })], split);
    expect(merged.status).toBe('ok');
    expect(merged.durationMs).toBe(40);
    expect(merged.result!.findings.map((f) => `${f.ruleId}:${f.message}`)).toEqual(['r-a:a', 'r-b:b', 'r-c:c']);
  });

  it('fails the analyzer when one part failed, naming the part (half the findings is not a result)', () => {
    const merged = mergeParts([part('a', 1), part('c', 1, { status: 'error', error: 'boom', result: undefined })], split);
    expect(merged).toMatchObject({ status: 'error', error: 'c pass: boom' });
    expect(merged.result).toBeUndefined();
  });
});

describe('planJobs', () => {
  const base = {
    root: '/p',
    files: [file('a.py', 10), file('b.py', 20), file('c.py', 30)],
    plan: TIERS.ultra,
    options: { package: 'ultra' as const },
    hasGit: false,
    scanId: 's',
  };

  it('puts every tree-reading analyzer in one job (shared trees) and the rest in their own jobs', () => {
    const jobs = planJobs(['config', 'quality', 'secrets', 'history'], base, 2);
    expect(jobs.map((j) => j.analyzers)).toEqual([['quality', 'history'], ['secrets'], ['config']]);
    expect(jobs.every((j) => j.files.length === 3)).toBe(true);
  });

  it('runs the groups of a split analyzer (sast) as separate tree jobs, the other tree readers with the last group', () => {
    const jobs = planJobs(['config', 'quality', 'secrets', 'sast', 'history'], base, 2);
    expect(jobs.map((j) => [j.analyzers, j.parts ?? {}])).toEqual([
      [['sast'], { sast: ['taint', 'access'] }],
      [['sast', 'quality', 'history'], { sast: ['patterns'] }],
      [['secrets'], {}],
      [['config'], {}],
    ]);
    expect(jobs.every((j) => j.files.length === 3)).toBe(true);
    // Large corpora keep one tree thread (a second one would hold a second copy of every tree); SAST still runs
    // pass by pass there, so each pass's dropped nodes are freed before the next.
    const large = { ...base, files: [file('big.py', SPLIT_MAX_PARSED_BYTES), file('c.py', 1)] };
    expect(planJobs(['quality', 'sast'], large, 2).map((j) => [j.analyzers, j.parts])).toEqual([[['sast', 'quality'], { sast: ['patterns', 'taint', 'access'] }]]);
  });

  it('splits an analyzer that declares itself per-file into one job per thread', () => {
    const sast = ANALYZERS.find((a) => a.id === 'sast');
    if (!sast) return; // no SAST analyzer in this build: nothing to shard
    const before = sast.shardable;
    sast.shardable = () => true;
    try {
      const jobs = planJobs(['sast', 'quality'], base, 2);
      expect(jobs.map((j) => j.analyzers)).toEqual([['quality'], ['sast'], ['sast']]);
      expect(jobs.filter((j) => j.analyzers[0] === 'sast').flatMap((j) => j.files.map((f) => f.path)).sort()).toEqual(['a.py', 'b.py', 'c.py']);
    } finally {
      sast.shardable = before;
    }
  });
});
