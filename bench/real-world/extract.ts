// Extracts every manifest project at its pinned commit from the local mirror (bare git repositories brought by
// the fetch tool) into a work folder outside this repository. Projects already extracted at the right commit are
// skipped (a <name>.commit file beside the folder records what is there).
// Usage: npx tsx bench/real-world/extract.ts [--mirror /work/.mirror] [--out /work/ext/real-world] [--only a,b]
//        [--measure]   (also print the engine's LOC count per project, for manifest.json's "loc")
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { collect } from '../../packages/engine/src/index';
import { DEFAULT_MIRROR, DEFAULT_WORK, LOC_RANGE, loadManifest, mirrorGitDir, selectProjects, type Project } from './manifest';

export class ExtractError extends Error {}

/** Where a project is extracted, and the file recording which commit is there. */
export function projectDir(out: string, name: string): { dir: string; stamp: string } {
  return { dir: join(out, name), stamp: join(out, `${name}.commit`) };
}

export function isExtracted(out: string, p: Project): boolean {
  const { dir, stamp } = projectDir(out, p.name);
  return existsSync(dir) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === p.commit;
}

export function extractProject(mirror: string, out: string, p: Project): 'extracted' | 'up-to-date' {
  if (isExtracted(out, p)) return 'up-to-date';
  const gitDir = mirrorGitDir(mirror, p.repo);
  if (!existsSync(gitDir)) {
    throw new ExtractError(`${p.name}: no mirror at ${gitDir}. Bring it with the fetch tool (github:${p.repo}) or pass --mirror.`);
  }
  const has = spawnSync('git', ['--git-dir', gitDir, 'cat-file', '-e', `${p.commit}^{commit}`]);
  if (has.status !== 0) {
    throw new ExtractError(`${p.name}: commit ${p.commit} is not in ${gitDir}. Fetch a newer snapshot or fix manifest.json.`);
  }
  const { dir, stamp } = projectDir(out, p.name);
  // Extract beside the target and rename, so an interrupted run never leaves a half-extracted project that
  // looks complete.
  const tmp = `${dir}.partial`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const tar = join(out, `${p.name}.tar`);
  const absent = absentBlobs(gitDir, p.commit);
  const excludes = absent.map((path) => `:(exclude,literal)${path}`);
  try {
    execFileSync('git', ['--git-dir', gitDir, 'archive', '--format=tar', '-o', tar, p.commit, '--', '.', ...excludes], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    execFileSync('tar', ['-xf', tar, '-C', tmp]);
  } finally {
    rmSync(tar, { force: true });
  }
  rmSync(dir, { recursive: true, force: true });
  renameSync(tmp, dir);
  writeFileSync(stamp, `${p.commit}\n`);
  if (absent.length) writeFileSync(`${dir}.absent.txt`, absent.join('\n') + '\n');
  return 'extracted';
}

/**
 * Paths at `commit` whose blobs the mirror does not hold: the fetch tool may leave a snapshot's largest files
 * out, and `git archive` refuses the whole tree over one missing blob. They are left out of the extraction and
 * listed in <name>.absent.txt (they are data files, lockfiles at worst; the count is printed).
 */
export function absentBlobs(gitDir: string, commit: string): string[] {
  const tree = execFileSync('git', ['--git-dir', gitDir, 'ls-tree', '-r', '-z', commit], { maxBuffer: 1 << 30 }).toString();
  const blobs = new Map<string, string[]>();
  for (const entry of tree.split('\0')) {
    const m = /^\d+ blob ([0-9a-f]+)\t(.*)$/s.exec(entry);
    if (!m) continue;
    const paths = blobs.get(m[1]!) ?? [];
    paths.push(m[2]!);
    blobs.set(m[1]!, paths);
  }
  const check = spawnSync('git', ['--git-dir', gitDir, 'cat-file', '--batch-check'], {
    input: [...blobs.keys()].join('\n') + '\n',
    maxBuffer: 1 << 30,
  });
  const absent: string[] = [];
  for (const line of check.stdout.toString().split('\n')) {
    const m = /^([0-9a-f]+) missing$/.exec(line);
    if (m) absent.push(...(blobs.get(m[1]!) ?? []));
  }
  return absent.sort();
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      mirror: { type: 'string', default: DEFAULT_MIRROR },
      out: { type: 'string', default: DEFAULT_WORK },
      only: { type: 'string' },
      measure: { type: 'boolean', default: false },
    },
  });
  const projects = selectProjects(loadManifest(), values.only);
  mkdirSync(values.out, { recursive: true });
  let failed = 0;
  for (const p of projects) {
    try {
      const status = extractProject(values.mirror, values.out, p);
      const { dir } = projectDir(values.out, p.name);
      const absentFile = `${dir}.absent.txt`;
      const absent = existsSync(absentFile) ? readFileSync(absentFile, 'utf8').split('\n').filter(Boolean).length : 0;
      let line = `${p.name.padEnd(16)} ${status.padEnd(11)} ${dir}${absent ? ` (${absent} files absent from the mirror)` : ''}`;
      if (values.measure) {
        const loc = collect(projectDir(values.out, p.name).dir, {}).loc;
        const inRange = loc >= LOC_RANGE.min && loc <= LOC_RANGE.max;
        line += `  loc ${loc}${inRange ? '' : ' OUTSIDE 20k-400k'}${loc === p.loc ? '' : ` (manifest says ${p.loc})`}`;
      }
      console.log(line);
    } catch (e) {
      if (!(e instanceof ExtractError)) throw e;
      console.error(e.message);
      failed++;
    }
  }
  if (failed) process.exit(1);
}

if (process.argv[1] && import.meta.filename === process.argv[1]) await main();
