// History metrics from the parsed log: activity, contributors, bus factor and churn hotspots.
import type { HistoryMetrics } from '../../types';
import type { Commit } from './git-log';
import { fileAuthors, truckFactor } from './truck-factor';

const DAY = 86_400;
const TOP_AUTHORS = 10;
const TOP_HOTSPOTS = 10;
/** Only the most changed files get a complexity measurement: cheap, and the product of the two ranks anyway. */
export const HOTSPOT_CANDIDATES = 50;

function monthKey(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 7);
}

/** The 12 calendar months (UTC) ending with the month of `now`, oldest first. */
export function lastTwelveMonths(nowSeconds: number): string[] {
  const d = new Date(nowSeconds * 1000);
  const months: string[] = [];
  for (let i = 11; i >= 0; i--) {
    const m = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - i, 1));
    months.push(m.toISOString().slice(0, 7));
  }
  return months;
}

/** How often each current file changed, most changed first. */
export function changeCounts(commits: Commit[], files: ReadonlySet<string>): [string, number][] {
  const counts = new Map<string, number>();
  for (const c of commits) for (const f of c.files) if (files.has(f)) counts.set(f, (counts.get(f) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

export function historyMetrics(
  commits: Commit[],
  files: ReadonlySet<string>,
  complexityOf: (file: string) => number,
  /** Files eligible as hotspots (product code, not tests); defaults to `files`. */
  hotspotFiles: ReadonlySet<string> = files,
  nowSeconds = Math.floor(Date.now() / 1000),
): HistoryMetrics {
  const since90 = nowSeconds - 90 * DAY;
  const perAuthor = new Map<string, { name: string; commits: number }>();
  const active = new Set<string>();
  let commitsLast90d = 0;
  const monthly = new Map(lastTwelveMonths(nowSeconds).map((m) => [m, 0]));
  let first = Infinity;
  let last = -Infinity;
  for (const c of commits) {
    const entry = perAuthor.get(c.author) ?? { name: c.name, commits: 0 };
    entry.commits++;
    perAuthor.set(c.author, entry);
    if (c.time >= since90) {
      commitsLast90d++;
      active.add(c.author);
    }
    const month = monthKey(c.time);
    if (monthly.has(month)) monthly.set(month, monthly.get(month)! + 1);
    first = Math.min(first, c.time);
    last = Math.max(last, c.time);
  }
  const hotspots = changeCounts(commits, hotspotFiles)
    .slice(0, HOTSPOT_CANDIDATES)
    .map(([file, changes]) => {
      const complexity = complexityOf(file);
      return { file, changes, complexity, score: changes * complexity };
    })
    .sort((a, b) => b.score - a.score || a.file.localeCompare(b.file))
    .slice(0, TOP_HOTSPOTS);
  const total = commits.length;
  const topAuthors = [...perAuthor.values()]
    .sort((a, b) => b.commits - a.commits || a.name.localeCompare(b.name))
    .slice(0, TOP_AUTHORS)
    .map((a) => ({ author: a.name, commits: a.commits, share: Math.round((a.commits / total) * 1000) / 1000 }));
  return {
    commits: total,
    contributors: perAuthor.size,
    activeContributors90d: active.size,
    busFactor: truckFactor(fileAuthors(commits, files)),
    ...(total ? { firstCommit: new Date(first * 1000).toISOString(), lastCommit: new Date(last * 1000).toISOString() } : {}),
    commitsLast90d,
    monthlyCommits: [...monthly.entries()].map(([month, n]) => ({ month, commits: n })),
    hotspots,
    topAuthors,
  };
}
