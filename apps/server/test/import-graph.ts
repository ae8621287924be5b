// The import graph of a source tree, folded to folders: every file under `src/<folder>/` is the node <folder>, a
// file directly in `src/` is its own node (config, app, start...). Relative imports only (packages are outside),
// type-only imports included: a loop through types still ties two folders together.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export type Graph = Map<string, Map<string, string[]>>;

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : sourceFiles(full);
    return /\.(ts|tsx|mts)$/.test(e.name) && !/\.d\.ts$/.test(e.name) ? [full] : [];
  });
}

/** The files a file imports, resolved the way the bundler does (extensionless, or a folder's index.ts). */
export function resolvedImports(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map((i) => i.fileName)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => {
      const base = path.resolve(path.dirname(file), spec);
      const found = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(
        (p) => existsSync(p) && statSync(p).isFile(),
      );
      return found ?? base;
    });
}

export function folderOf(srcDir: string, file: string): string {
  const rel = path.relative(srcDir, file).split(path.sep);
  return rel.length > 1 ? rel[0]! : rel[0]!.replace(/\.[^.]+$/, '');
}

/** Folder-level graph of the production code under `srcDir` (tests are leaves and left out). */
export function folderGraph(srcDir: string): Graph {
  const graph: Graph = new Map();
  for (const file of sourceFiles(srcDir).filter((f) => !/\.test\.tsx?$/.test(f))) {
    const from = folderOf(srcDir, file);
    if (!graph.has(from)) graph.set(from, new Map());
    for (const target of resolvedImports(file)) {
      if (path.relative(srcDir, target).startsWith('..')) continue;
      const to = folderOf(srcDir, target);
      if (to === from) continue;
      const edges = graph.get(from)!;
      edges.set(to, [
        ...(edges.get(to) ?? []),
        `${path.relative(srcDir, file)} -> ${path.relative(srcDir, target)}`,
      ]);
    }
  }
  return graph;
}

/** Strongly connected components with more than one node (Tarjan): each one is an import loop between folders. */
export function importLoops(graph: Graph): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const visit = (node: string) => {
    indexOf.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, indexOf.get(next)!));
    }
    if (low.get(node) === indexOf.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) loops.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indexOf.has(node)) visit(node);
  return loops;
}

/** The import lines that make up a loop, for the failure message. */
export function explainLoop(graph: Graph, loop: string[]): string[] {
  const members = new Set(loop);
  return loop.flatMap((from) =>
    [...(graph.get(from) ?? [])].filter(([to]) => members.has(to)).flatMap(([, why]) => why),
  );
}
