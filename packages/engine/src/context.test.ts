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

  it('keeps the tree cache within its byte budget, dropping the oldest trees first', () => {
    const { input } = setup();
    const trees = new TreeCache(1); // every new tree evicts the previous one
    const ctx = createContext({ ...input, trees });
    const a = ctx.files.find((f) => f.path === 'a.py')!;
    const b = ctx.files.find((f) => f.path === 'b.ts')!;
    ctx.parse(a);
    ctx.parse(b);
    expect(trees.get('a.py')).toBeUndefined();
    expect(trees.get('b.ts')).toBeDefined();
  });

  it('gives each scan its own per-thread cache', () => {
    expect(treeCacheFor('scan-1')).toBe(treeCacheFor('scan-1'));
    expect(treeCacheFor('scan-2')).not.toBe(treeCacheFor('scan-1'));
  });
});
