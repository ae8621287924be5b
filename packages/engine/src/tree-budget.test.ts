// The tree cache's budget changes memory, never results: a scan whose trees are all cached and one whose trees are
// parsed again by every pass and released between files (tree-cache.ts) find the same things.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ANALYZERS } from './analyzers';
import { collect } from './collect';
import { createContext } from './context';
import { TreeCache } from './tree-cache';
import { TIERS } from './tiers';

const examples = join(__dirname, '../../../examples');

async function run(project: string, trees: TreeCache) {
  const root = join(examples, project);
  const ctx = createContext({ root, files: collect(root).files, plan: TIERS.ultra, options: { package: 'ultra' }, hasGit: false, trees });
  const out: Record<string, unknown> = {};
  for (const id of ['sast', 'quality'] as const) out[id] = await ANALYZERS.find((a) => a.id === id)!.run(ctx);
  return out;
}

describe('tree cache budget', () => {
  it.each(['flask-quick', 'react-node-pro', 'fintech-ultra'])('%s: every tree cached or none, same findings and metrics', async (project) => {
    const cached = await run(project, new TreeCache());
    const none = new TreeCache(0, 1);
    const uncached = await run(project, none);
    expect(uncached).toEqual(cached);
    expect((cached.sast as { findings: unknown[] }).findings.length).toBeGreaterThan(0);
    expect(none.releaseDue()).toBe(false); // the passes released what they dropped
  });
});
