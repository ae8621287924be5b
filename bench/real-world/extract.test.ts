import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ExtractError, extractProject, isExtracted } from './extract';
import type { Project } from './manifest';

const root = mkdtempSync(join(tmpdir(), 'rw-extract-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A bare mirror laid out like the fetch tool's: <mirror>/<owner>+<name>/repo, with one commit. */
function makeMirror(): { mirror: string; commit: string } {
  const src = join(root, 'src');
  mkdirSync(join(src, 'app'), { recursive: true });
  writeFileSync(join(src, 'app', 'main.py'), 'print("hi")\n');
  const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
  git(src, 'init', '-q');
  git(src, 'add', '-A');
  git(src, '-c', 'user.name=t', '-c', 'user.email=t@example.invalid', 'commit', '-qm', 'c');
  const mirror = join(root, 'mirror');
  mkdirSync(join(mirror, 'owner+demo'), { recursive: true });
  git(root, 'clone', '-q', '--bare', src, join(mirror, 'owner+demo', 'repo'));
  return { mirror, commit: git(src, 'rev-parse', 'HEAD') };
}

describe('extractProject', () => {
  const { mirror, commit } = makeMirror();
  const project: Project = { name: 'demo', repo: 'owner/demo', commit, language: 'python', framework: 'Flask', loc: 1, why: 'x' };
  const out = join(root, 'out');

  it('extracts the pinned commit, records it, and skips it the second time', () => {
    expect(extractProject(mirror, out, project)).toBe('extracted');
    expect(readFileSync(join(out, 'demo', 'app', 'main.py'), 'utf8')).toBe('print("hi")\n');
    expect(isExtracted(out, project)).toBe(true);
    expect(extractProject(mirror, out, project)).toBe('up-to-date');
    expect(existsSync(join(out, 'demo.partial'))).toBe(false);
  });

  it('re-extracts when the manifest moves to another commit, and fails clearly on a missing commit or mirror', () => {
    expect(isExtracted(out, { ...project, commit: 'b'.repeat(40) })).toBe(false);
    expect(() => extractProject(mirror, out, { ...project, commit: 'b'.repeat(40) })).toThrow(/is not in/);
    expect(() => extractProject(join(root, 'none'), join(root, 'out2'), project)).toThrow(ExtractError);
    expect(() => extractProject(join(root, 'none'), join(root, 'out2'), project)).toThrow(/no mirror at .*fetch tool/);
  });
});
