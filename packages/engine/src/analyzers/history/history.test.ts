import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTestContext } from '../../testing/make-context';
import { historyAnalyzer } from './index';
import { lastTwelveMonths } from './metrics';
import { doa, truckFactor } from './truck-factor';

const tmp = mkdtempSync(join(tmpdir(), 'duescan-history-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const DAY = 86_400;
const now = Math.floor(Date.now() / 1000);

/** A real repository: each step writes files and commits them as the given author at the given age in days. */
function repo(name: string, steps: { author: string; daysAgo: number; files: Record<string, string> }[]): string {
  const root = join(tmp, name);
  mkdirSync(root, { recursive: true });
  const git = (args: string[], env: Record<string, string> = {}) =>
    execFileSync('git', args, { cwd: root, env: { ...process.env, ...env }, stdio: 'pipe' });
  git(['init', '-q', '-b', 'main']);
  for (const step of steps) {
    for (const [path, text] of Object.entries(step.files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    const date = `@${now - step.daysAgo * DAY} +0000`;
    git(['add', '-A']);
    git(
      ['-c', `user.name=${step.author}`, '-c', `user.email=${step.author.toLowerCase()}@example.com`, 'commit', '-q', '-m', 'change'],
      { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
    );
  }
  return root;
}

const run = (root: string) => historyAnalyzer.run({ ...makeTestContext(root), hasGit: true });

describe('truck factor', () => {
  it('uses the published DOA weights', () => {
    expect(doa(true, 1, 0)).toBeCloseTo(3.293 + 1.098 + 0.164, 6);
    expect(doa(false, 2, 3)).toBeCloseTo(3.293 + 0.328 - 0.321 * Math.log(4), 6);
  });

  it('removes top authors until more than half of the files are orphaned', () => {
    const authors = new Map([
      ['a', new Set(['alice'])],
      ['b', new Set(['alice'])],
      ['c', new Set(['bob'])],
      ['d', new Set(['carol'])],
    ]);
    // Removing alice orphans 2/4 (not more than half), bob then makes it 3/4.
    expect(truckFactor(authors)).toBe(2);
    expect(truckFactor(new Map())).toBe(0);
  });
});

describe('history analyzer on real git repositories', () => {
  it('a one-author repository has bus factor 1, and an old one is inactive', async () => {
    const root = repo('solo', [
      { author: 'Alice', daysAgo: 400, files: { 'app.py': 'def a():\n    return 1\n' } },
      { author: 'Alice', daysAgo: 390, files: { 'app.py': 'def a():\n    if x:\n        return 1\n' } },
      { author: 'Alice', daysAgo: 380, files: { 'util.py': 'x = 1\n' } },
    ]);
    const result = await run(root);
    expect(result.history).toMatchObject({ commits: 3, contributors: 1, activeContributors90d: 0, busFactor: 1, commitsLast90d: 0 });
    expect(result.history!.topAuthors).toEqual([{ author: 'Alice', commits: 3, share: 1 }]);
    expect(result.findings.map((f) => [f.ruleId, f.category, f.severity])).toEqual([
      ['history.bus-factor-1', 'team', 'medium'],
      ['history.inactive', 'team', 'low'],
    ]);
    expect(result.history!.firstCommit).toBe(new Date((now - 400 * DAY) * 1000).toISOString());
  });

  it('counts authors, activity, months, bus factor and hotspots of a team repository', async () => {
    const branchy = 'def f(x):\n    if x:\n        return 1\n    for i in x:\n        pass\n';
    const root = repo('team', [
      { author: 'Alice', daysAgo: 300, files: { 'a.py': 'a = 1\n', 'b.py': 'b = 1\n' } },
      { author: 'Bob', daysAgo: 200, files: { 'c.py': 'c = 1\n' } },
      { author: 'Carol', daysAgo: 100, files: { 'd.py': 'd = 1\n' } },
      { author: 'Alice', daysAgo: 30, files: { 'a.py': branchy } },
      { author: 'Alice', daysAgo: 20, files: { 'a.py': `${branchy}\n` } },
      { author: 'Bob', daysAgo: 10, files: { 'README.md': '# docs\n', 'c.py': 'c = 2\n' } },
      // Tests are not hotspots; bots are not contributors.
      { author: 'Dave', daysAgo: 9, files: { 'tests/test_a.py': branchy } },
      { author: 'Dave', daysAgo: 8, files: { 'tests/test_a.py': `${branchy}\n` } },
      { author: 'Dave', daysAgo: 7, files: { 'tests/test_a.py': `${branchy}\n\n` } },
      { author: 'Dave', daysAgo: 6, files: { 'tests/test_a.py': `${branchy}\n\n\n` } },
      { author: 'dependabot[bot]', daysAgo: 1, files: { 'requirements.txt': 'flask==3.0.3\n' } },
    ]);
    const result = await run(root);
    const h = result.history!;
    expect(h).toMatchObject({ commits: 10, contributors: 4, activeContributors90d: 3, commitsLast90d: 7, busFactor: 2 });
    expect(h.topAuthors.map((a) => [a.author, a.commits, a.share])).toEqual([
      ['Dave', 4, 0.4],
      ['Alice', 3, 0.3],
      ['Bob', 2, 0.2],
      ['Carol', 1, 0.1],
    ]);
    expect(h.monthlyCommits).toHaveLength(12);
    expect(h.monthlyCommits.map((m) => m.month)).toEqual(lastTwelveMonths(now));
    expect(h.monthlyCommits.reduce((s, m) => s + m.commits, 0)).toBe(10);
    // a.py: 3 changes x complexity 3 (1 + if + for) leads; README.md is not code and is not counted.
    expect(h.hotspots[0]).toEqual({ file: 'a.py', changes: 3, complexity: 3, score: 9 });
    expect(h.hotspots.map((s) => s.file)).toEqual(['a.py', 'c.py', 'b.py', 'd.py']);
    expect(result.findings).toEqual([]);
  });

  it('does not judge the team from a shallow clone', async () => {
    const source = repo('deep', [
      { author: 'Alice', daysAgo: 50, files: { 'a.py': 'a = 1\n' } },
      { author: 'Bob', daysAgo: 40, files: { 'b.py': 'b = 1\n' } },
    ]);
    const shallow = join(tmp, 'shallow');
    execFileSync('git', ['clone', '-q', '--depth', '1', `file://${source}`, shallow], { stdio: 'pipe' });
    const result = await run(shallow);
    expect(result.history).toBeUndefined();
    expect(result.findings).toEqual([]);
    expect(result.note).toMatch(/Shallow git clone/);
  });

  it('says why when there is no git history', async () => {
    const result = await historyAnalyzer.run(makeTestContext(join(import.meta.dirname)));
    expect(result.findings).toEqual([]);
    expect(result.note).toMatch(/not a git repository/);
  });
});
