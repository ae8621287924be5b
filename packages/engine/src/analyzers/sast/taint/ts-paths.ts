// TypeScript/JavaScript path aliases (`compilerOptions.paths` of tsconfig.json / jsconfig.json): `@server/utils/x`
// and `@/lib/db` are project modules, so cross-file taint follows them like relative imports. So are the packages of
// an npm/yarn/pnpm workspace: `@acme/data/models/file` is packages/data/models/file.ts of the same repository.
import { posix } from 'node:path';
import { load as loadYaml } from 'js-yaml';

export interface PathAlias {
  /** Folder of the config file ('' at the root): the alias applies to files below it. */
  scope: string;
  /** `@server/*` or an exact name. */
  pattern: string;
  /** Targets relative to the scan root, with the same `*` (`server/*`). */
  targets: string[];
}

const CONFIG = /(^|\/)(tsconfig|jsconfig)(\.[\w-]+)?\.json$/;

/** JSON with comments and trailing commas, as tsconfig files are written; undefined when it still does not parse. */
export function parseJsonc(text: string): unknown {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === '"') {
      const end = stringEnd(text, i);
      out += text.slice(i, end);
      i = end - 1;
    } else if (ch === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (ch === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      i = close < 0 ? text.length : close + 1;
    } else out += ch;
  }
  try {
    return JSON.parse(out.replace(/,(\s*[}\]])/g, '$1'));
  } catch {
    return undefined;
  }
}

function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i + 1;
  }
  return text.length;
}

export function readPathAliases(files: readonly { path: string; text(): string }[]): PathAlias[] {
  const out: PathAlias[] = [];
  for (const f of files) {
    if (!CONFIG.test(f.path) || f.path.includes('node_modules/')) continue;
    const json = parseJsonc(f.text()) as { compilerOptions?: { paths?: Record<string, unknown>; baseUrl?: unknown } } | undefined;
    const paths = json?.compilerOptions?.paths;
    const hasBaseUrl = typeof json?.compilerOptions?.baseUrl === 'string';
    if ((!paths || typeof paths !== 'object') && !hasBaseUrl) continue;
    const scope = f.path.includes('/') ? f.path.slice(0, f.path.lastIndexOf('/')) : '';
    const baseUrl = hasBaseUrl ? (json!.compilerOptions!.baseUrl as string) : '.';
    const base = posix.normalize(posix.join(scope || '.', baseUrl));
    // baseUrl alone resolves bare imports against that folder too (`import x from "utils/proxy/http"` under src/):
    // tried after the paths entries; a candidate counts only when such a project module exists
    const entries = [...Object.entries(paths && typeof paths === 'object' ? paths : {}), ...(hasBaseUrl ? [['*', ['*']] as [string, unknown]] : [])];
    for (const [pattern, targets] of entries) {
      if (!Array.isArray(targets)) continue;
      const resolved = targets
        .filter((t): t is string => typeof t === 'string' && !t.includes('node_modules'))
        .map((t) => posix.normalize(posix.join(base, t)).replace(/^\.\//, ''))
        .filter((t) => !t.startsWith('..'));
      if (resolved.length) out.push({ scope, pattern, targets: resolved });
    }
  }
  out.push(...workspaceAliases(files));
  // the nearest config wins: deeper scopes first
  return out.sort((a, b) => b.scope.length - a.scope.length);
}

/** Folder globs of the root's workspace declaration: package.json "workspaces", pnpm-workspace.yaml or lerna.json. */
function workspaceGlobs(files: readonly { path: string; text(): string }[]): string[] {
  const globs: string[] = [];
  const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  for (const f of files) {
    if (f.path === 'package.json' || f.path === 'lerna.json') {
      const json = parseJsonc(f.text()) as { workspaces?: unknown; packages?: unknown } | undefined;
      const ws = json?.workspaces;
      globs.push(...list(ws), ...list((ws as { packages?: unknown } | undefined)?.packages), ...(f.path === 'lerna.json' ? list(json?.packages) : []));
    } else if (f.path === 'pnpm-workspace.yaml') {
      try {
        globs.push(...list((loadYaml(f.text()) as { packages?: unknown } | undefined)?.packages));
      } catch {
        // an unreadable workspace file declares nothing
      }
    }
  }
  return globs.filter((g) => !g.startsWith('!')).map((g) => g.replace(/^\.\//, '').replace(/\/+$/, ''));
}

function globToRegExp(glob: string): RegExp {
  const body = glob.split('/').map((seg) => (seg === '**' ? '.*' : seg.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*'))).join('/');
  return new RegExp(`^${body}$`);
}

/**
 * Workspace packages as aliases: `name` is the package folder's index and `name/x` a module below the folder or its
 * src/ or lib/ (a package publishes dist/ built from there). Only folders the root declares as workspace members, so
 * a copied library's package.json never shadows the real library the models know.
 */
function workspaceAliases(files: readonly { path: string; text(): string }[]): PathAlias[] {
  const globs = workspaceGlobs(files).map(globToRegExp);
  if (!globs.length) return [];
  const out: PathAlias[] = [];
  for (const f of files) {
    if (!f.path.endsWith('/package.json') || f.path.includes('node_modules/')) continue;
    const dir = f.path.slice(0, -'/package.json'.length);
    if (!globs.some((g) => g.test(dir))) continue;
    const name = (parseJsonc(f.text()) as { name?: unknown } | undefined)?.name;
    if (typeof name !== 'string' || !/^(@[\w.-]+\/)?[\w.-]+$/.test(name)) continue;
    const roots = [dir, `${dir}/src`, `${dir}/lib`];
    out.push({ scope: '', pattern: name, targets: roots.map((r) => `${r}/index`) });
    out.push({ scope: '', pattern: `${name}/*`, targets: roots.map((r) => `${r}/*`) });
  }
  return out;
}

/** Candidate module paths (without extension) an aliased import may name, nearest config first. */
export function aliasCandidates(aliases: readonly PathAlias[], fromFile: string, spec: string): string[] {
  const out: string[] = [];
  for (const a of aliases) {
    if (a.scope && !fromFile.startsWith(`${a.scope}/`)) continue;
    const star = a.pattern.indexOf('*');
    let rest: string | undefined;
    if (star < 0) rest = spec === a.pattern ? '' : undefined;
    else {
      const head = a.pattern.slice(0, star);
      const tail = a.pattern.slice(star + 1);
      if (spec.startsWith(head) && spec.endsWith(tail) && spec.length >= head.length + tail.length) rest = spec.slice(head.length, spec.length - tail.length);
    }
    if (rest === undefined) continue;
    for (const t of a.targets) out.push(posix.normalize(t.replace('*', rest)).replace(/\.(m|c)?(j|t)sx?$/, '').replace(/\.d$/, ''));
  }
  return out;
}
