// Bus factor by the truck-factor algorithm of Avelino, Passos, Hora and Valente, "A novel approach for
// estimating truck factors" (ICPC 2016, https://doi.org/10.1109/ICPC.2016.7503718):
//
// 1. Degree of authorship of developer d on file f (Fritz et al.'s DOA model, their published weights):
//      DOA(d, f) = 3.293 + 1.098 * FA + 0.164 * DL - 0.321 * ln(1 + AC)
//    FA = 1 when d created f (first commit adding it), DL = changes d made to f, AC = changes others made.
// 2. d is an author of f when DOA(d, f) / max over developers DOA(x, f) > 0.75 and DOA(d, f) >= 3.293.
// 3. Greedily remove the developer authoring the most (remaining) files until more than 50% of the files have
//    no author left. The truck factor is the number of developers removed.
import type { Commit } from './git-log';

const NORMALIZED_THRESHOLD = 0.75;
const ABSOLUTE_THRESHOLD = 3.293;
const COVERAGE = 0.5;

export function doa(firstAuthor: boolean, ownChanges: number, otherChanges: number): number {
  return 3.293 + 1.098 * (firstAuthor ? 1 : 0) + 0.164 * ownChanges - 0.321 * Math.log(1 + otherChanges);
}

/** Authors of each file. `commits` newest first (git log order); `files` limits the analysis (current files). */
export function fileAuthors(commits: Commit[], files: ReadonlySet<string>): Map<string, Set<string>> {
  const changes = new Map<string, Map<string, number>>();
  const creator = new Map<string, string>();
  for (let i = commits.length - 1; i >= 0; i--) {
    const c = commits[i]!;
    for (const file of c.files) {
      if (!files.has(file)) continue;
      if (!creator.has(file)) creator.set(file, c.author);
      const perAuthor = changes.get(file) ?? new Map<string, number>();
      perAuthor.set(c.author, (perAuthor.get(c.author) ?? 0) + 1);
      changes.set(file, perAuthor);
    }
  }
  const authors = new Map<string, Set<string>>();
  for (const [file, perAuthor] of changes) {
    let total = 0;
    for (const n of perAuthor.values()) total += n;
    const scores = [...perAuthor.entries()].map(([a, n]) => [a, doa(creator.get(file) === a, n, total - n)] as const);
    const max = Math.max(...scores.map(([, s]) => s));
    authors.set(file, new Set(scores.filter(([, s]) => s / max > NORMALIZED_THRESHOLD && s >= ABSOLUTE_THRESHOLD).map(([a]) => a)));
  }
  return authors;
}

export function truckFactor(authorsByFile: Map<string, Set<string>>): number {
  const total = authorsByFile.size;
  if (total === 0) return 0;
  const remaining = new Map([...authorsByFile].map(([f, a]) => [f, new Set(a)]));
  const orphaned = () => [...remaining.values()].filter((a) => a.size === 0).length;
  let removed = 0;
  while (orphaned() / total <= COVERAGE) {
    const counts = new Map<string, number>();
    for (const a of remaining.values()) for (const d of a) counts.set(d, (counts.get(d) ?? 0) + 1);
    if (counts.size === 0) break;
    // Most files first; ties broken by name so the result is deterministic.
    const [top] = [...counts.entries()].sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]))[0]!;
    for (const a of remaining.values()) a.delete(top);
    removed++;
  }
  return removed;
}
