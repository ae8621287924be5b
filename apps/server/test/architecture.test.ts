// Structure rules of apps/server: no import loops between its folders, and no other workspace reaching into its
// source (they go through the package entry, @duescan/server).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  explainLoop,
  folderGraph,
  importLoops,
  resolvedImports,
  sourceFiles,
  type Graph,
} from './import-graph';

const SERVER = fileURLToPath(new URL('..', import.meta.url));
const SRC = path.join(SERVER, 'src');
const REPO = path.resolve(SERVER, '..', '..');

const graphOf = (edges: Record<string, string[]>): Graph =>
  new Map(
    Object.entries(edges).map(([from, tos]) => [from, new Map(tos.map((to) => [to, [`${from} -> ${to}`]]))]),
  );

describe('import loop finder', () => {
  it('finds direct and longer loops and leaves a layered graph alone', () => {
    expect(importLoops(graphOf({ queue: ['scans'], scans: ['queue'] }))).toEqual([['queue', 'scans']]);
    expect(importLoops(graphOf({ a: ['b'], b: ['c'], c: ['a'], d: ['a'] }))).toEqual([['a', 'b', 'c']]);
    expect(
      importLoops(graphOf({ start: ['scans', 'queue'], scans: ['queue', 'db'], queue: ['db'], db: [] })),
    ).toEqual([]);
  });
});

describe('apps/server structure', () => {
  it('has no import loop between its folders (composition/ and start.ts wire the features together)', () => {
    const graph = folderGraph(SRC);
    // The graph is real: the composition root reaches the feature folders, which reach the shared ones.
    expect(graph.get('start')?.has('composition')).toBe(true);
    expect(graph.get('scans')?.has('db')).toBe(true);
    const loops = importLoops(graph).map(
      (loop) => `${loop.join(' <-> ')}:\n    ${explainLoop(graph, loop).join('\n    ')}`,
    );
    expect(loops, `folder import loops:\n  ${loops.join('\n  ')}`).toEqual([]);
  });

  it('is used by other workspaces through its package entry, never through its source files', () => {
    const roots = ['apps/web', 'packages', 'bench'].map((r) => path.join(REPO, r));
    const offenders = roots
      .flatMap((root) => sourceFiles(root))
      .flatMap((file) =>
        resolvedImports(file)
          .filter((target) => target.startsWith(SRC))
          .map((t) => `${path.relative(REPO, file)} -> ${path.relative(REPO, t)}`),
      );
    expect(offenders).toEqual([]);
  });
});
