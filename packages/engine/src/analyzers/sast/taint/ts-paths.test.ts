import { describe, expect, it } from 'vitest';
import { aliasCandidates, parseJsonc, readPathAliases } from './ts-paths';

const file = (path: string, text: string) => ({ path, text: () => text });

describe('tsconfig path aliases', () => {
  it('reads paths from JSON with comments and trailing commas, relative to the config folder and baseUrl', () => {
    const aliases = readPathAliases([
      file('tsconfig.json', '{ "compilerOptions": { // aliases\n "paths": { "@server/*": ["./server/*"], "vite": ["./node_modules/vite/index.d.ts"], }, } }'),
      file('apps/web/tsconfig.json', '{ "compilerOptions": { "baseUrl": "src", "paths": { "@/*": ["*"] } } }'),
      file('broken/tsconfig.json', '{ nope'),
    ]);
    expect(aliases).toEqual([
      { scope: 'apps/web', pattern: '@/*', targets: ['apps/web/src/*'] },
      // baseUrl also resolves bare imports under it (tried after paths; only existing project modules count)
      { scope: 'apps/web', pattern: '*', targets: ['apps/web/src/*'] },
      { scope: '', pattern: '@server/*', targets: ['server/*'] },
    ]);
    expect(aliasCandidates(aliases, 'apps/web/src/page.tsx', 'utils/proxy/http')).toEqual(['apps/web/src/utils/proxy/http']);
    expect(aliasCandidates(aliases, 'server/routes/app.ts', '@server/commands/share')).toEqual(['server/commands/share']);
    // the paths entry first; the baseUrl candidate after it names no module and never resolves
    expect(aliasCandidates(aliases, 'apps/web/src/page.tsx', '@/lib/db')[0]).toBe('apps/web/src/lib/db');
    // an alias of one app does not apply to another folder; a package name is not an alias
    expect(aliasCandidates(aliases, 'server/a.ts', '@/lib/db')).toEqual([]);
    expect(aliasCandidates(aliases, 'server/a.ts', 'koa')).toEqual([]);
  });

  it('keeps // and /* inside strings', () => {
    expect(parseJsonc('{ "a": "http://x/*y*/", /* c */ "b": 1 }')).toEqual({ a: 'http://x/*y*/', b: 1 });
  });

  it('workspace packages are project modules: npm/yarn workspaces and pnpm-workspace.yaml, members only', () => {
    const members = [
      file('packages/data/package.json', '{ "name": "@acme/data", "main": "dist/index.js" }'),
      file('apps/server/package.json', '{ "name": "server" }'),
      // not a declared member: a copied library keeps its real name unresolved
      file('vendor/express/package.json', '{ "name": "express" }'),
    ];
    for (const root of [file('package.json', '{ "workspaces": ["./packages/*", "apps/*"] }'), file('pnpm-workspace.yaml', "packages:\n  - 'packages/*'\n  - apps/*\n  - '!**/test/**'\n")]) {
      const aliases = readPathAliases([root, ...members]);
      expect(aliasCandidates(aliases, 'apps/server/routes.ts', '@acme/data/models/file')).toEqual(['packages/data/models/file', 'packages/data/src/models/file', 'packages/data/lib/models/file']);
      expect(aliasCandidates(aliases, 'apps/server/routes.ts', '@acme/data')[0]).toBe('packages/data/index');
      expect(aliasCandidates(aliases, 'packages/data/a.ts', 'server/app')).toEqual(['apps/server/app', 'apps/server/src/app', 'apps/server/lib/app']);
      expect(aliasCandidates(aliases, 'apps/server/routes.ts', 'express')).toEqual([]);
    }
    // without a workspace declaration nothing is an alias
    expect(readPathAliases(members)).toEqual([]);
  });
});
