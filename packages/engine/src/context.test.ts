import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createContext } from './context';
import { collect } from './collect';
import { TreeCache, treeCacheFor } from './tree-cache';
import { TIERS } from './tiers';
import { tempProject } from './testing/temp-project';

let cleanup = () => {};
afterEach(() => cleanup());

function setup() {
  const p = tempProject({ 'a.py': 'import os\nprint(os.name)\n', 'b.ts': 'export const x: number = 1;\n', 'notes.txt': 'hello\n' });
  cleanup = p.cleanup;
  const collected = collect(p.root);
  const input = { root: p.root, files: collected.files, plan: TIERS.pro, options: { package: 'pro' as const }, hasGit: false };
  return { root: p.root, collected, input };
}

describe('createContext', () => {
  it('parses supported languages, returns null for others, and shares trees through one cache', () => {
    const { input } = setup();
    const trees = new TreeCache();
    const first = createContext({ ...input, trees });
    const second = createContext({ ...input, trees });
    const py = first.files.find((f) => f.path === 'a.py')!;
    const tree = first.parse(py);
    expect(tree?.root().text()).toContain('print(os.name)');
    expect(second.parse(second.files.find((f) => f.path === 'a.py')!)).toBe(tree); // parsed once, shared
    expect(first.parse(first.files.find((f) => f.path === 'notes.txt')!)).toBeNull();
    expect(first.parse(first.files.find((f) => f.path === 'b.ts')!)?.root().kind()).toBe('program');
  });

  it('reads text lazily from disk when collect did not keep it, and a vanished file reads as empty', () => {
    const { root, input } = setup();
    const ctx = createContext(input);
    const txt = ctx.files.find((f) => f.path === 'notes.txt')!;
    writeFileSync(join(root, 'notes.txt'), 'changed\n');
    expect(txt.text()).toBe('changed\n');
    cleanup();
    const other = createContext(input).files.find((f) => f.path === 'a.py')!;
    expect(other.text()).toBe('');
  });

  it('keeps the first trees that fit its byte budget and counts the ones it drops until they are released', async () => {
    const { input } = setup();
    const probe = createContext(input).files;
    const a = probe.find((f) => f.path === 'a.py')!;
    const trees = new TreeCache(a.size, 1); // room for a.py only; any dropped byte makes a release due
    const ctx = createContext({ ...input, trees });
    const b = ctx.files.find((f) => f.path === 'b.ts')!;
    expect(ctx.parse(a)).not.toBeNull();
    expect(trees.releaseDue()).toBe(false);
    expect(ctx.parse(b)).not.toBeNull();
    expect(trees.get('a.py')).toBeDefined();
    expect(trees.get('b.ts')).toBeUndefined();
    expect(trees.releaseDue()).toBe(true);
    await ctx.releaseDroppedTrees();
    expect(trees.releaseDue()).toBe(false);
    // a.py stays cached for the next pass; b.ts is parsed again
    expect(ctx.parse(ctx.files.find((f) => f.path === 'a.py')!)).toBe(trees.get('a.py'));
  });

  it('gives each scan its own per-thread cache', () => {
    expect(treeCacheFor('scan-1')).toBe(treeCacheFor('scan-1'));
    expect(treeCacheFor('scan-2')).not.toBe(treeCacheFor('scan-1'));
  });
});
