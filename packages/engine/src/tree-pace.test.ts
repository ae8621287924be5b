// Passes that read the files in order run at the same time in one thread and share the trees parsed beyond the
// cache's budget (tree-cache.ts `pace`): they stay within PACE_FILES files of each other, the recent trees serve
// them all, and a tree leaves memory's count only once it left the recent window.
import { join } from 'node:path';
import type { SgRoot } from '@ast-grep/napi';
import { describe, expect, it } from 'vitest';
import { sastAnalyzer } from './analyzers/sast';
import { collect } from './collect';
import { createContext } from './context';
import { PACE_FILES, SHARED_TREE_CACHE_BYTES, TreeCache } from './tree-cache';
import { TIERS } from './tiers';

const fakeTree = {} as SgRoot;

describe('paced passes', () => {
  it('keep a pass within PACE_FILES files of the slowest, and let it go once the other leaves', async () => {
    const trees = new TreeCache();
    const a = {};
    const b = {};
    let drift = 0;
    let bAt = 0;
    let bLeft = false;
    const fast = (async () => {
      for (let i = 0; i < 200; i++) {
        await trees.pace(a, i);
        if (!bLeft) drift = Math.max(drift, i - bAt);
      }
      await trees.pace(a, undefined);
    })();
    await trees.pace(b, 0);
    const slow = (async () => {
      for (let i = 0; i < 100; i++) {
        await new Promise((r) => setImmediate(r));
        bAt = i;
        await trees.pace(b, i);
      }
      bLeft = true;
      await trees.pace(b, undefined);
    })();
    await Promise.all([fast, slow]);
    expect(drift).toBeLessThanOrEqual(PACE_FILES + 1);
    expect(drift).toBeGreaterThan(1);
  });

  it('keep trees beyond the budget among the recent ones while two passes read together, counted as dropped once they leave', async () => {
    const trees = new TreeCache(0, 10, 100);
    trees.offer('alone.py', fakeTree, 10);
    expect(trees.get('alone.py')).toBeUndefined(); // one pass: used once and dropped, as before
    expect(trees.releaseDue()).toBe(true);
    trees.released();
    const a = {};
    const b = {};
    await trees.pace(a, 0);
    await trees.pace(b, 0);
    trees.offer('one.py', fakeTree, 60);
    trees.offer('two.py', fakeTree, 36);
    expect(trees.get('one.py')).toBe(fakeTree);
    expect(trees.releaseDue()).toBe(false); // held for the other pass: nothing to free yet
    trees.offer('three.py', fakeTree, 5); // over 100 bytes: the oldest leaves, and waits for the next release
    expect(trees.get('one.py')).toBeUndefined();
    expect(trees.get('two.py')).toBe(fakeTree);
    expect(trees.releaseDue()).toBe(true);
    trees.released();
    trees.offer('huge.py', fakeTree, 101); // larger than the window: never kept
    expect(trees.get('huge.py')).toBeUndefined();
    trees.released();
    await trees.pace(b, undefined); // the pass still reading may want what the other parsed ahead of it
    expect(trees.get('two.py')).toBe(fakeTree);
    trees.offer('four.py', fakeTree, 30); // but one pass alone adds nothing
    expect(trees.get('four.py')).toBeUndefined();
    trees.released();
    await trees.pace(a, undefined); // no pass left: the window empties
    expect(trees.get('two.py')).toBeUndefined();
    expect(trees.releaseDue()).toBe(true); // what the window held now waits for the next release
  });

  it('keep only the smaller cache once the passes read together, decided before any tree is cached', () => {
    const trees = new TreeCache();
    expect(trees.fits(SHARED_TREE_CACHE_BYTES + 1)).toBe(true);
    trees.readTogether();
    expect(trees.fits(SHARED_TREE_CACHE_BYTES + 1)).toBe(false);
    expect(trees.fits(SHARED_TREE_CACHE_BYTES)).toBe(true);
  });

  it('parse each file fewer times with SAST passes together than one after another, with the same findings', async () => {
    const root = join(__dirname, '../../../examples/fintech-ultra');
    const files = collect(root).files;
    const run = async (together: boolean) => {
      let offers = 0;
      const trees = new (class extends TreeCache {
        override offer(path: string, tree: SgRoot, bytes: number) {
          offers++;
          super.offer(path, tree, bytes);
        }
      })(0, 1);
      const ctx = createContext({ root, files, plan: TIERS.ultra, options: { package: 'ultra' }, hasGit: false, trees });
      const parts = sastAnalyzer.parts!;
      const result = together
        ? await sastAnalyzer.run(ctx)
        : parts.merge({ patterns: await parts.run(ctx, 'patterns'), taint: await parts.run(ctx, 'taint'), access: await parts.run(ctx, 'access') });
      return { offers, result };
    };
    const apart = await run(false);
    const together = await run(true);
    expect(together.result).toEqual(apart.result);
    expect(together.offers).toBeLessThan(apart.offers);
  });
});
