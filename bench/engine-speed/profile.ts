// Reads a V8 .cpuprofile (node --cpu-prof) and prints the top self-time functions and source files; with --svg
// writes a flame graph (root at the bottom, width = time) as a standalone SVG with a tooltip per frame.
// Usage: npx tsx bench/engine-speed/profile.ts <file.cpuprofile> [--top 25] [--svg out.svg]
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Source module of each line of an esbuild bundle (its `// packages/...` comments), so frames name real files. */
const bundleModules = new Map<string, { line: number; module: string }[]>();
function moduleOf(url: string, line: number): string {
  if (!url.startsWith('file://')) return url;
  if (!bundleModules.has(url)) {
    const path = fileURLToPath(url);
    const marks: { line: number; module: string }[] = [];
    if (existsSync(path) && path.endsWith('.mjs'))
      readFileSync(path, 'utf8').split('\n').forEach((l, i) => {
        const m = /^\/\/ ((?:packages|bench|node_modules)\/\S+)$/.exec(l);
        if (m) marks.push({ line: i, module: m[1]! });
      });
    bundleModules.set(url, marks);
  }
  const marks = bundleModules.get(url)!;
  let found = url.replace(/^.*\/(node_modules\/|packages\/|bench\/)/, '$1');
  for (const m of marks) if (m.line <= line) found = m.module;
  return found;
}

const label = (n: ProfileNode) => {
  const file = moduleOf(n.callFrame.url, n.callFrame.lineNumber);
  return `${n.callFrame.functionName || '(anonymous)'} ${file}`.trim();
};

/** Self time per node in ms, from the sample timeline (hitCount alone ignores uneven sampling intervals). */
export function selfTimes(p: CpuProfile): Map<number, number> {
  const self = new Map<number, number>();
  for (let i = 0; i < p.samples.length; i++) {
    const dt = (p.timeDeltas[i + 1] ?? 0) / 1000;
    self.set(p.samples[i]!, (self.get(p.samples[i]!) ?? 0) + dt);
  }
  return self;
}

export function summary(p: CpuProfile, top: number): string[] {
  const self = selfTimes(p);
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const byFn = new Map<string, number>();
  const byFile = new Map<string, number>();
  for (const n of p.nodes) {
    const ms = self.get(n.id) ?? 0;
    byFn.set(label(n), (byFn.get(label(n)) ?? 0) + ms);
    const file = n.callFrame.url ? moduleOf(n.callFrame.url, n.callFrame.lineNumber).replace(/\/[^/]+$/, '') : `(${n.callFrame.functionName})`;
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
  }
  const fmt = (m: Map<string, number>) =>
    [...m].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, ms]) => `${ms.toFixed(0).padStart(7)} ms ${((ms / total) * 100).toFixed(1).padStart(5)}%  ${k}`);
  return [`total sampled ${total.toFixed(0)} ms`, '', 'top self time by function:', ...fmt(byFn), '', 'by module:', ...fmt(byFile)];
}

/** Flame graph: frames merged by call path, children sorted by name, so identical stacks line up. */
export function flameSvg(p: CpuProfile, title: string): string {
  const self = selfTimes(p);
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const totalOf = new Map<number, number>();
  const total = (id: number): number => {
    if (totalOf.has(id)) return totalOf.get(id)!;
    const n = byId.get(id)!;
    const t = (self.get(id) ?? 0) + (n.children ?? []).reduce((a, c) => a + total(c), 0);
    totalOf.set(id, t);
    return t;
  };
  const root = p.nodes[0]!;
  const all = total(root.id);
  // Frames under 0.2 % of the time are left out: they would be under 3 px wide and only grow the file.
  const W = 1600, H = 16, minMs = all * 0.002;
  const rects: string[] = [];
  let depthMax = 0;
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const draw = (id: number, x: number, depth: number) => {
    const ms = total(id);
    if (ms < minMs) return;
    depthMax = Math.max(depthMax, depth);
    const n = byId.get(id)!;
    const w = (ms / all) * W;
    const name = label(n);
    const hue = n.callFrame.url.includes('node_modules') ? 200 : n.callFrame.url ? 20 : 0;
    rects.push(
      `<g><title>${esc(name)} — ${ms.toFixed(1)} ms (${((ms / all) * 100).toFixed(1)}%)</title><rect x="${x.toFixed(2)}" y="${-depth * H}" width="${w.toFixed(2)}" height="${H - 1}" fill="hsl(${hue},70%,${60 + (depth % 3) * 6}%)"/>` +
        (w > 40 ? `<text x="${(x + 3).toFixed(2)}" y="${-depth * H + 11}" font-size="10" clip-path="inset(0 0 0 0)">${esc(name.slice(0, Math.floor(w / 6)))}</text>` : '') +
        '</g>',
    );
    let cx = x;
    const kids = [...(n.children ?? [])].sort((a, b) => label(byId.get(a)!).localeCompare(label(byId.get(b)!)));
    for (const c of kids) {
      draw(c, cx, depth + 1);
      cx += (total(c) / all) * W;
    }
  };
  draw(root.id, 0, 0);
  const height = (depthMax + 3) * H;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${height}" font-family="monospace"><rect width="100%" height="100%" fill="#fff"/><text x="4" y="14" font-size="12">${esc(title)} (${all.toFixed(0)} ms; hover for names)</text><g transform="translate(0,${height - H})">${rects.join('')}</g></svg>\n`;
}

const [file, ...rest] = process.argv.slice(2);
if (file && /profile\.[mt]?[jt]s$/.test(process.argv[1] ?? '')) {
  const p = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const opt = (name: string) => (rest.includes(name) ? rest[rest.indexOf(name) + 1] : undefined);
  console.log(summary(p, Number(opt('--top') ?? 25)).join('\n'));
  const svg = opt('--svg');
  if (svg) writeFileSync(svg, flameSvg(p, file.replace(/^.*\//, '')));
}
